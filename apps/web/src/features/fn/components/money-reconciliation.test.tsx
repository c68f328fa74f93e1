import { formatMoney, type BankReconciliation } from '@dnx/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../i18n';
import { moneyReconciliationKey } from '../api/money-reconciliation';
import { MoneyReconciliation } from './money-reconciliation';

/** The money side of the forms' reconciliation (issue 48) as the screen shows the server's answer, in each language. */
describe('the money reconciliation card', () => {
  const answer: BankReconciliation = {
    date_from: '2026-03-01',
    date_to: '2026-03-31',
    rows: [
      {
        day: '2026-03-02',
        region: 3,
        region_name: 'Sumqayıt',
        payments: 3,
        credited_payments: 2,
        paid: '1234.56',
        credited: '1000.06',
        difference: '234.50',
      },
      {
        day: '2026-03-03',
        region: 3,
        region_name: 'Sumqayıt',
        payments: 1,
        credited_payments: 1,
        paid: '97.20',
        credited: '97.20',
        difference: '0.00',
      },
    ],
    totals: { paid: '1331.76', credited: '1097.26', difference: '234.50' },
  };

  function render(region?: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(moneyReconciliationKey({ region }), answer);
    return renderToStaticMarkup(
      <QueryClientProvider client={client}>
        <MoneyReconciliation region={region} />
      </QueryClientProvider>,
    );
  }

  afterAll(async () => switchLanguage('az'));

  it('shows each day and region with paid, credited and the difference, the totals last, a difference marked', () => {
    const html = render('3');
    for (const amount of ['1234.56', '1000.06', '234.50', '97.20', '1331.76', '1097.26'])
      expect(html).toContain(formatMoney(amount));
    expect(html).toContain('02.03.2026');
    expect(html).toContain('Sumqayıt');
    expect(html).toContain('2 / 3');
    expect(html).toContain('Pul: kassa və bank');
    expect(html).toContain('Kassa ödəyib');
    expect(html).toContain('Bank köçürüb');
    // The difference that is not zero is marked as danger, on its line and in the totals; the zero one is not.
    const marked = [...html.matchAll(/ant-typography-danger[^>]*><strong>([^<]*)</g)].map((m) => m[1]);
    expect(marked).toEqual([formatMoney('234.50'), formatMoney('234.50')]);
    const totals = /data-testid="money-reconciliation-totals".*?<\/tr>/s.exec(html)![0];
    expect(totals).toContain(formatMoney('1331.76'));
  });

  it('speaks English and Russian', async () => {
    await switchLanguage('en');
    const english = render();
    expect(english).toContain('Paid by the register');
    expect(english).toContain('Credited by the bank');
    expect(english).toContain(formatMoney('234.50', 'en'));
    await switchLanguage('ru');
    const russian = render();
    expect(russian).toContain('Оплачено в кассе');
    expect(russian).toContain('Зачислено банком');
    expect(russian).toContain('Разница');
  });
});
