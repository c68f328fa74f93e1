import { z } from 'zod';
import { authMessages as m, passwordMinLength } from './messages';

// A standard email pattern (the HTML living standard's), checked on both sides.
const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value);
}

export const signinSchema = z.object({
  email: z.string().trim().min(1, m.emailRequired).regex(emailPattern, m.emailInvalid),
  password: z.string().min(1, m.passwordRequired),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, m.forgotEmailRequired).regex(emailPattern, m.forgotEmailInvalid),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** The password rules of spec section 5, first failing rule only, as the original form showed them. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return m.resetPasswordRequired;
  if (password.length < passwordMinLength) return m.resetPasswordTooShort;
  if (/^[0-9]+$/.test(password)) return m.resetPasswordOnlyDigits;
  if (/^\p{L}+$/u.test(password)) return m.resetPasswordOnlyLetters;
  return null;
}

export const resetPasswordSchema = z
  .object({
    password: z.string().superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    confirm_password: z.string().min(1, m.resetConfirmRequired),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: m.resetPasswordsDiffer,
    path: ['confirm_password'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
