import { checkAnswers } from '@dnx/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n';
import { answerFromMark, notGenuineAnswer } from '../answer';
import '../texts';
import { AnswerCard, answerLooks } from './answer-card';

/** The answer card in large type: every answer has its own colour and its words, in each language (issue 46). */
describe('the answer card', () => {
  const now = new Date('2026-03-10T08:00:00Z');
  const answer = answerFromMark(
    'AB',
    '000001',
    ['AB', '000001', 'valid', '10-AB-123', 'Avtobus', '2026-01-01', '2026-03-31', '97.20', 'AbCd'],
    { now, snapshotAt: '2026-03-10T07:30:00.000Z' },
  );
  afterAll(() => switchLanguage('az'));

  it('shows the state, the vehicle, the dates, the payment and the snapshot time (Baku)', async () => {
    await switchLanguage('en');
    const html = renderToStaticMarkup(<AnswerCard answer={answer} now={now} />);
    expect(html).toContain('Valid');
    expect(html).toContain('10-AB-123');
    expect(html).toContain('Avtobus');
    expect(html).toContain('AB 000001');
    expect(html).toContain('as of 11:30');
    expect(html).toContain('data-answer="valid"');
  });

  it('names the day of a snapshot not of today', async () => {
    await switchLanguage('en');
    const html = renderToStaticMarkup(
      <AnswerCard answer={{ ...answer, snapshotAt: '2026-03-08T07:30:00.000Z' }} now={now} />,
    );
    expect(html).toContain('as of 08/03/2026 11:30');
  });

  it('says not genuine in each language, without the details of the QR', async () => {
    const texts = { az: 'Saxtadır', en: 'Not genuine', ru: 'Поддельный' } as const;
    for (const language of ['az', 'en', 'ru'] as const) {
      await switchLanguage(language);
      const html = renderToStaticMarkup(<AnswerCard answer={notGenuineAnswer(null)} now={now} />);
      expect(html).toContain(texts[language]);
      expect(html).not.toContain('<dl');
    }
  });

  it('gives each answer a colour of its own', () => {
    const colours = checkAnswers.map((a) => answerLooks[a].background);
    expect(new Set(colours).size).toBe(checkAnswers.length);
  });
});
