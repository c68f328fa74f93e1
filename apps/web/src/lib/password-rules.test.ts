import { authMessages } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { en } from '../i18n/en';
import { confirmPasswordRule, passwordRule } from './password-rules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const problemOf = async (rule: { validator?: unknown }, value: unknown) => {
  try {
    await (rule.validator as Validator)({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('password rules in the screen language', () => {
  it('words every rule in Azerbaijani on an Azerbaijani screen, never the spec English', async () => {
    const t = i18n.getFixedT('az');
    const rule = passwordRule(t);
    expect(await problemOf(rule, '')).toBe('Şifrə boş buraxıla bilməz.');
    expect(await problemOf(rule, 'ab1')).toBe('Şifrə ən azı 8 simvoldan ibarət olmalıdır.');
    expect(await problemOf(rule, '12345678')).toMatch(/^Şifrə yalnız rəqəmlərdən/);
    expect(await problemOf(rule, 'abcdefgh')).toMatch(/^Şifrə yalnız hərflərdən/);
    expect(await problemOf(rule, 'Parol1234')).toBeNull();
    const confirm = confirmPasswordRule(t, () => 'Parol1234');
    expect(await problemOf(confirm, '')).toBe('Şifrənin təkrarı boş buraxıla bilməz.');
    expect(await problemOf(confirm, 'Parol1235')).toBe('Şifrə və onun təkrarı eyni deyil.');
    for (const english of Object.values(authMessages)) {
      expect([await problemOf(rule, 'ab1'), await problemOf(confirm, 'x')]).not.toContain(english);
    }
  });

  it('words them in English on an English screen', async () => {
    i18n.addResourceBundle('en', 'translation', en, true, true);
    const t = i18n.getFixedT('en');
    expect(await problemOf(passwordRule(t), 'ab1')).toBe('Password must be at least 8 characters long.');
  });

  it('passes a password left empty where it is optional (an edit keeps the old one)', async () => {
    const t = i18n.getFixedT('az');
    expect(await problemOf(passwordRule(t, { optional: true }), '')).toBeNull();
    expect(
      await problemOf(
        confirmPasswordRule(t, () => '', { optional: true }),
        '',
      ),
    ).toBeNull();
  });
});
