import { checkAnswers, type SnapshotMark } from '@dnx/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n';
import { answerFromMark, notGenuineAnswer, type Moment } from '../answer';
import '../texts';
import { AnswerCard, answerLooks } from './answer-card';

/** Relative luminance of a #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The answer card in large type: every answer has its own colour and its words, in each language (issues 46, 56). */
describe('the answer card', () => {
  const now = new Date('2026-03-10T08:00:00Z');
  const fresh: Moment = { now, snapshotAt: '2026-03-10T07:30:00.000Z', list: 'fresh' };
  const paid: SnapshotMark = [
    'AB',
    '000001',
    'valid',
    '10-AB-123',
    'Avtobus',
    '2026-01-01',
    '2026-03-31',
    '97.20',
    'AbCd',
  ];
  const answer = answerFromMark('AB', '000001', paid, fresh);
  const languages = ['az', 'en', 'ru'] as const;
  afterAll(() => switchLanguage('az'));

  it("shows the state, the vehicle, the dates, the payment, the snapshot's time and the check's own time (Baku)", async () => {
    await switchLanguage('en');
    const html = renderToStaticMarkup(<AnswerCard answer={answer} />);
    expect(html).toContain('Valid');
    expect(html).toContain('10-AB-123');
    expect(html).toContain('Avtobus');
    expect(html).toContain('AB 000001');
    expect(html).toContain('as of 11:30');
    expect(html).toContain('Checked 10/03/2026 12:00:00');
    expect(html).toContain('data-answer="valid"');
    expect(html).toContain('data-tone="valid"');
  });

  it('names the day of a snapshot not of today', async () => {
    await switchLanguage('en');
    const html = renderToStaticMarkup(<AnswerCard answer={{ ...answer, snapshotAt: '2026-03-08T07:30:00.000Z' }} />);
    expect(html).toContain('as of 08/03/2026 11:30');
  });

  it('turns a valid answer of a stale list amber, in its own words: valid on the list of HH:MM, N days old', async () => {
    const stale = answerFromMark('AB', '000001', paid, {
      ...fresh,
      snapshotAt: '2026-03-07T07:30:00.000Z',
      list: 'stale',
    });
    const texts = {
      az: ['Etibarlıdır', '07.03.2026 11:30 siyahısına görə, siyahının yaşı 3 gün'],
      en: ['Valid', 'On the list of 07/03/2026 11:30, 3 days old'],
      ru: ['Действителен', 'По списку на 07.03.2026 11:30, возраст списка 3 дн.'],
    } as const;
    for (const language of languages) {
      await switchLanguage(language);
      const html = renderToStaticMarkup(<AnswerCard answer={stale} />);
      expect(html).toContain(`background:${answerLooks.doubt.background}`);
      expect(html).not.toContain(answerLooks.valid.background);
      expect(html).toContain('data-tone="doubt"');
      for (const text of texts[language]) expect(html).toContain(text);
    }
    await switchLanguage('en');
    const hours = answerFromMark('AB', '000001', paid, {
      ...fresh,
      snapshotAt: '2026-03-09T19:00:00.000Z',
      list: 'stale',
    });
    expect(renderToStaticMarkup(<AnswerCard answer={hours} />)).toContain('13 hours old');
  });

  it('says a voided blank is voided, with the reason, in each language', async () => {
    const voided: SnapshotMark = ['AB', '000005', 'voided', null, null, null, null, null, null, 'Blank korlanıb'];
    const texts = { az: 'Blank etibarsız sayılıb', en: 'Blank voided', ru: 'Бланк признан недействительным' } as const;
    for (const language of languages) {
      await switchLanguage(language);
      const html = renderToStaticMarkup(<AnswerCard answer={answerFromMark('AB', '000005', voided, fresh)} />);
      expect(html).toContain(texts[language]);
      expect(html).toContain('Blank korlanıb');
      expect(html).not.toContain('Not issued');
    }
  });

  it('says on every answer when there is no list on the phone, and never "not found"', async () => {
    const none: Moment = { now, snapshotAt: null, list: 'none' };
    const texts = { az: 'Telefonda siyahı yoxdur', en: 'No list on this phone', ru: 'В телефоне нет списка' } as const;
    for (const language of languages) {
      await switchLanguage(language);
      const html = renderToStaticMarkup(<AnswerCard answer={answerFromMark('AB', '000001', undefined, none)} />);
      expect(html).toContain(texts[language]);
      expect(html).not.toContain(['Tapılmadı', 'Not found', 'Не найден'][languages.indexOf(language)]);
      const forged = renderToStaticMarkup(<AnswerCard answer={notGenuineAnswer(none)} />);
      expect(forged).toContain('data-list="none"');
    }
    await switchLanguage('en');
    expect(renderToStaticMarkup(<AnswerCard answer={notGenuineAnswer(none)} />)).toContain(
      'this check is not recorded',
    );
  });

  it("says when the phone's clock is off and the answer is judged by the server's time", async () => {
    await switchLanguage('en');
    const off = answerFromMark('AB', '000001', paid, { ...fresh, phoneNow: now, clockSkewMs: 7 * 60_000 });
    const html = renderToStaticMarkup(<AnswerCard answer={off} />).replaceAll('&#x27;', "'");
    expect(html).toContain("The phone's clock is 7 min behind the server's.");
    expect(html).toContain("judged by the server's time");
  });

  it('says not genuine in each language, without the details of the QR', async () => {
    const texts = { az: 'Saxtadır', en: 'Not genuine', ru: 'Поддельный' } as const;
    for (const language of languages) {
      await switchLanguage(language);
      const html = renderToStaticMarkup(<AnswerCard answer={notGenuineAnswer(fresh)} />);
      expect(html).toContain(texts[language]);
      expect(html).not.toContain('<dl');
    }
  });

  it('gives each answer a colour of its own, amber too, each with white text at 4.5:1 or more', () => {
    const colours = [...checkAnswers, 'doubt' as const].map((a) => answerLooks[a].background);
    expect(new Set(colours).size).toBe(checkAnswers.length + 1);
    for (const colour of colours) expect(1.05 / (luminance(colour) + 0.05)).toBeGreaterThanOrEqual(4.5);
  });
});
