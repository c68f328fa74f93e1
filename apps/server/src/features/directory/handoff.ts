import { directoryMessages, type SignInAnswer } from '@dnx/shared';
import { HttpError } from '../../lib/http-errors';
import { challenge, completeSignIn, findChallenge, mfaState, sha256 } from '../auth';
import type { DirectoryDeps } from './deps';
import * as repo from './repository';

const flowInvalid = () => new HttpError(401, { detail: directoryMessages.flowInvalid, code: 'token_not_valid' });

/** The directory's part of a session that was just opened: its identity, the provider's session and refresh token. */
async function linkSession(
  deps: DirectoryDeps,
  handoff: { identityId: number; providerSessionId: string | null; providerRefreshToken: string | null },
  sessionId: number,
) {
  await repo.addDirectorySession(deps.db, {
    sessionId,
    identityId: handoff.identityId,
    providerSessionId: handoff.providerSessionId,
    providerRefreshToken: handoff.providerRefreshToken,
  });
}

/**
 * POST /api/auth/directory/handoff/: the sign-in page gives the one-time code of the callback's redirect (once, within
 * two minutes) and gets what a password's sign-in answers: the tokens, or the product's own second step when the
 * provider asserted none and the user has a factor or a group requires one (issue 59). The session, tokens and audit
 * are the password's own (completeSignIn).
 */
export async function exchangeHandoff(deps: DirectoryDeps, code: string): Promise<SignInAnswer> {
  const handoff = await repo.spendHandoff(deps.db, sha256(code));
  if (!handoff) throw flowInvalid();
  const account = await repo.findAccount(deps.db, { id: handoff.userId });
  if (!account?.isActive) throw flowInvalid();
  const detail = { directory: true, strong: handoff.strong };
  if (!handoff.strong) {
    const state = await mfaState(deps.db, account.id);
    if (state.any || state.required) {
      const purpose = state.any ? 'verify' : 'enrol';
      const token = await challenge(deps.db, account.id, purpose);
      const pending = await findChallenge(deps.db, sha256(token));
      await repo.setHandoffChallenge(deps.db, handoff.id, pending!.id);
      const methods = [
        ...(state.totp ? (['totp'] as const) : []),
        ...(state.passkeys > 0 ? (['passkey'] as const) : []),
        ...(state.any ? (['recovery_code'] as const) : []),
      ];
      return { mfa: purpose, mfa_token: token, methods };
    }
  }
  return completeSignIn(deps, account.id, account.email, detail, (sessionId) => linkSession(deps, handoff, sessionId));
}

/** The product's second step after a directory sign-in opened its session: link it as the handoff says. */
export async function sessionOpened(deps: DirectoryDeps, challengeId: number, sessionId: number) {
  const handoff = await repo.handoffOfChallenge(deps.db, challengeId);
  if (handoff) await linkSession(deps, handoff, sessionId);
}
