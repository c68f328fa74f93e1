import {
  mfaMessages,
  recoveryCodeCount,
  stepUpSeconds,
  type MfaStatus,
  type PasskeyRegistered,
  type RecoveryCodes,
  type SecondFactor,
  type SecondFactorMethod,
  type StepUp,
  type TotpEnrolment,
  type WebauthnCreationOptions,
  type WebauthnRegistration,
  type WebauthnRequestOptions,
} from '@dnx/shared';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { recordAuditEvent, type AuditActor } from '../../lib/audit';
import { conflict, fieldErrors, HttpError, notFound, throttled } from '../../lib/http-errors';
import { verifyPassword } from '../../lib/passwords';
import * as rateLimits from '../../lib/rate-limit';
import { textMail } from '../../lib/mail-text';
import { revokeUserSessions } from './session-repository';
import { enqueueMail } from '../mail';
import { createPasskeyCeremonies, passkeyView } from './passkeys';
import * as repo from './factor-repository';
import { newRecoveryCode, recoveryCodeHash, secretBox } from './factor-secrets';

/**
 * The second factor (issue 27): TOTP enrolment and codes, passkeys, recovery codes, and step-up. Every enrolment, use,
 * failure, reset and recovery is an audit event; codes are limited per account as sign-in is.
 */

const issuer = 'FN İdarəetmə Sistemi';
const period = 30;

/**
 * The 403 of an action that asks for a fresh second factor (or, of a user who has none, the password); the client
 * asks for it and sends the action again.
 */
export const stepUpRequired = (hasFactor = true) =>
  new HttpError(403, {
    detail: hasFactor ? mfaMessages.stepUpRequired : mfaMessages.passwordStepUpRequired,
    code: 'step_up_required',
  });

/**
 * Who must confirm: `factor` asks only a user who has a second factor (paying, annulling; a user without one met their
 * group's rule at sign-in); `everyone` asks every user, the password standing in for a factor they do not have
 * (acting on another account, adding a factor: issue 40).
 */
export type StepUpScope = 'factor' | 'everyone';

export type MfaService = ReturnType<typeof createMfaService>;

export function createMfaService({ db, config }: { db: Database; config: Config }) {
  const box = secretBox(config.mfaKey);
  const passkeys = createPasskeyCeremonies({ db, config });
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
    const limit = await rateLimits.takeRateLimit(db, [
      { scope: 'mfa:account', key: String(userId), limit: config.LOGIN_RATE_LIMIT, window: config.LOGIN_RATE_WINDOW },
    ]);
    if (!limit.allowed) throw throttled(limit.retryAfter);
    const result = await attempt();
    if (result !== null) await rateLimits.releaseRateLimit(db, limit.hitIds);
    return result;
  }

  /** Ten new recovery codes in `executor` (the old ones stop working). */
  async function newRecoveryCodes(executor: Executor, userId: number): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    await repo.replaceRecoveryCodes(executor, userId, codes.map(recoveryCodeHash));
    return codes;
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
  async function verify(user: AuditActor, factor: SecondFactor, purpose: string): Promise<SecondFactorMethod> {
    const method: SecondFactorMethod =
      factor.code !== undefined ? 'totp' : factor.webauthn !== undefined ? 'passkey' : 'recovery_code';
    const ok = await limited(user.id, async () => {
      if (factor.code !== undefined) {
        const row = await repo.findTotp(db, user.id);
        if (!row?.confirmedAt) return null;
        const step = stepOf(row.secret, factor.code);
        return step !== null && (await repo.acceptStep(db, user.id, step, false)) ? true : null;
      }
      if (factor.webauthn !== undefined)
        return (await passkeys.assert(factor.webauthn, user.id)) === null ? null : true;
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
    await event(user, action, ok ? 'success' : 'failure', { purpose, method });
    if (!ok) throw refusedFactor[method]();
    return method;
  }

  /** For an action that asks a fresh confirmation (see `requireStepUp`). */
  async function checkStepUp(
    state: repo.MfaState,
    sessionId: number,
    executor: Executor,
    scope: StepUpScope = 'factor',
  ) {
    if (!state.any && scope === 'factor') return;
    const at = await repo.steppedUpAt(executor, sessionId);
    if (!at || Date.now() - at.getTime() > stepUpSeconds * 1000) throw stepUpRequired(state.any);
  }

  /** The password of a user who has no second factor, counted by the codes' limit; a wrong one is a 400. */
  async function verifyOwnPassword(user: AuditActor, password: string) {
    const ok = await limited(user.id, async () => {
      const hash = await repo.passwordHash(db, user.id);
      return hash !== null && (await verifyPassword(hash, password)) ? true : null;
    });
    await event(user, 'mfa_verify', ok ? 'success' : 'failure', { purpose: 'step-up', method: 'password' });
    if (!ok) throw fieldErrors({ password: [mfaMessages.passwordWrong] });
  }

  return {
    verify,

    async status(userId: number, sessionId: number | null): Promise<MfaStatus> {
      const state = await repo.mfaState(db, userId);
      const at = sessionId === null ? null : await repo.steppedUpAt(db, sessionId);
      return {
        totp: state.totp,
        passkeys: (await repo.listPasskeys(db, userId)).map(passkeyView),
        recovery_codes_left: state.recoveryLeft,
        required: state.required,
        passkey_sign_in: state.passkeySignIn,
        stepped_up_at: at?.toISOString() ?? null,
      };
    },

    /**
     * A new secret for the app (QR code and text); it is in use only once a first code confirms it. `sessionId`: from
     * the profile (the sign-in's required enrolment has no session yet).
     */
    async startTotp(user: AuditActor, sessionId?: number): Promise<TotpEnrolment> {
      // From the profile, a user who has a passkey confirms it first: a stolen session adds no factor of its own.
      const state = await repo.mfaState(db, user.id);
      if (state.totp) throw conflict(mfaMessages.alreadyEnrolled);
      if (sessionId !== undefined) await checkStepUp(state, sessionId, db, 'everyone');
      const secret = new Secret({ size: 20 }).base32;
      if (!(await repo.startTotp(db, user.id, box.seal(secret)))) throw conflict(mfaMessages.alreadyEnrolled);
      const otpauthUrl = totpOf(secret, user.email).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, otpauth_url: otpauthUrl, qr_svg: qrSvg };
    },

    /**
     * The first code confirms the secret. The answer is the ten recovery codes, shown once, when it is the user's
     * first factor; a user who has a passkey keeps the codes they have (an empty list).
     */
    async confirmTotp(user: AuditActor, code: string): Promise<RecoveryCodes> {
      const row = await repo.findTotp(db, user.id);
      if (!row) throw conflict(mfaMessages.notStarted);
      if (row.confirmedAt) throw conflict(mfaMessages.alreadyEnrolled);
      const hadFactor = (await repo.mfaState(db, user.id)).any;
      const codes = await limited(user.id, async () => {
        const step = stepOf(row.secret, code);
        return db.transaction(async (tx) => {
          if (step === null || !(await repo.acceptStep(tx, user.id, step, true))) return null;
          if (hadFactor) return [];
          await repo.forgetSteppedUp(tx, user.id);
          return newRecoveryCodes(tx, user.id);
        });
      });
      await event(user, 'mfa_enrol', codes ? 'success' : 'failure', { method: 'totp' });
      if (!codes) throw fieldErrors({ code: [mfaMessages.codeInvalid] });
      return { recovery_codes: codes };
    },

    /** The options of a new passkey (the route asks a fresh second factor of a user who has one). */
    registrationOptions: (user: AuditActor): Promise<WebauthnCreationOptions> => passkeys.registrationOptions(user),

    /** Keeps the new passkey under its name; the ten recovery codes come with it when it is the first factor. */
    async registerPasskey(
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
          await event(user, 'mfa_enrol', 'failure', { method: 'passkey' });
          throw err;
        });
      await event(user, 'mfa_enrol', 'success', { method: 'passkey', name });
      return answer;
    },

    /** The challenge a passkey of the user signs: the sign-in's second step, or a step-up. */
    assertionOptions: (userId: number): Promise<WebauthnRequestOptions> => passkeys.assertionOptions(userId),

    /** A sign-in with a passkey alone: the challenge (any passkey of this site), then its user when the answer holds. */
    passwordlessOptions: (): Promise<WebauthnRequestOptions> => passkeys.assertionOptions(null),
    passwordlessUser: (credential: SecondFactor['webauthn'] & object) => passkeys.assert(credential, null),

    /** New recovery codes (the old ones stop working); needs a fresh second factor. */
    async regenerateRecoveryCodes(user: AuditActor, sessionId: number): Promise<RecoveryCodes> {
      const state = await repo.mfaState(db, user.id);
      if (!state.any) throw conflict(mfaMessages.notEnrolled);
      await checkStepUp(state, sessionId, db);
      const codes = await db.transaction((tx) => newRecoveryCodes(tx, user.id));
      await event(user, 'mfa_enrol', 'success', { method: 'recovery_codes' });
      return { recovery_codes: codes };
    },

    /**
     * Confirms the factor for this session, or the password of a user who has none: the actions that ask for it work
     * for `stepUpSeconds`.
     */
    async stepUp(user: AuditActor, sessionId: number, answer: StepUp): Promise<MfaStatus> {
      const state = await repo.mfaState(db, user.id);
      if (answer.password !== undefined) {
        if (state.any) throw fieldErrors({ password: [mfaMessages.factorNotPassword] });
        await verifyOwnPassword(user, answer.password);
      } else {
        if (!state.any) throw conflict(mfaMessages.notEnrolled);
        await verify(user, answer, 'step-up');
      }
      await repo.markSteppedUp(db, sessionId);
      await event(user, 'mfa_step_up', 'success');
      return this.status(user.id, sessionId);
    },

    /**
     * For an action that asks for a fresh second factor: the user must have confirmed it (or, under `everyone`,
     * their password when they have none) in this session within `stepUpSeconds` (403 `step_up_required`
     * otherwise). Under `factor` a user without one passes (their group's requirement is met at sign-in). Inside a
     * transaction, `executor` is that transaction (the embedded database has one connection).
     */
    async requireStepUp(
      userId: number,
      sessionId: number,
      executor: Executor = db,
      scope: StepUpScope = 'factor',
    ): Promise<void> {
      await checkStepUp(await repo.mfaState(executor, userId), sessionId, executor, scope);
    },

    /** Whether the user has a second factor of their own. */
    hasFactor: async (userId: number, executor: Executor = db) => (await repo.mfaState(executor, userId)).any,

    /**
     * A group's "second factor required" switched on, or a user put in such a group: the sessions of those who have
     * no factor end at once (in `executor`, the change's transaction), so they meet it at their next sign-in.
     */
    endSessionsLackingFactor: (executor: Executor, of: { groupId: number } | { userId: number }) =>
      repo.revokeSessionsLackingFactor(executor, of),

    /**
     * The user turns the authenticator app off (not when it is their last factor and a group requires one); needs a
     * fresh confirmation. The recovery codes go with the last factor.
     */
    async removeTotp(user: AuditActor, sessionId: number): Promise<void> {
      const state = await repo.mfaState(db, user.id);
      if (!state.totp) throw conflict(mfaMessages.notEnrolled);
      if (state.required && state.passkeys === 0) throw conflict(mfaMessages.required);
      await checkStepUp(state, sessionId, db);
      await db.transaction(async (tx) => {
        await repo.removeTotp(tx, user.id);
        await repo.dropRecoveryCodesWithoutFactor(tx, user.id);
      });
      await event(user, 'mfa_remove', 'success', { method: 'totp' });
    },

    /** The same for one of the user's passkeys (404 when it is not theirs). */
    async removePasskey(user: AuditActor, sessionId: number, id: number): Promise<void> {
      const state = await repo.mfaState(db, user.id);
      const key = (await repo.listPasskeys(db, user.id)).find((k) => k.id === id);
      if (!key) throw notFound();
      if (state.required && !state.totp && state.passkeys === 1) throw conflict(mfaMessages.required);
      await checkStepUp(state, sessionId, db);
      await db.transaction(async (tx) => {
        if (!(await repo.deletePasskey(tx, user.id, id))) throw notFound();
        await repo.dropRecoveryCodesWithoutFactor(tx, user.id);
      });
      await event(user, 'mfa_remove', 'success', { method: 'passkey', name: key.name });
    },

    /**
     * An administrator's reset of someone's second factor (never read; the caller checks who may): gone, every
     * session of the person ended (a reset answers a stolen session), the person told by mail.
     */
    async reset(admin: AuditActor, target: AuditActor): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.removeFactors(tx, target.id);
        await revokeUserSessions(tx, target.id, 'mfa_reset');
        await enqueueMail(
          tx,
          'mfa_reset',
          textMail(target.email, 'İkinci faktor sıfırlandı', [
            'Administrator hesabınızın ikinci faktorunu (tətbiq, açarlar, bərpa kodları) sıfırladı. ' +
              'Növbəti girişdə onu yenidən qoşun.',
            'Bunu gözləmirdinizsə, dərhal administratora müraciət edin.',
          ]),
        );
      });
      await event(admin, 'mfa_reset', 'success', {}, target);
    },
  };
}
