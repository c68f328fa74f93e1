import { z } from 'zod';
import { countSchema } from '../api/input';
import { tokenPairSchema } from './api';

/**
 * The second factor of staff (issue 27): TOTP (RFC 6238: 30 s steps, 6 digits, one step either side), ten
 * single-use recovery codes, and step-up: paying, annulling a paid form, changing a user's rights and resetting
 * someone's second factor ask for a fresh confirmation (within `stepUpSeconds`) from a user who has one.
 */
export const stepUpSeconds = 600;
/** How long the state between the password and the second step lasts. */
export const mfaChallengeSeconds = 300;
export const recoveryCodeCount = 10;

export const mfaMessages = {
  codeRequired: 'Təsdiq kodunu daxil edin.',
  codeFormat: 'Kod 6 rəqəmdən ibarət olmalıdır.',
  codeInvalid: 'Kod yanlışdır və ya vaxtı keçib.',
  recoveryInvalid: 'Bərpa kodu yanlışdır və ya artıq istifadə olunub.',
  oneMethod: 'Ya tətbiqdəki kodu, ya da bərpa kodunu daxil edin.',
  challengeInvalid: 'Təsdiq mərhələsinin vaxtı bitib. Yenidən daxil olun.',
  alreadyEnrolled: 'İkinci faktor artıq qoşulub.',
  notStarted: 'Əvvəlcə ikinci faktorun qoşulmasına başlayın.',
  notEnrolled: 'İkinci faktor qoşulmayıb.',
  stepUpRequired: 'Bu əməliyyat üçün ikinci faktoru təsdiq edin.',
  required: 'Qrupunuz ikinci faktor tələb edir: davam etmək üçün onu qoşun.',
} as const;

/** A code of the authenticator app: six digits, a space allowed in the middle as apps show it. */
const totpCode = z
  .string({ error: mfaMessages.codeRequired })
  .regex(/^\d{3} ?\d{3}$/, mfaMessages.codeFormat)
  .meta({ examples: ['123456'] })
  .transform((v) => v.replace(' ', ''));
/** A recovery code as shown (`xxxxx-xxxxx`), read case- and dash-insensitively. */
const recoveryCode = z
  .string({ error: mfaMessages.recoveryInvalid })
  .regex(/^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/, mfaMessages.recoveryInvalid)
  .meta({ examples: ['abcde-23456'] })
  .transform((v) => v.replace('-', '').toLowerCase());
/** The token a sign-in answers between its steps. */
const mfaToken = () => z.string().min(1).max(200);

/** The second factor given: a TOTP code or a recovery code, exactly one. */
export const secondFactorSchema = z
  .object({ code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: mfaMessages.oneMethod,
    path: ['code'],
  });
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** `POST /api/token/` when the password is right and a second step is due: no token yet. */
export const mfaChallengeSchema = z.object({
  /** `verify`: give a code or a recovery code to `POST /api/token/mfa/`; `enrol`: the group requires one first. */
  mfa: z.enum(['verify', 'enrol']),
  /** Short-lived and single-use; grants nothing but the second step. */
  mfa_token: z.string(),
  methods: z.array(z.enum(['totp', 'recovery_code'])),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export const signInAnswerSchema = z.union([tokenPairSchema, mfaChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** `POST /api/token/mfa/`: the second step. */
export const mfaStepSchema = z
  .object({ mfa_token: mfaToken(), code: totpCode.optional(), recovery_code: recoveryCode.optional() })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: mfaMessages.oneMethod,
    path: ['code'],
  });
export type MfaStep = z.infer<typeof mfaStepSchema>;

/** `POST /api/user/mfa/totp/` (from the profile): a new secret to add to the app, not yet in use. */
export const totpStartRequestSchema = z.object({});
/** `POST /api/token/mfa/enrol/`: the same inside a sign-in whose group requires a second factor. */
export const mfaEnrolStartSchema = z.object({ mfa_token: mfaToken() });
export const totpEnrolmentSchema = z.object({
  /** Base32, as authenticator apps take it typed. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code of `otpauth_url`, an SVG image. */
  qr_svg: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** `POST /api/user/mfa/totp/confirm/`: the first code proves the app has the secret. */
export const totpConfirmSchema = z.object({ code: totpCode });
/** `POST /api/token/mfa/enrol/confirm/`: the same inside the sign-in; it answers the tokens too. */
export const mfaEnrolConfirmSchema = z.object({ mfa_token: mfaToken(), code: totpCode });
/** The recovery codes, shown once; with `access`/`refresh` when the enrolment was the sign-in's required step. */
export const recoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string()),
  access: z.string().optional(),
  refresh: z.string().optional(),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** `GET /api/user/mfa/`: what the user has (never a secret). */
export const mfaStatusSchema = z.object({
  totp: z.boolean(),
  recovery_codes_left: countSchema,
  /** A group of the user requires a second factor. */
  required: z.boolean(),
  /** When the user last confirmed it in this session (ISO), or null. */
  stepped_up_at: z.string().nullable(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/** The 403 of an action that asks for a fresh second factor: the client asks for it and retries. */
export const stepUpRequiredSchema = z.object({ detail: z.string(), code: z.literal('step_up_required') });

/** `GET /api/user/sessions/`: the user's open sessions, the newest first. */
export const sessionSchema = z.object({
  id: z.number().int(),
  /** The browser and system, read from the User-Agent ("Chrome 130, Windows"); empty when unknown. */
  device: z.string(),
  ip: z.string().nullable(),
  started_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;
export const sessionMessages = {
  notFound: 'Belə açıq sessiya yoxdur.',
} as const;
