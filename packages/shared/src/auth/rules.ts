import { authMessages as m, passwordMinLength } from './messages';

/**
 * The sign-in and password rules of spec section 5 as plain functions: each returns the first failing rule's
 * message, or null. The zod schemas are built on them, and the sign-in screen uses them directly so that the
 * first download stays small.
 */

// A standard email pattern (the HTML living standard's).
export const emailPattern =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export function isEmail(value: string): boolean {
  return emailPattern.test(value);
}

export function signinEmailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return m.emailRequired;
  return isEmail(email) ? null : m.emailInvalid;
}

export function signinPasswordProblem(value: string): string | null {
  return value ? null : m.passwordRequired;
}

export function forgotEmailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return m.forgotEmailRequired;
  return isEmail(email) ? null : m.forgotEmailInvalid;
}

/** Fewer different characters than this is a pattern, not a password (`!!!!!!!!`, `abababab`). */
const minDistinctCharacters = 3;

/**
 * The password rules of spec section 5, first failing rule only, as the original form showed them, then the light
 * half of issue 10's rule: nothing only of white space or of one or two characters repeated. The list of common
 * and breached passwords is the server's (too big for the browser); it answers with the same message.
 */
let isCommonPassword: (password: string) => boolean = () => false;

/**
 * Plugs in the list of common and breached passwords. The server does at start (the list is too big for the
 * browser, whose forms then show the server's answer under the field); everything else keeps none.
 */
export function setCommonPasswordCheck(check: (password: string) => boolean): void {
  isCommonPassword = check;
}

/** Which password rule a password breaks, first failing rule only: a screen words it in its own language. */
export type PasswordRule = 'required' | 'tooShort' | 'onlyDigits' | 'onlyLetters' | 'tooCommon';
/** Which rule a password's repetition breaks. */
export type ConfirmPasswordRule = 'confirmRequired' | 'mismatch';

export function brokenPasswordRule(password: string): PasswordRule | null {
  if (password.length === 0) return 'required';
  if (password.length < passwordMinLength) return 'tooShort';
  if (/^[0-9]+$/.test(password)) return 'onlyDigits';
  if (/^\p{L}+$/u.test(password)) return 'onlyLetters';
  if (password.trim() === '' || new Set(password).size < minDistinctCharacters) return 'tooCommon';
  if (isCommonPassword(password)) return 'tooCommon';
  return null;
}

export function brokenConfirmPasswordRule(password: string, confirm: string): ConfirmPasswordRule | null {
  if (!confirm) return 'confirmRequired';
  return password === confirm ? null : 'mismatch';
}

/** The spec's texts of the rules (the reset-password screen's, and the API's answers). */
export const passwordRuleMessages: Record<PasswordRule | ConfirmPasswordRule, string> = {
  required: m.resetPasswordRequired,
  tooShort: m.resetPasswordTooShort,
  onlyDigits: m.resetPasswordOnlyDigits,
  onlyLetters: m.resetPasswordOnlyLetters,
  tooCommon: m.passwordTooCommon,
  confirmRequired: m.resetConfirmRequired,
  mismatch: m.resetPasswordsDiffer,
};

export function passwordProblem(password: string): string | null {
  const rule = brokenPasswordRule(password);
  return rule && passwordRuleMessages[rule];
}

export function confirmPasswordProblem(password: string, confirm: string): string | null {
  const rule = brokenConfirmPasswordRule(password, confirm);
  return rule && passwordRuleMessages[rule];
}
