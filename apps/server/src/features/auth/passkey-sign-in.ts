import { mfaMessages, type MfaStep, type TokenPair, type WebauthnRequestOptions } from '@dnx/shared';
import { recordAuditEvent } from '../../lib/audit';
import { fieldErrors, throttled } from '../../lib/http-errors';
import * as rateLimits from '../../lib/rate-limit';
import type { AuthServiceDeps } from './auth-deps';
import * as mfaRepo from './factor-repository';
import * as repo from './repository';
import { completeSignIn } from './session-start';

/**
 * POST /api/token/passkey/: a sign-in with a passkey alone. Without an answer, the challenge; with one, the tokens
 * of the passkey's user when it holds, the user is active and a group of theirs allows it. Limited per address.
 */
export async function passkeySignIn(
  deps: AuthServiceDeps,
  input: { webauthn?: MfaStep['webauthn'] },
  clientAddress: string,
): Promise<{ options: WebauthnRequestOptions } | TokenPair> {
  const { db, config, mfa } = deps;
  if (!input.webauthn) return { options: await mfa.passwordlessOptions() };
  const limit = await rateLimits.takeRateLimit(db, [
    {
      scope: 'passkey:address',
      key: clientAddress,
      limit: config.LOGIN_RATE_LIMIT,
      window: config.LOGIN_RATE_WINDOW,
    },
  ]);
  if (!limit.allowed) throw throttled(limit.retryAfter);
  const userId = await mfa.passwordlessUser(input.webauthn);
  const user = userId === null ? null : await repo.findUserState(db, userId);
  const allowed = user?.isActive && (await mfaRepo.mfaState(db, user.id)).passkeySignIn;
  if (!user || !allowed) {
    await recordAuditEvent(db, {
      actor: null,
      email: user?.email,
      action: 'sign_in',
      result: 'failure',
      resource: 'user',
      recordId: user?.id ?? null,
      objectName: user?.email,
      detail: { reason: user ? (user.isActive ? 'passkey_not_allowed' : 'inactive') : 'passkey' },
    });
    throw fieldErrors({ webauthn: [user?.isActive ? mfaMessages.passkeyNotAllowed : mfaMessages.passkeyInvalid] });
  }
  await rateLimits.releaseRateLimit(db, limit.hitIds);
  return completeSignIn(deps, user.id, user.email, { mfa: 'passkey', passwordless: true });
}
