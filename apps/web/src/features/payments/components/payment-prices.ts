import { totalOf, type QuoteResponse } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { quote } from '../api/payments';
import { learn, livePrice, quoteFailure, quoteInput, type PriceBook, type RowDraft } from './payment-rows';

/** Each row's price: the shared tariff function's as it is typed, else the quote's, else none yet (null). */
export function rowPrices(book: PriceBook, rows: readonly RowDraft[], quoted?: QuoteResponse): (string | null)[] {
  return rows.map((row, i) => livePrice(book, row) ?? quoted?.rows[i]?.amount ?? null);
}

/** The total of the checked rows (the rows a save sends); a row not priced yet counts 0. */
export function checkedTotalOf(rows: readonly RowDraft[], prices: readonly (string | null)[]): string {
  return totalOf(rows.map((row, i) => ({ tax_price: row.checked ? (prices[i] ?? '0.00') : '0.00' })));
}

/** The quote needs every load to be a decimal (a half-typed "12," waits). */
const quotable = (rows: readonly RowDraft[]) =>
  rows.length > 0 && rows.every((r) => /^\d+([.,]\d+)?$/.test(r.load_carrying_capacity || '0'));

/**
 * The rows' live prices and the checked total. The server's quote of the rows names each transport type's fee group
 * and tariff; the shared tariff function then prices every keystroke on the screen. The stored price stays the
 * server's.
 */
export function usePaymentPrices(rows: readonly RowDraft[]) {
  const [book, setBook] = useState<PriceBook>({ feeGroups: new Map(), tariffs: [], date: '' });
  const quoteKey = JSON.stringify(rows.map(quoteInput));
  const quoted = useQuery({
    queryKey: ['payments', 'quote', quoteKey],
    queryFn: async () => {
      const asked = rows;
      const answer = await quote({ rows: asked.map(quoteInput) });
      setBook((b) => learn(b, asked, answer.rows, answer.date));
      return answer;
    },
    enabled: quotable(rows),
    staleTime: 60_000,
    retry: false,
  });
  const prices = useMemo(() => rowPrices(book, rows, quoted.data), [book, rows, quoted.data]);
  // A failed quote says why: on the rows it refused, or for all of them when it had no answer.
  const failure = quoted.isError ? quoteFailure(quoted.error) : null;
  return {
    prices,
    failure,
    checkedTotal: checkedTotalOf(rows, prices),
    retrying: quoted.isFetching,
    retry: () => void quoted.refetch(),
  };
}
