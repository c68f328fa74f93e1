import type { TokenPair } from '@dnx/shared';
import type { Config } from '../../config';
import { newTokenId, type Tokens } from '../../lib/tokens';
import type { AuthServiceDeps } from './auth-deps';
import * as repo from './repository';

/** The ids and time of the pair that follows a refresh token (kept on it, so a retry within the grace is the same). */
export const successor = (): repo.Successor => ({
  refreshJti: newTokenId(),
  accessJti: newTokenId(),
  issuedAt: Math.floor(Date.now() / 1000),
});

/** The end of a session's absolute lifetime, in seconds. */
export const sessionEnd = (config: Config, startedAt: Date) =>
  Math.floor(startedAt.getTime() / 1000) + config.SESSION_MAX_LIFETIME;

/** Signs the pair of a successor; signing the same successor again gives the same two tokens. */
export async function signPair(
  tokens: Tokens,
  userId: number,
  sessionId: number,
  next: repo.Successor,
  notAfter: number,
) {
  const at = { iat: next.issuedAt, notAfter };
  const refresh = await tokens.sign('refresh', userId, { sid: sessionId }, { ...at, jti: next.refreshJti });
  const access = await tokens.sign('access', userId, { sid: sessionId }, { ...at, jti: next.accessJti });
  return { access: access.token, refresh: refresh.token, refreshExpiresAt: refresh.expiresAt };
}

/** The first pair of a new session. */
export async function issuePair(
  { db, config, tokens }: AuthServiceDeps,
  userId: number,
  sessionId: number,
): Promise<TokenPair> {
  const next = successor();
  const pair = await signPair(tokens, userId, sessionId, next, next.issuedAt + config.SESSION_MAX_LIFETIME);
  await repo.addRefreshToken(db, { jti: next.refreshJti, sessionId, expiresAt: pair.refreshExpiresAt });
  return { access: pair.access, refresh: pair.refresh };
}
