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
  passkeyInvalid: 'Açar təsdiqlənmədi. Yenidən cəhd edin.',
  passkeyTaken: 'Bu açar artıq qeydiyyatdadır.',
  passkeyNameRequired: 'Açara ad verin.',
  passkeyNameTooLong: 'Açarın adı ən çox 100 simvol ola bilər.',
  passkeyNotAllowed: 'Qrupunuz açarla parolsuz girişə icazə vermir. Parolla daxil olun.',
  noPasskey: 'Açar qoşulmayıb.',
  /** 403 `step_up_required` of a user with no second factor: the password stands in for it. */
  passwordStepUpRequired: 'Bu əməliyyat üçün şifrənizi təsdiq edin.',
  passwordRequired: 'Şifrəni daxil edin.',
  passwordWrong: 'Şifrə düzgün deyil.',
  /** A user who has a second factor confirms with it, not with the password. */
  factorNotPassword: 'Hesabınızda ikinci faktor var: əməliyyatı onunla təsdiq edin.',
  /** Resetting someone's factor needs one's own: a session with a password alone cannot strip another's. */
  ownFactorFirst: 'Başqasının ikinci faktorunu sıfırlamaq üçün əvvəlcə özünüz ikinci faktor qoşun.',
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

/** Binary data of WebAuthn as JSON carries it: base64url, no padding. */
const base64url = (max: number) =>
  z
    .string({ error: mfaMessages.passkeyInvalid })
    .max(max, mfaMessages.passkeyInvalid)
    .regex(/^[A-Za-z0-9_-]*$/, mfaMessages.passkeyInvalid);
const credentialFields = {
  id: base64url(1400).min(1, mfaMessages.passkeyInvalid),
  rawId: base64url(1400).min(1, mfaMessages.passkeyInvalid),
  type: z.literal('public-key', { error: mfaMessages.passkeyInvalid }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform'], { error: mfaMessages.passkeyInvalid }).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** A passkey's answer to a challenge (WebAuthn's AuthenticationResponseJSON, as @simplewebauthn/browser gives it). */
export const webauthnAssertionSchema = z
  .object({
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: base64url(4000),
        authenticatorData: base64url(4000),
        // Post-quantum ML-DSA signatures (offered where the runtime has them) run to about 6,200 characters.
        signature: base64url(8000),
        userHandle: base64url(1000).optional(),
      },
      { error: mfaMessages.passkeyInvalid },
    ),
  })
  .meta({ description: "A passkey's signed answer (AuthenticationResponseJSON of WebAuthn Level 3)" });
export type WebauthnAssertion = z.infer<typeof webauthnAssertionSchema>;

/** A new passkey's answer to the registration (WebAuthn's RegistrationResponseJSON). */
export const webauthnRegistrationSchema = z
  .object({
    ...credentialFields,
    response: z.object(
      {
        clientDataJSON: base64url(4000),
        attestationObject: base64url(32000),
        authenticatorData: base64url(4000).optional(),
        transports: z.array(z.string().max(30)).max(10).optional(),
        publicKeyAlgorithm: z.number().int().optional(),
        publicKey: base64url(8000).optional(),
      },
      { error: mfaMessages.passkeyInvalid },
    ),
  })
  .meta({ description: "A new passkey's answer (RegistrationResponseJSON of WebAuthn Level 3)" });
export type WebauthnRegistration = z.infer<typeof webauthnRegistrationSchema>;

const credentialDescriptor = z.object({
  id: z.string(),
  type: z.literal('public-key'),
  transports: z.array(z.string()).optional(),
});
/** What the browser's `navigator.credentials.create` takes (PublicKeyCredentialCreationOptionsJSON). */
export const webauthnCreationOptionsSchema = z.looseObject({
  rp: z.object({ id: z.string().optional(), name: z.string() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  challenge: z.string(),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal('public-key') })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(credentialDescriptor).optional(),
  authenticatorSelection: z.looseObject({}).optional(),
  attestation: z.string().optional(),
});
/** What the browser's `navigator.credentials.get` takes (PublicKeyCredentialRequestOptionsJSON). */
export const webauthnRequestOptionsSchema = z.looseObject({
  challenge: z.string(),
  timeout: z.number().int().optional(),
  rpId: z.string().optional(),
  allowCredentials: z.array(credentialDescriptor).optional(),
  userVerification: z.enum(['required', 'preferred', 'discouraged']).optional(),
});
export type WebauthnCreationOptions = z.infer<typeof webauthnCreationOptionsSchema>;
export type WebauthnRequestOptions = z.infer<typeof webauthnRequestOptionsSchema>;

const factorFields = {
  code: totpCode.optional(),
  recovery_code: recoveryCode.optional(),
  webauthn: webauthnAssertionSchema.optional(),
};
/** Exactly one factor is given. */
const oneFactor = (v: { code?: unknown; recovery_code?: unknown; webauthn?: unknown }) =>
  [v.code, v.recovery_code, v.webauthn].filter((f) => f !== undefined).length === 1;

/** The second factor given: a TOTP code, a recovery code or a passkey's answer, exactly one. */
export const secondFactorSchema = z
  .object(factorFields)
  .refine(oneFactor, { message: mfaMessages.oneMethod, path: ['code'] });
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/**
 * `POST /api/user/mfa/step-up/`: a second factor, or the password of a user who has none (issue 40: acting on
 * another account, and adding a factor, ask every user for a fresh confirmation); exactly one.
 */
export const stepUpSchema = z
  .object({
    ...factorFields,
    password: z
      .string({ error: mfaMessages.passwordRequired })
      .min(1, mfaMessages.passwordRequired)
      .max(256, mfaMessages.passwordWrong)
      .optional(),
  })
  .refine((v) => [v.code, v.recovery_code, v.webauthn, v.password].filter((f) => f !== undefined).length === 1, {
    message: mfaMessages.oneMethod,
    path: ['code'],
  });
export type StepUp = z.infer<typeof stepUpSchema>;
export type SecondFactorMethod = 'totp' | 'passkey' | 'recovery_code';

/** `POST /api/token/` when the password is right and a second step is due: no token yet. */
export const mfaChallengeSchema = z.object({
  /**
   * `verify`: give a code, a recovery code or a passkey's answer to `POST /api/token/mfa/`; `enrol`: the group
   * requires one first.
   */
  mfa: z.enum(['verify', 'enrol']),
  /** Short-lived and single-use; grants nothing but the second step. */
  mfa_token: z.string(),
  /** What the user has: an app's code, a passkey (its challenge: `POST /api/token/mfa/webauthn/`), a recovery code. */
  methods: z.array(z.enum(['totp', 'passkey', 'recovery_code'])),
});
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export const signInAnswerSchema = z.union([tokenPairSchema, mfaChallengeSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** `POST /api/token/mfa/`: the second step. */
export const mfaStepSchema = z
  .object({ mfa_token: mfaToken(), ...factorFields })
  .refine(oneFactor, { message: mfaMessages.oneMethod, path: ['code'] });
export type MfaStep = z.infer<typeof mfaStepSchema>;
/** `POST /api/token/mfa/webauthn/`: the challenge a passkey signs for the second step. */
export const mfaTokenSchema = z.object({ mfa_token: mfaToken() });

/**
 * `POST /api/token/passkey/`: a sign-in with a passkey alone. `{}` answers `{options}` (the challenge, any passkey
 * of this site); the passkey's answer as `webauthn` answers the tokens.
 */
export const passkeySignInSchema = z.object({ webauthn: webauthnAssertionSchema.optional() });
export const webauthnRequestAnswerSchema = z.object({ options: webauthnRequestOptionsSchema });
export const passkeySignInAnswerSchema = z.union([webauthnRequestAnswerSchema, tokenPairSchema]);

/** `POST /api/user/mfa/webauthn/register/`: the options of a new passkey's registration. */
export const passkeyRegisterStartSchema = z.object({});
export const webauthnCreationAnswerSchema = z.object({ options: webauthnCreationOptionsSchema });
/** `POST /api/user/mfa/webauthn/register/verify/`: the new passkey's answer and the name the user gives it. */
export const passkeyRegisterSchema = z.object({
  name: z
    .string({ error: mfaMessages.passkeyNameRequired })
    .trim()
    .min(1, mfaMessages.passkeyNameRequired)
    .max(100, mfaMessages.passkeyNameTooLong),
  credential: webauthnRegistrationSchema,
});
export type PasskeyRegister = z.infer<typeof passkeyRegisterSchema>;
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
/** The registered passkey; with the ten recovery codes (shown once) when it is the user's first factor. */
export const passkeyRegisteredSchema = z.object({
  passkey: passkeySchema,
  recovery_codes: z.array(z.string()).optional(),
});
export type PasskeyRegistered = z.infer<typeof passkeyRegisteredSchema>;

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
  passkeys: z.array(passkeySchema),
  recovery_codes_left: countSchema,
  /** A group of the user requires a second factor. */
  required: z.boolean(),
  /** A group of the user lets them sign in with a passkey alone. */
  passkey_sign_in: z.boolean(),
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
