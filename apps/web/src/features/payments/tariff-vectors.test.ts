import { formatMoney, priceRow, type TariffVectors } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import vectorFile from '../../../../../packages/shared/src/payments/tariff-vectors.json';

/**
 * The screen prices rows with the same tariff function as the server: the same vector file as the shared test,
 * through the package as the web app imports it.
 */
const vectors = vectorFile as TariffVectors;

describe('tariff vectors in the web app', () => {
  it('has the cases', () => {
    expect(vectors.cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const snapshot = priceRow(vectors.tariffs, c.input);
    expect(snapshot).toEqual(c.expected);
    // The screen shows the amount in the Azerbaijani format with two decimals.
    if (snapshot) expect(formatMoney(snapshot.amount)).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} ₼$/);
  });
});
