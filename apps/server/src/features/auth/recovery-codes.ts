import { mfaMessages, recoveryCodeCount, type RecoveryCodes } from '@dnx/shared';
import type { Executor } from '../../db/client';
import type { AuditActor } from '../../lib/audit';
import { conflict } from '../../lib/http-errors';
import { factorEvent } from './factor-audit';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { newRecoveryCode, recoveryCodeHash } from './factor-secrets';
import { checkStepUp } from './step-up';

/** Ten new recovery codes in `executor` (the old ones stop working). */
export async function newRecoveryCodes(executor: Executor, userId: number): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await repo.replaceRecoveryCodes(executor, userId, codes.map(recoveryCodeHash));
  return codes;
}

/** New recovery codes (the old ones stop working); needs a fresh second factor. */
export async function regenerateRecoveryCodes(
  { db }: FactorDeps,
  user: AuditActor,
  sessionId: number,
): Promise<RecoveryCodes> {
  const state = await repo.mfaState(db, user.id);
  if (!state.any) throw conflict(mfaMessages.notEnrolled);
  await checkStepUp(state, sessionId, db);
  const codes = await db.transaction((tx) => newRecoveryCodes(tx, user.id));
  await factorEvent(db, user, 'mfa_enrol', 'success', { method: 'recovery_codes' });
  return { recovery_codes: codes };
}
