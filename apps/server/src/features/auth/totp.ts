import { mfaMessages, type RecoveryCodes, type TotpEnrolment } from '@dnx/shared';
import { Secret } from 'otpauth';
import QRCode from 'qrcode';
import type { AuditActor } from '../../lib/audit';
import { conflict, fieldErrors } from '../../lib/http-errors';
import { factorEvent } from './factor-audit';
import { limited, stepOf, totpOf } from './factor-checks';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { newRecoveryCodes } from './recovery-codes';
import { checkStepUp } from './step-up';

/**
 * A new secret for the app (QR code and text); it is in use only once a first code confirms it. `sessionId`: from
 * the profile (the sign-in's required enrolment has no session yet).
 */
export async function startTotp({ db, box }: FactorDeps, user: AuditActor, sessionId?: number): Promise<TotpEnrolment> {
  // From the profile, a user who has a passkey confirms it first: a stolen session adds no factor of its own.
  const state = await repo.mfaState(db, user.id);
  if (state.totp) throw conflict(mfaMessages.alreadyEnrolled);
  if (sessionId !== undefined) await checkStepUp(state, sessionId, db, 'everyone');
  const secret = new Secret({ size: 20 }).base32;
  if (!(await repo.startTotp(db, user.id, box.seal(secret)))) throw conflict(mfaMessages.alreadyEnrolled);
  const otpauthUrl = totpOf(secret, user.email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/**
 * The first code confirms the secret. The answer is the ten recovery codes, shown once, when it is the user's
 * first factor; a user who has a passkey keeps the codes they have (an empty list).
 */
export async function confirmTotp(deps: FactorDeps, user: AuditActor, code: string): Promise<RecoveryCodes> {
  const { db } = deps;
  const row = await repo.findTotp(db, user.id);
  if (!row) throw conflict(mfaMessages.notStarted);
  if (row.confirmedAt) throw conflict(mfaMessages.alreadyEnrolled);
  const hadFactor = (await repo.mfaState(db, user.id)).any;
  const codes = await limited(deps, user.id, async () => {
    const step = stepOf(deps, row.secret, code);
    return db.transaction(async (tx) => {
      if (step === null || !(await repo.acceptStep(tx, user.id, step, true))) return null;
      if (hadFactor) return [];
      await repo.forgetSteppedUp(tx, user.id);
      return newRecoveryCodes(tx, user.id);
    });
  });
  await factorEvent(db, user, 'mfa_enrol', codes ? 'success' : 'failure', { method: 'totp' });
  if (!codes) throw fieldErrors({ code: [mfaMessages.codeInvalid] });
  return { recovery_codes: codes };
}

/**
 * The user turns the authenticator app off (not when it is their last factor and a group requires one); needs a
 * fresh confirmation. The recovery codes go with the last factor.
 */
export async function removeTotp({ db }: FactorDeps, user: AuditActor, sessionId: number): Promise<void> {
  const state = await repo.mfaState(db, user.id);
  if (!state.totp) throw conflict(mfaMessages.notEnrolled);
  if (state.required && state.passkeys === 0) throw conflict(mfaMessages.required);
  await checkStepUp(state, sessionId, db);
  await db.transaction(async (tx) => {
    await repo.removeTotp(tx, user.id);
    await repo.dropRecoveryCodesWithoutFactor(tx, user.id);
  });
  await factorEvent(db, user, 'mfa_remove', 'success', { method: 'totp' });
}
