import { brokenConfirmPasswordRule, brokenPasswordRule, passwordMinLength } from '@dnx/shared';
import type { RuleObject } from 'antd/es/form';
import type { TFunction } from 'i18next';

/**
 * The password rules of spec section 5 worded in the screen's language (issue 30): the user form and the profile
 * say them in Azerbaijani on an Azerbaijani screen. The reset-password screen keeps the spec's own texts.
 */
export function passwordRule(t: TFunction, options: { optional?: boolean } = {}): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const password = typeof value === 'string' ? value : '';
      if (options.optional && !password) return;
      const broken = brokenPasswordRule(password);
      if (broken) throw new Error(t(`passwordRules.${broken}`, { min: passwordMinLength }));
    },
  };
}

/** The repetition of the password: required, and the same; `optional` passes both left empty (an edit). */
export function confirmPasswordRule(
  t: TFunction,
  password: () => unknown,
  options: { optional?: boolean } = {},
): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      const first = typeof password() === 'string' ? String(password()) : '';
      const confirm = typeof value === 'string' ? value : '';
      if (options.optional && !first && !confirm) return;
      const broken = brokenConfirmPasswordRule(first, confirm);
      if (broken) throw new Error(t(`passwordRules.${broken}`));
    },
  };
}
