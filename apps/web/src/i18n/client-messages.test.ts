import { paymentMessages, preferenceMessages, userPreferencesUpdateSchema } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { schemaProblem, sharedRule } from '../lib/form-rules';
import { switchLanguage } from './index';

const languageField = userPreferencesUpdateSchema.shape.language;
const ownerCode = sharedRule((value) => (value.length === 10 ? null : paymentMessages.ownerCodeInvalid));
const refusal = async (value: string) => {
  try {
    await ownerCode.validator!({} as never, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe("a form's own checks in the interface's language", () => {
  it('says the shared messages in Azerbaijani, then in Russian and English once chosen', async () => {
    expect(schemaProblem(languageField, 'xx')).toBe(preferenceMessages.languageInvalid);
    expect(await refusal('123')).toBe(paymentMessages.ownerCodeInvalid);
    await switchLanguage('ru');
    expect(schemaProblem(languageField, 'xx')).toBe('Язык должен быть «az», «en» или «ru».');
    expect(await refusal('123')).toBe('VÖEN должен состоять из 10 цифр.');
    await switchLanguage('en');
    expect(await refusal('123')).toBe('The VÖEN must be 10 digits.');
    await switchLanguage('az');
    expect(await refusal('123')).toBe(paymentMessages.ownerCodeInvalid);
    expect(schemaProblem(languageField, 'az')).toBeNull();
  });
});
