import type { TokenPair } from '@dnx/shared';
import type { Database } from '../../db/client';
import { recordAuditEvent } from '../../lib/audit';
import { tokenMessages } from '../../lib/tokens';
import type { AuthServiceDeps } from './auth-deps';
import { noActiveAccountForToken, tokenNotValid, verifyClaims } from './auth-errors';
import * as repo from './repository';
import * as sessionsRepo from './session-repository';
import { sessionEnd, signPair, successor } from './token-pair';

/**
 * POST /api/refresh/: rotates the refresh token. A rotated one presented again ends its whole session, unless
 * within the grace (two tabs refreshing together), when it answers the same new pair again. A session ends
 * `SESSION_MAX_LIFETIME` after its sign-in however often it is refreshed.
 */
export async function refresh(deps: AuthServiceDeps, refreshToken: string): Promise<TokenPair> {
  const { db, config, tokens } = deps;
  const claims = await verifyClaims(tokens, refreshToken, 'refresh');
  const next = successor();
  const rotated = await db.transaction(async (tx) => {
    const tdb = tx as unknown as Database;
    const spent = await repo.spendRefreshToken(tdb, claims.jti, next, config.SESSION_MAX_LIFETIME);
    if (!spent) return null;
    const notAfter = sessionEnd(config, (await sessionsRepo.touchSession(tdb, spent.sessionId))!);
    const pair = await signPair(tokens, claims.user_id, spent.sessionId, next, notAfter);
    await repo.addRefreshToken(tdb, {
      jti: next.refreshJti,
      sessionId: spent.sessionId,
      expiresAt: pair.refreshExpiresAt,
    });
    return { sessionId: spent.sessionId, pair };
  });
  if (!rotated) return refreshRefused(deps, claims);
  const user = await repo.findUserState(db, claims.user_id);
  // A directory person follows the directory at each refresh: refused there, refused here (issue 59).
  if (!user?.isActive || (deps.directory && !(await deps.directory.followsAtRefresh(rotated.sessionId, user.id)))) {
    await sessionsRepo.revokeSession(db, rotated.sessionId, user?.isActive ? 'directory' : 'logout');
    throw noActiveAccountForToken();
  }
  return { access: rotated.pair.access, refresh: rotated.pair.refresh };
}

/** A refresh token that could not be spent: the grace's same pair, or the reason it is refused. */
async function refreshRefused(
  { db, config, tokens, log }: AuthServiceDeps,
  claims: { jti: string; user_id: number },
): Promise<TokenPair> {
  const row = await repo.findRefreshToken(db, claims.jti);
  if (!row) throw tokenNotValid();
  if (row.sessionRevokedAt) throw tokenNotValid(tokenMessages.blacklisted);
  const notAfter = sessionEnd(config, row.sessionCreatedAt);
  if (notAfter * 1000 <= Date.now()) {
    await sessionsRepo.revokeSession(db, row.sessionId, 'expired');
    throw tokenNotValid();
  }
  if (!row.usedAt) throw tokenNotValid(tokenMessages.blacklisted);
  const graceEnds = row.usedAt.getTime() + config.REFRESH_REUSE_GRACE * 1000;
  if (Date.now() < graceEnds && row.successorJti && row.successorAccessJti && row.successorIssuedAt) {
    const again = {
      refreshJti: row.successorJti,
      accessJti: row.successorAccessJti,
      issuedAt: Math.floor(row.successorIssuedAt.getTime() / 1000),
    };
    const pair = await signPair(tokens, claims.user_id, row.sessionId, again, notAfter);
    return { access: pair.access, refresh: pair.refresh };
  }
  await sessionsRepo.revokeSession(db, row.sessionId, 'reuse');
  log.warn({ sessionId: row.sessionId, userId: row.userId }, 'refresh token reused: session ended');
  await recordAuditEvent(db, {
    actor: null,
    action: 'refresh_reuse',
    result: 'failure',
    resource: 'user',
    recordId: row.userId,
    detail: { session: row.sessionId },
  });
  throw tokenNotValid(tokenMessages.blacklisted);
}
