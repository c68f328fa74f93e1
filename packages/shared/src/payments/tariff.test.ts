import { describe, expect, it } from 'vitest';
import { priceRow, sumAmounts, chargedUnits } from '../resources/tariff';
import { validityMonths } from './status';
import type { TariffVectors } from './tariff-vectors';
import vectorFile from './tariff-vectors.json';

const vectors = vectorFile as TariffVectors;

describe('the tariff function, from the vector file shared with the web app', () => {
  it.each(vectors.cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(priceRow(vectors.tariffs, c.input)).toEqual(c.expected);
  });

  it('covers every fee group, every validity, the rate change, load rate 0 and rounding edges', () => {
    const priced = vectors.cases.filter((c) => c.expected);
    expect(new Set(priced.map((c) => c.input.fee_group))).toEqual(new Set(['seat', 'load', 'flat']));
    for (const group of ['seat', 'load', 'flat'] as const) {
      const months = new Set(priced.filter((c) => c.input.fee_group === group).map((c) => c.input.months));
      expect(
        [...months].sort((a, b) => a - b),
        group,
      ).toEqual([...validityMonths]);
    }
    expect(vectors.cases.some((c) => c.expected === null)).toBe(true);
    expect(priced.some((c) => c.expected!.fee_group === 'load' && c.expected!.tariff_rate === '0.00')).toBe(true);
    expect(vectors.cases.filter((c) => c.name.startsWith('rounding')).length).toBeGreaterThanOrEqual(6);
  });
});

describe('exact arithmetic', () => {
  it('never goes through a binary float: the product of many decimals stays exact', () => {
    const tariffs = [{ id: 9, fee_group: 'seat' as const, rate: '0.10', effective_from: '2019-01-01' }];
    // 0.1 + 0.2 style: 3 seats x 1.1 x 0.10 = 0.33 exactly (a float gives 0.33000000000000007).
    expect(
      priceRow(tariffs, { fee_group: 'seat', seats: 3, coefficient: '1.1', months: 1, date: '2020-01-01' })?.amount,
    ).toBe('0.33');
    expect(sumAmounts(['0.10', '0.20', '0.30'])).toBe('0.60');
  });

  it('counts the trailer always and the vehicle only when its flag is on', () => {
    const base = { fee_group: 'load' as const, coefficient: '1', months: 1, date: '2020-01-01' };
    expect(chargedUnits({ ...base, vehicle_load: '10.5', trailer_load: '2.25', count_vehicle_load: true })).toBe(
      '12.75',
    );
    expect(chargedUnits({ ...base, vehicle_load: '10.5', trailer_load: '2.25', count_vehicle_load: false })).toBe(
      '2.25',
    );
    expect(chargedUnits({ ...base, vehicle_load: '10.5', count_vehicle_load: true })).toBe('10.5');
  });

  it('refuses months or seats that are not whole numbers', () => {
    const tariffs = [{ fee_group: 'seat' as const, rate: '1.80', effective_from: '2019-01-01' }];
    expect(() =>
      priceRow(tariffs, { fee_group: 'seat', seats: 1.5, coefficient: '1', months: 1, date: '2020-01-01' }),
    ).toThrow(RangeError);
    expect(() =>
      priceRow(tariffs, { fee_group: 'seat', seats: 1, coefficient: '1', months: 0.5, date: '2020-01-01' }),
    ).toThrow(RangeError);
  });
});
