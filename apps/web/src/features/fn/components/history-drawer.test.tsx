import type { FnHistoryEntry } from '@dnx/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n';
import { EntryText } from './history-drawer';

/** A form's history names an inspector's check by its answer and how the form was named, in each language. */
describe("a check in a form's history", () => {
  const check: FnHistoryEntry = {
    id: 7,
    movement: 'check',
    at: '2026-03-10T07:45:00.000Z',
    actor: 4,
    actor_email: 'inspector@demo.az',
    forms: 1,
    number_from: null,
    number_to: null,
    reason: 'Müddəti bitib',
    before: null,
    after: { check: 'c1', answer: 'expired', source: 'scan', location: null },
  } as unknown as FnHistoryEntry;
  afterAll(() => switchLanguage('az'));

  it('shows the answer and the way it was checked, not as a reason', async () => {
    const words = {
      az: ['Cavab', 'Müddəti bitib', 'QR kodu skan edilib'],
      en: ['Answer', 'Expired', 'QR code scanned'],
      ru: ['Ответ', 'Срок истёк', 'QR-код отсканирован'],
    } as const;
    for (const [language, expected] of Object.entries(words)) {
      await switchLanguage(language as keyof typeof words);
      const html = renderToStaticMarkup(<EntryText entry={check} />);
      for (const word of expected) expect(html, language).toContain(word);
      expect(html).not.toContain('Səbəb');
      expect(html).not.toContain('Reason');
    }
  });

  it('falls back to the label the server wrote for an answer it does not know', async () => {
    await switchLanguage('en');
    const html = renderToStaticMarkup(
      <EntryText entry={{ ...check, reason: 'Naməlum', after: { answer: 'later', source: 'radio' } }} />,
    );
    expect(html).toContain('Naməlum');
    expect(html).not.toContain('radio');
  });
});
