import { z } from 'zod';
import { drfMessages } from '../api/errors';
import { countSchema, idSchema } from '../api/input';
import { userPreferencesSchema } from '../users/preferences';
import { forgotPasswordSchema, resetPasswordSchema, signinSchema } from './schemas';

/** Answers of the sign-in and reset flow that the spec leaves to us (Azerbaijani, shown to the user). */
export const authApiMessages = {
  forgotPasswordSent: 'Əgər bu e-poçt ünvanı ilə hesab varsa, şifrəni bərpa etmək üçün keçid həmin ünvana göndərildi.',
  passwordReset: 'Şifrəniz yeniləndi. İndi yeni şifrə ilə daxil ola bilərsiniz.',
  captchaInvalid: 'İnsan yoxlaması keçilmədi. Yenidən cəhd edin.',
  captchaExpired: 'İnsan yoxlamasının vaxtı bitib. Yenidən cəhd edin.',
  captchaUsed: 'Bu insan yoxlaması artıq istifadə olunub. Yenidən cəhd edin.',
} as const;

/** Django REST Framework's `{"detail": ...}` error body. */
export const detailErrorSchema = z.object({ detail: z.string() });
/** djangorestframework-simplejwt's token error body. */
export const tokenErrorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  messages: z.array(z.object({ token_class: z.string(), token_type: z.string(), message: z.string() })).optional(),
});
/** `{"field": ["message"]}` validation errors. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));

// POST /api/token/
export const tokenObtainRequestSchema = signinSchema.extend({
  /** The ALTCHA widget's payload. */
  gtoken: z.string().min(1, drfMessages.blank),
});
export type TokenObtainRequest = z.infer<typeof tokenObtainRequestSchema>;
export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

// POST /api/token/verify/ (the client may add its own `requestType` marker; it is ignored)
export const tokenVerifyRequestSchema = z.object({ token: z.string().min(1, drfMessages.blank) });
export type TokenVerifyRequest = z.infer<typeof tokenVerifyRequestSchema>;
export const tokenVerifyResponseSchema = z.object({});

// POST /api/refresh/: the refresh token is rotated, so the answer carries a new one.
export const tokenRefreshRequestSchema = z.object({ refresh: z.string().min(1, drfMessages.blank) });
export type TokenRefreshRequest = z.infer<typeof tokenRefreshRequestSchema>;
export const tokenRefreshResponseSchema = tokenPairSchema;
export type TokenRefreshResponse = z.infer<typeof tokenRefreshResponseSchema>;

// POST /api/user/current-user/
export const currentUserGroupSchema = z.object({ id: idSchema, name: z.string(), code: z.string().nullable() });
export const currentUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  /** Region id; null for a user without one. */
  region: idSchema.nullable(),
  groups: z.array(currentUserGroupSchema),
  /** Effective permission codes: the user's groups' and the user's own. */
  permissions: z.array(z.string()),
  /** Layout and guided tour, kept on the server so they follow the user to every device. */
  preferences: userPreferencesSchema,
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
export const currentUserResponseSchema = z.object({
  result: z.boolean(),
  user: currentUserSchema.nullable(),
  error: z.string().nullable(),
});
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

// POST /api/user/logout/: ends the session of the bearer token (and of `refresh`, when given).
export const logoutRequestSchema = z.object({ refresh: z.string().optional() }).nullish();
export const logoutResponseSchema = z.object({ result: z.boolean(), error: z.string().nullable() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

// POST /api/user/users/forgot-password/
export const forgotPasswordRequestSchema = forgotPasswordSchema;
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

// POST /api/user/users/reset-password/ (bearer: the reset token, also given as `token`)
export const resetPasswordRequestSchema = resetPasswordSchema.safeExtend({
  token: z.string().min(1, drfMessages.blank),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

// GET /api/captcha/challenge/: an ALTCHA (v2 proof of work) challenge.
export const captchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: countSchema,
    keyLength: countSchema,
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    memoryCost: countSchema.optional(),
    parallelism: countSchema.optional(),
    /** Unix time in seconds. */
    expiresAt: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    data: z.record(z.string(), z.union([z.string(), countSchema, z.boolean(), z.null()])).optional(),
  }),
  signature: z.string().optional(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;
