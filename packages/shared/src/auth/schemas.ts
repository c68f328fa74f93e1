import { z } from 'zod';
import { cleanString } from '../api/input';
import {
  confirmPasswordProblem,
  forgotEmailProblem,
  passwordProblem,
  signinEmailProblem,
  signinPasswordProblem,
} from './rules';

/** A string field checked by one of the shared rules. */
const ruled = (problem: (value: string) => string | null) =>
  cleanString().superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const signinSchema = z.object({
  email: ruled(signinEmailProblem).transform((v) => v.trim()),
  password: ruled(signinPasswordProblem),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const forgotPasswordSchema = z.object({
  email: ruled(forgotEmailProblem).transform((v) => v.trim()),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: ruled(passwordProblem),
    confirm_password: cleanString(),
  })
  .superRefine((v, ctx) => {
    const message = confirmPasswordProblem(v.password, v.confirm_password);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['confirm_password'] });
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
