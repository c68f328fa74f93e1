import { mfaMessages, type PasskeyRegistered, type WebauthnRegistration } from '@dnx/shared';
import type { AuditActor } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-errors';
import { factorEvent } from './factor-audit';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { passkeyView } from './passkeys';
import { newRecoveryCodes } from './recovery-codes';
import { checkStepUp } from './step-up';

/** Keeps the new passkey under its name; the ten recovery codes come with it when it is the first factor. */
export async function registerPasskey(
  { db, passkeys }: FactorDeps,
  user: AuditActor,
  name: string,
  credential: WebauthnRegistration,
): Promise<PasskeyRegistered> {
  const answer = await db
    .transaction(async (tx) => {
      const first = !(await repo.mfaState(tx, user.id)).any;
      const row = await passkeys.register(tx, user.id, name, credential);
      if (first) await repo.forgetSteppedUp(tx, user.id);
      return {
        passkey: passkeyView(row),
        ...(first ? { recovery_codes: await newRecoveryCodes(tx, user.id) } : {}),
      };
    })
    .catch(async (err: unknown) => {
      await factorEvent(db, user, 'mfa_enrol', 'failure', { method: 'passkey' });
      throw err;
    });
  await factorEvent(db, user, 'mfa_enrol', 'success', { method: 'passkey', name });
  return answer;
}

/** The user removes one of their passkeys (404 when it is not theirs), as `removeTotp` removes the app. */
export async function removePasskey(
  { db }: FactorDeps,
  user: AuditActor,
  sessionId: number,
  id: number,
): Promise<void> {
  const state = await repo.mfaState(db, user.id);
  const key = (await repo.listPasskeys(db, user.id)).find((k) => k.id === id);
  if (!key) throw notFound();
  if (state.required && !state.totp && state.passkeys === 1) throw conflict(mfaMessages.required);
  await checkStepUp(state, sessionId, db);
  await db.transaction(async (tx) => {
    if (!(await repo.deletePasskey(tx, user.id, id))) throw notFound();
    await repo.dropRecoveryCodesWithoutFactor(tx, user.id);
  });
  await factorEvent(db, user, 'mfa_remove', 'success', { method: 'passkey', name: key.name });
}
