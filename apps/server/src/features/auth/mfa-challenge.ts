import { mfaChallengeSeconds } from '@dnx/shared';
import type { Database } from '../../db/client';
import type { AuthServiceDeps } from './auth-deps';
import { challengeInvalid } from './auth-errors';
import * as mfaRepo from './factor-repository';
import { challengeToken, sha256 } from './factor-secrets';
import * as repo from './repository';
import { completeSignIn } from './session-start';

/** The state between the password and the second step: a token to give back, kept as its hash. */
export async function challenge(db: Database, userId: number, purpose: 'verify' | 'enrol'): Promise<string> {
  const token = challengeToken();
  await mfaRepo.createChallenge(db, { tokenHash: sha256(token), userId, purpose, seconds: mfaChallengeSeconds });
  return token;
}

/** The live challenge of `token` for `purpose`, and its user (still active); 401 otherwise. */
export async function challenged(db: Database, token: string, purpose: 'verify' | 'enrol') {
  const row = await mfaRepo.findChallenge(db, sha256(token));
  if (!row || row.purpose !== purpose) throw challengeInvalid();
  const user = await repo.findUserState(db, row.userId);
  if (!user?.isActive) throw challengeInvalid();
  return { challengeId: row.id, user: { id: user.id, email: user.email } };
}

/** Spends the challenge (once, whoever comes first), then opens the session. */
export async function finishChallenge(
  deps: AuthServiceDeps,
  challengeId: number,
  user: { id: number; email: string },
  detail: Record<string, unknown>,
) {
  if (!(await mfaRepo.useChallenge(deps.db, challengeId))) throw challengeInvalid();
  return completeSignIn(deps, user.id, user.email, detail, (sessionId) =>
    deps.directory ? deps.directory.sessionOpened(challengeId, sessionId) : Promise.resolve(),
  );
}
