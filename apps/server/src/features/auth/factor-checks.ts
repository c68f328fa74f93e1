import { mfaMessages, type SecondFactor, type SecondFactorMethod } from '@dnx/shared';
import { Secret, TOTP } from 'otpauth';
import type { AuditActor } from '../../lib/audit';
import { fieldErrors, throttled, type HttpError } from '../../lib/http-errors';
import { textMail } from '../../lib/mail-text';
import { verifyPassword } from '../../lib/passwords';
import * as rateLimits from '../../lib/rate-limit';
import { enqueueMail } from '../mail';
import { factorEvent } from './factor-audit';
import type { FactorDeps } from './factor-deps';
import * as repo from './factor-repository';
import { recoveryCodeHash } from './factor-secrets';

const issuer = 'FN İdarəetmə Sistemi';
const period = 30;

/** The authenticator app's generator of a secret, labelled (the QR code names the account). */
export const totpOf = (secret: string, label: string) =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });

/** The time step of a code, one step either side of now; null when it is none of them. */
export function stepOf({ box }: FactorDeps, sealed: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(box.open(sealed), 'x').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / period) + delta;
}

/** Counts an attempt of the account's codes; 429 past the limit (as sign-in is limited). */
export async function limited<R>(
  { db, config }: FactorDeps,
  userId: number,
  attempt: () => Promise<R | null>,
): Promise<R | null> {
  const limit = await rateLimits.takeRateLimit(db, [
    { scope: 'mfa:account', key: String(userId), limit: config.LOGIN_RATE_LIMIT, window: config.LOGIN_RATE_WINDOW },
  ]);
  if (!limit.allowed) throw throttled(limit.retryAfter);
  const result = await attempt();
  if (result !== null) await rateLimits.releaseRateLimit(db, limit.hitIds);
  return result;
}

const refusedFactor: Record<SecondFactorMethod, () => HttpError> = {
  totp: () => fieldErrors({ code: [mfaMessages.codeInvalid] }),
  passkey: () => fieldErrors({ webauthn: [mfaMessages.passkeyInvalid] }),
  recovery_code: () => fieldErrors({ recovery_code: [mfaMessages.recoveryInvalid] }),
};

/**
 * Checks a second factor of the user: a TOTP code (once), a passkey's answer to a challenge of theirs (once), or
 * a recovery code (once; the user is told by mail). A wrong one is a 400 under its field, counted by the limit.
 */
export async function verifyFactor(
  deps: FactorDeps,
  user: AuditActor,
  factor: SecondFactor,
  purpose: string,
): Promise<SecondFactorMethod> {
  const { db, passkeys } = deps;
  const method: SecondFactorMethod =
    factor.code !== undefined ? 'totp' : factor.webauthn !== undefined ? 'passkey' : 'recovery_code';
  const ok = await limited(deps, user.id, async () => {
    if (factor.code !== undefined) {
      const row = await repo.findTotp(db, user.id);
      if (!row?.confirmedAt) return null;
      const step = stepOf(deps, row.secret, factor.code);
      return step !== null && (await repo.acceptStep(db, user.id, step, false)) ? true : null;
    }
    if (factor.webauthn !== undefined) return (await passkeys.assert(factor.webauthn, user.id)) === null ? null : true;
    return db.transaction(async (tx) => {
      if (!(await repo.spendRecoveryCode(tx, user.id, recoveryCodeHash(factor.recovery_code!)))) return null;
      const { recoveryLeft } = await repo.mfaState(tx, user.id);
      await enqueueMail(
        tx,
        'mfa_recovery',
        textMail(user.email, 'Bərpa kodu istifadə olundu', [
          `Hesabınıza bərpa kodu ilə daxil olundu (${purpose}). Qalan bərpa kodları: ${recoveryLeft}.`,
          'Bunu siz etməmisinizsə, dərhal administratora müraciət edin.',
        ]),
      );
      return true;
    });
  });
  const action = method === 'recovery_code' ? 'mfa_recovery' : 'mfa_verify';
  await factorEvent(db, user, action, ok ? 'success' : 'failure', { purpose, method });
  if (!ok) throw refusedFactor[method]();
  return method;
}

/** The password of a user who has no second factor, counted by the codes' limit; a wrong one is a 400. */
export async function verifyOwnPassword(deps: FactorDeps, user: AuditActor, password: string) {
  const ok = await limited(deps, user.id, async () => {
    const hash = await repo.passwordHash(deps.db, user.id);
    return hash !== null && (await verifyPassword(hash, password)) ? true : null;
  });
  await factorEvent(deps.db, user, 'mfa_verify', ok ? 'success' : 'failure', {
    purpose: 'step-up',
    method: 'password',
  });
  if (!ok) throw fieldErrors({ password: [mfaMessages.passwordWrong] });
}
