import type { FnHistoryEntry } from '@dnx/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n';
import { nextHistoryPage } from '../api/history';
import { EntryText, HistoryEntries } from './history-drawer';

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

  it('names a voided blank as its own answer', async () => {
    const words = { az: 'Blank etibarsız sayılıb', en: 'Blank voided', ru: 'Бланк признан недействительным' } as const;
    for (const [language, expected] of Object.entries(words)) {
      await switchLanguage(language as keyof typeof words);
      const voided = { ...check, reason: 'x', after: { answer: 'voided', source: 'typed' } };
      expect(renderToStaticMarkup(<EntryText entry={voided} />), language).toContain(expected);
    }
  });
});

/** A form's history is paged (issue 56): the drawer reads the next page on demand, in each language. */
describe("the pages of a form's history", () => {
  const entry = {
    id: 1,
    movement: 'create',
    at: '2026-03-10T07:45:00.000Z',
    actor: 1,
    actor_email: 'admin@demo.az',
    batch: 3,
    forms: 10,
    number_from: '000001',
    number_to: '000010',
    before: null,
    after: null,
    reason: null,
  } as FnHistoryEntry;
  afterAll(() => switchLanguage('az'));

  it("follows the answer's next link as a path, and stops at the last page or a batch's whole answer", () => {
    expect(
      nextHistoryPage({ results: [], next: 'https://dnx.example.az/api/fn/forms/5/history/?page=2&per_page=100' }),
    ).toBe('/api/fn/forms/5/history/?page=2&per_page=100');
    expect(nextHistoryPage({ results: [], next: null })).toBeUndefined();
    expect(nextHistoryPage({ results: [] })).toBeUndefined();
  });

  it('shows a button for more while there is a next page', async () => {
    const words = { az: 'Daha çox', en: 'Show more', ru: 'Показать ещё' } as const;
    for (const [language, expected] of Object.entries(words)) {
      await switchLanguage(language as keyof typeof words);
      const html = renderToStaticMarkup(<HistoryEntries entries={[entry]} more={() => {}} loadingMore={false} />);
      expect(html, language).toContain(expected);
      expect(html).toContain('fn-history-entry');
    }
    const last = renderToStaticMarkup(<HistoryEntries entries={[entry]} more={null} loadingMore={false} />);
    expect(last).not.toContain('fn-history-more');
  });
});
