import { formatCount, type CurrentUser } from '@dnx/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n';
import { az } from '../../../i18n/az';
import { en } from '../../../i18n/en';
import { ru } from '../../../i18n/ru';
import { currentUserQuery } from '../../../lib/current-user';
import { openBankDifferencesKey } from '../api/get-bank-differences';
import SamplePage from './sample-page';

/** The home's card of the open bank differences (issue 48): for those who read the statements, opening them. */
describe('the home card of bank differences', () => {
  const user = (permissions: string[]): CurrentUser => ({
    id: 2,
    email: 'central@demo.az',
    first_name: 'Mərkəzi',
    last_name: 'Aparat',
    phone: '',
    region: null,
    groups: [{ id: 2, code: 'B', name: 'Mərkəzi aparat' }],
    permissions,
    preferences: { layout: 'side', tour_seen_at: null, language: 'az', dark_theme: false, compact_theme: false },
  });

  function render(me: CurrentUser, open: number | undefined) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(currentUserQuery.queryKey, me);
    if (open !== undefined) client.setQueryData(openBankDifferencesKey, { count: open });
    return renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SamplePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }
  const card = (html: string) => /<a[^>]*data-testid="home-bank-differences".*?<\/a>/s.exec(html)?.[0];
  /** What a reader sees of the card: its text without the markup (Statistic splits a number into spans). */
  const text = (html: string | undefined) => html?.replace(/<[^>]*>/g, '');

  afterAll(async () => switchLanguage('az'));

  it('counts the open differences for the central office, and opens the bank statements', () => {
    const shown = card(render(user(['view_bankstatement']), 1234));
    expect(shown).toBeDefined();
    expect(shown).toContain('href="/app/bank-statements"');
    expect(text(shown)).toBe(`${az.home.bankDifferences}${formatCount(1234)}`);
    // None open: the card says 0, it does not vanish.
    expect(text(card(render(user(['view_bankstatement']), 0)))).toBe(`${az.home.bankDifferences}0`);
  });

  it('is not there for one who may not read the statements, nor before the count arrives', () => {
    expect(card(render(user(['view_payment']), 7))).toBeUndefined();
    expect(card(render(user(['view_bankstatement']), undefined))).toBeUndefined();
  });

  it('speaks English and Russian', async () => {
    await switchLanguage('en');
    expect(text(card(render(user(['view_bankstatement']), 1234)))).toBe(`${en.home.bankDifferences}1,234`);
    await switchLanguage('ru');
    expect(text(card(render(user(['view_bankstatement']), 5)))).toBe(`${ru.home.bankDifferences}5`);
  });
});
