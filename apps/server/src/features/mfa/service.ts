import {
  mfaMessages,
  recoveryCodeCount,
  stepUpSeconds,
  type MfaStatus,
  type RecoveryCodes,
  type SecondFactor,
  type TotpEnrolment,
} from '@dnx/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recordAuditEvent, type AuditActor } from '../../lib/audit';
import { conflict, fieldErrors, HttpError, throttled } from '../../lib/http-errors';
import { escapeHtml } from '../auth/mail';
import * as auth from '../auth/repository';
import { enqueueMail } from '../mail/outbox';
import * as repo from './repository';
import { newRecoveryCode, recoveryCodeHash, secretBox } from './secrets';

/**
 * The second factor (issue 27): TOTP enrolment and codes, recovery codes, and step-up. Every enrolment, use,
 * failure, reset and recovery is an audit event; codes are limited per account as sign-in is.
 */

const issuer = 'FN İdarəetmə Sistemi';
const period = 30;

/** The 403 of an action that asks for a fresh second factor; the client asks for it and sends the action again. */
export const stepUpRequired = () =>
  new HttpError(403, { detail: mfaMessages.stepUpRequired, code: 'step_up_required' });

export type MfaService = ReturnType<typeof createMfaService>;

export function createMfaService({ db, config }: { db: Database; config: Config }) {
  const box = secretBox(config.mfaKey);
  const totpOf = (secret: string, label: string) =>
    new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period, secret: Secret.fromBase32(secret) });

  /** The time step of a code, one step either side of now; null when it is none of them. */
  function stepOf(sealed: string, code: string, now = Date.now()): number | null {
    const delta = totpOf(box.open(sealed), 'x').validate({ token: code, timestamp: now, window: 1 });
    return delta === null ? null : Math.floor(now / 1000 / period) + delta;
  }

  const event = (
    actor: AuditActor,
    action: 'mfa_enrol' | 'mfa_verify' | 'mfa_recovery' | 'mfa_step_up' | 'mfa_reset' | 'mfa_remove',
    result: 'success' | 'failure',
    detail: Record<string, unknown> = {},
    target: AuditActor = actor,
  ) =>
    recordAuditEvent(db, {
      actor,
      action,
      result,
      resource: 'user',
      recordId: target.id,
      objectName: target.email,
      detail,
    });

  /** Counts an attempt of the account's codes; 429 past the limit (as sign-in is limited). */
  async function limited<R>(userId: number, attempt: () => Promise<R | null>): Promise<R | null> {
    const limit = await auth.takeRateLimit(db, [
      { scope: 'mfa:account', key: String(userId), limit: config.LOGIN_RATE_LIMIT, window: config.LOGIN_RATE_WINDOW },
    ]);
    if (!limit.allowed) throw throttled(limit.retryAfter);
    const result = await attempt();
    if (result !== null) await auth.releaseRateLimit(db, limit.hitIds);
    return result;
  }

  async function newRecoveryCodes(userId: number): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await db.transaction((tx) => repo.replaceRecoveryCodes(tx, userId, codes.map(recoveryCodeHash)));
    return codes;
  }

  /**
   * Checks a second factor of the user: a TOTP code (once) or a recovery code (once; the user is told by mail).
   * A wrong one is a 400 under its field, counted by the limit.
   */
  async function verify(user: AuditActor, factor: SecondFactor, purpose: string): Promise<'totp' | 'recovery_code'> {
    const method = factor.code !== undefined ? 'totp' : 'recovery_code';
    const ok = await limited(user.id, async () => {
      if (factor.code !== undefined) {
        const row = await repo.findTotp(db, user.id);
        if (!row?.confirmedAt) return null;
        const step = stepOf(row.secret, factor.code);
        return step !== null && (await repo.acceptStep(db, user.id, step, false)) ? true : null;
      }
      return db.transaction(async (tx) => {
        if (!(await repo.spendRecoveryCode(tx, user.id, recoveryCodeHash(factor.recovery_code!)))) return null;
        const left = await repo.countUnusedRecoveryCodes(tx, user.id);
        const text =
          `Hesabınıza bərpa kodu ilə daxil olundu (${purpose}). Qalan bərpa kodları: ${left}.\n` +
          'Bunu siz etməmisinizsə, dərhal administratora müraciət edin.';
        await enqueueMail(tx, 'mfa_recovery', {
          to: user.email,
          subject: 'Bərpa kodu istifadə olundu',
          text,
          html: `<p>${text.split('\n').map(escapeHtml).join('</p><p>')}</p>`,
        });
        return true;
      });
    });
    const action = method === 'totp' ? 'mfa_verify' : 'mfa_recovery';
    await event(user, action, ok ? 'success' : 'failure', { purpose });
    if (!ok) {
      throw fieldErrors(
        method === 'totp' ? { code: [mfaMessages.codeInvalid] } : { recovery_code: [mfaMessages.recoveryInvalid] },
      );
    }
    return method;
  }

  return {
    verify,

    async status(userId: number, sessionId: number | null): Promise<MfaStatus> {
      const state = await repo.mfaState(db, userId);
      const at = sessionId === null ? null : await repo.steppedUpAt(db, sessionId);
      return {
        totp: state.totp,
        recovery_codes_left: state.recoveryLeft,
        required: state.required,
        stepped_up_at: at?.toISOString() ?? null,
      };
    },

    /** A new secret for the app (QR code and text); it is in use only once a first code confirms it. */
    async startTotp(user: AuditActor): Promise<TotpEnrolment> {
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.startTotp(db, user.id, box.seal(secret)))) throw conflict(mfaMessages.alreadyEnrolled);
      const otpauthUrl = totpOf(secret, user.email).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
    },

    /** The first code confirms the secret; the answer is the ten recovery codes, shown once. */
    async confirmTotp(user: AuditActor, code: string): Promise<RecoveryCodes> {
      const row = await repo.findTotp(db, user.id);
      if (!row) throw conflict(mfaMessages.notStarted);
      if (row.confirmedAt) throw conflict(mfaMessages.alreadyEnrolled);
      const ok = await limited(user.id, async () => {
        const step = stepOf(row.secret, code);
        return step !== null && (await repo.acceptStep(db, user.id, step, true)) ? true : null;
      });
      await event(user, 'mfa_enrol', ok ? 'success' : 'failure', { method: 'totp' });
      if (!ok) throw fieldErrors({ code: [mfaMessages.codeInvalid] });
      return { recovery_codes: await newRecoveryCodes(user.id) };
    },

    /** New recovery codes (the old ones stop working); needs a fresh second factor. */
    async regenerateRecoveryCodes(user: AuditActor, sessionId: number): Promise<RecoveryCodes> {
      await this.requireStepUp(user.id, sessionId);
      const state = await repo.mfaState(db, user.id);
      if (!state.totp) throw conflict(mfaMessages.notEnrolled);
      const codes = await newRecoveryCodes(user.id);
      await event(user, 'mfa_enrol', 'success', { method: 'recovery_codes' });
      return { recovery_codes: codes };
    },

    /** Confirms the factor for this session: the actions that ask for it work for `stepUpSeconds`. */
    async stepUp(user: AuditActor, sessionId: number, factor: SecondFactor): Promise<MfaStatus> {
      const state = await repo.mfaState(db, user.id);
      if (!state.totp) throw conflict(mfaMessages.notEnrolled);
      await verify(user, factor, 'step-up');
      await repo.markSteppedUp(db, sessionId);
      await event(user, 'mfa_step_up', 'success');
      return this.status(user.id, sessionId);
    },

    /**
     * For an action that asks for a fresh second factor: a user who has one must have confirmed it in this session
     * within `stepUpSeconds` (403 `step_up_required` otherwise). A user without one passes (their group's
     * requirement is met at sign-in). Inside a transaction, `executor` is that transaction (the embedded database has
     * one connection).
     */
    async requireStepUp(userId: number, sessionId: number, executor: Executor = db): Promise<void> {
      const state = await repo.mfaState(executor, userId);
      if (!state.totp) return;
      const at = await repo.steppedUpAt(executor, sessionId);
      if (!at || Date.now() - at.getTime() > stepUpSeconds * 1000) throw stepUpRequired();
    },

    /** The user turns their second factor off (not while a group requires one); needs a fresh confirmation. */
    async remove(user: AuditActor, sessionId: number): Promise<void> {
      const state = await repo.mfaState(db, user.id);
      if (!state.totp) throw conflict(mfaMessages.notEnrolled);
      if (state.required) throw conflict(mfaMessages.required);
      await this.requireStepUp(user.id, sessionId);
      await db.transaction((tx) => repo.removeFactors(tx, user.id));
      await event(user, 'mfa_remove', 'success');
    },

    /** An administrator's reset of someone's second factor (never read; the route asks a step-up): gone, the person told by mail. */
    async reset(admin: AuditActor, target: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.removeFactors(tx, target.id);
        const text =
          'Administrator hesabınızın ikinci faktorunu sıfırladı. Növbəti girişdə onu yenidən qoşun.\n' +
          'Bunu gözləmirdinizsə, dərhal administratora müraciət edin.';
        await enqueueMail(tx, 'mfa_reset', {
          to: target.email,
          subject: 'İkinci faktor sıfırlandı',
          text,
          html: `<p>${text.split('\n').map(escapeHtml).join('</p><p>')}</p>`,
        });
      });
      await event(admin, 'mfa_reset', 'success', {}, target);
    },
  };
}
