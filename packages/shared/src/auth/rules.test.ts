import { describe, expect, it } from 'vitest';
import { authMessages as m } from './messages';
import { brokenConfirmPasswordRule, brokenPasswordRule, confirmPasswordProblem, passwordProblem } from './rules';

describe('password rules', () => {
  it('refuses white space only and one or two characters repeated', () => {
    for (const weak of ['        ', '\t\t\t\t        ', '!!!!!!!!', '!a!a!a!a', 'a1a1a1a1']) {
      expect(passwordProblem(weak), JSON.stringify(weak)).toBe(m.passwordTooCommon);
    }
  });

  it("keeps the spec's rules first and passes the demo and example passwords", () => {
    expect(passwordProblem('12345678')).toBe(m.resetPasswordOnlyDigits);
    expect(passwordProblem('aaaaaaaa')).toBe(m.resetPasswordOnlyLetters);
    for (const fine of ['Demo12345', 'Parol1234', 'Yeni12345', 'Nümunə-Şifrə-2026', 'wrong-password-1']) {
      expect(passwordProblem(fine), fine).toBeNull();
    }
  });
});

describe('password rules by name (issue 30)', () => {
  it('names the broken rule, so each screen words it in its language, and keeps the spec texts for the API', () => {
    expect(brokenPasswordRule('')).toBe('required');
    expect(brokenPasswordRule('ab1')).toBe('tooShort');
    expect(brokenPasswordRule('12345678')).toBe('onlyDigits');
    expect(brokenPasswordRule('abcdefgh')).toBe('onlyLetters');
    expect(brokenPasswordRule('!!!!!!!!')).toBe('tooCommon');
    expect(brokenPasswordRule('Parol1234')).toBeNull();
    expect(brokenConfirmPasswordRule('Parol1234', '')).toBe('confirmRequired');
    expect(brokenConfirmPasswordRule('Parol1234', 'Parol1235')).toBe('mismatch');
    expect(passwordProblem('ab1')).toBe(m.resetPasswordTooShort);
    expect(confirmPasswordProblem('a', 'b')).toBe(m.resetPasswordsDiffer);
  });
});
