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

/** A password that passes the rules, shown as the example of every password field of the document. */
export const examplePassword = 'Nümunə-Şifrə-2026';
const emailExample = { examples: ['operator@dnx.gov.az'] };
const passwordExample = { examples: [examplePassword] };

export const signinSchema = z.object({
  email: ruled(signinEmailProblem)
    .meta(emailExample)
    .transform((v) => v.trim()),
  password: ruled(signinPasswordProblem).meta(passwordExample),
});
export type SigninInput = z.infer<typeof signinSchema>;

export const forgotPasswordSchema = z.object({
  email: ruled(forgotEmailProblem)
    .meta(emailExample)
    .transform((v) => v.trim()),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({
    password: ruled(passwordProblem).meta(passwordExample),
    confirm_password: cleanString().meta(passwordExample),
  })
  .superRefine((v, ctx) => {
    const message = confirmPasswordProblem(v.password, v.confirm_password);
    if (message) ctx.addIssue({ code: 'custom', message, path: ['confirm_password'] });
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
