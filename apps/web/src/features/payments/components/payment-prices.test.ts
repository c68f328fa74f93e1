import type { ForPaymentForm, TariffSnapshot } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { checkedTotalOf, rowPrices } from './payment-prices';
import { learn, rowForForm, type PriceBook, type RowDraft } from './payment-rows';

const form = (id: number): ForPaymentForm => ({
  id,
  series: 'QP',
  number: String(id).padStart(6, '0'),
  batch: 7,
  stage: 'active',
  status: 0,
  annulled: false,
  operator: 3,
  region: 2,
  transport_type: 1,
  inspector: null,
  inspector_name: null,
  payment: null,
  valid_from: null,
  valid_to: null,
  void_reason: null,
  updated_at: '2026-01-10T08:00:00.000Z',
  coefficient_value: '2',
  months: 3,
});

// A quote's answer for a seat row: 1,80 ₼ a seat a month, from 2026-01-01.
const seatSnapshot = (amount: string): TariffSnapshot => ({
  tariff_id: 1,
  tariff_rate: '1.80',
  tariff_effective_from: '2026-01-01',
  fee_group: 'seat',
  units: '18',
  coefficient: '2',
  months: 3,
  amount,
});

const emptyBook: PriceBook = { feeGroups: new Map(), tariffs: [], date: '' };

describe('the rows’ prices and the checked total', () => {
  it("prices a row by the quote's answer until a quote taught the fee group, then by the tariff as it is typed", () => {
    const rows: RowDraft[] = [{ ...rowForForm(form(1)), seats_count: 18 }];
    const quoted = { date: '2026-03-02', rows: [seatSnapshot('194.40')], total: '194.40' };
    expect(rowPrices(emptyBook, rows, quoted)).toEqual(['194.40']);
    expect(rowPrices(emptyBook, rows)).toEqual([null]);

    const book = learn(emptyBook, rows, quoted.rows, quoted.date);
    // 20 seats × 2 × 3 months × 1,80 ₼, before any new quote.
    expect(rowPrices(book, [{ ...rows[0]!, seats_count: 20 }], quoted)).toEqual(['216.00']);
  });

  it('sums the checked rows only; a row without a price yet counts nothing', () => {
    const rows: RowDraft[] = [rowForForm(form(1)), { ...rowForForm(form(2)), checked: false }, rowForForm(form(3))];
    expect(checkedTotalOf(rows, ['194.40', '100.00', '0.05'])).toBe('194.45');
    expect(checkedTotalOf(rows, ['194.40', '100.00', null])).toBe('194.40');
    expect(checkedTotalOf([], [])).toBe('0.00');
  });
});
