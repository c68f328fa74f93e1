import { describe, expect, it } from 'vitest';
import { drfMessages, errorMessages } from '../api/errors';
import { listMessages } from '../api/list';
import { fnMessages } from '../fn/messages';
import { paymentMessages } from '../payments/messages';
import { userMessages } from '../users/messages';
import { azMessages, enMessages, messageTranslator, ruMessages, translateMessage } from './index';
import { createMessageTranslator, languageFromHeader } from './translation';

const keysOf = (catalogue: Record<string, object>) =>
  Object.entries(catalogue).flatMap(([name, messages]) => Object.keys(messages).map((key) => `${name}.${key}`));

describe('the server messages in three languages', () => {
  it('has the same objects and keys in Azerbaijani, English and Russian, a template where Azerbaijani has one', () => {
    const az = keysOf(azMessages);
    expect(keysOf(enMessages)).toEqual(az);
    expect(keysOf(ruMessages)).toEqual(az);
    for (const [name, messages] of Object.entries(azMessages)) {
      for (const [key, text] of Object.entries(messages)) {
        for (const other of [enMessages, ruMessages]) {
          const counterpart = (other as Record<string, Record<string, unknown>>)[name]![key];
          expect(typeof counterpart, `${name}.${key}`).toBe(typeof text);
          if (typeof text === 'function') expect((counterpart as () => string).length).toBe(text.length);
        }
      }
    }
  });

  it('gives Russian its own words: no Russian text is the Azerbaijani one, save those the spec wrote in English', () => {
    const same = Object.entries(azMessages).flatMap(([name, messages]) =>
      Object.entries(messages)
        .filter(([key, text]) => typeof text === 'string' && (ruMessages as never)[name][key] === text)
        .map(([key]) => `${name}.${key}`),
    );
    expect(same).toEqual(['authMessages.currentUserFailed']);
  });

  it('translates a text, and leaves Azerbaijani and unknown texts alone', () => {
    expect(translateMessage(userMessages.oldPasswordWrong, 'ru')).toBe('Старый пароль неверен.');
    expect(translateMessage(userMessages.oldPasswordWrong, 'en')).toBe('The old password is wrong.');
    expect(translateMessage(userMessages.oldPasswordWrong, 'az')).toBe(userMessages.oldPasswordWrong);
    expect(translateMessage(errorMessages.notFound, 'ru')).toBe('Не найдено.');
    expect(translateMessage('Bakı', 'ru')).toBe('Bakı');
  });

  it('reads a template back and fills the other language with its values', () => {
    expect(translateMessage(paymentMessages.noTariff('Oturacaq', '01.02.2026'), 'ru')).toBe(
      'На 01.02.2026 нет действующего тарифа «Oturacaq».',
    );
    expect(translateMessage(fnMessages.overlap('AB', '000010', '000020', 7), 'en')).toBe(
      'This range overlaps batch №7 of series AB (000010 - 000020).',
    );
    expect(translateMessage(userMessages.groupInUse(3), 'ru')).toBe(
      'Эта группа назначена пользователям: 3. Сначала исключите пользователей из группы.',
    );
    // A list argument and a count with thousands dots.
    expect(translateMessage(listMessages.orderByUnknown(['name', 'code']), 'ru')).toBe(
      'По этому полю сортировать нельзя. Возможные поля: name, code.',
    );
    expect(translateMessage(listMessages.allTooMany(12345), 'en')).toBe(
      'The filter selects 12,345 rows, but "All" shows at most 5,000 rows. Narrow the filter or export the list.',
    );
    expect(translateMessage(fnMessages.tooManyNumbers(10000), 'ru')).toBe(
      'В одном выпуске может быть не более 10\u00a0000 номеров.',
    );
  });

  it('translates Django REST Framework’s own words, which Azerbaijani keeps as the contract (issue 44)', () => {
    expect(translateMessage('This field is required.', 'ru')).toBe('Обязательное поле.');
    expect(translateMessage('This field is required.', 'az')).toBe('This field is required.');
    expect(translateMessage(drfMessages.permissionDenied, 'ru')).toBe('У вас нет прав для выполнения этого действия.');
    expect(translateMessage(drfMessages.throttled(12), 'ru')).toBe(
      'Слишком много запросов. Повторите попытку через 12 с.',
    );
    expect(translateMessage(drfMessages.throttledOneSecond, 'ru')).toBe(
      'Слишком много запросов. Повторите попытку через 1 с.',
    );
    expect(translateMessage(errorMessages.bodyTooLarge, 'en')).toBe(
      'The request body is larger than allowed. Send less data.',
    );
  });

  it('reads every template of the catalogue back: none falls back to Azerbaijani', () => {
    expect(messageTranslator().untranslatable).toEqual([]);
  });

  it('lists a template that reformats its argument as untranslatable, and leaves its text Azerbaijani', () => {
    const translator = createMessageTranslator([
      {
        az: { rounded: (value: number) => `Dəyər ${Number(value).toFixed(1)}.` },
        en: { rounded: (value: number) => `Value ${value}.` },
        ru: { rounded: (value: number) => `Значение ${value}.` },
      },
    ]);
    expect(translator.untranslatable).toEqual(['rounded']);
    expect(translator.translate('Dəyər 2.0.', 'ru')).toBe('Dəyər 2.0.');
  });

  it('reads Accept-Language by weight and takes the first language the interface has', () => {
    const all = ['az', 'en', 'ru'] as const;
    expect(languageFromHeader('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7', all)).toBe('ru');
    expect(languageFromHeader('de-DE, en;q=0.5, ru;q=0.9', all)).toBe('ru');
    expect(languageFromHeader('en;q=0, az', all)).toBe('az');
    expect(languageFromHeader('de, fr', all)).toBeNull();
    expect(languageFromHeader('', all)).toBeNull();
    expect(languageFromHeader(undefined, all)).toBeNull();
  });
});
