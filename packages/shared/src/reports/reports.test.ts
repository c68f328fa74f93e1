import { describe, expect, it } from 'vitest';
import { monthsBetween, reportMonthLabel, reportQuerySchema } from './schemas';
import { reportMessages as m } from './messages';

describe('reports', () => {
  it('names months in Azerbaijani and lists every month of a period, across a year', () => {
    expect(reportMonthLabel('2026-11')).toBe('Noyabr 2026');
    expect(reportMonthLabel('2027-06')).toBe('İyun 2027');
    expect(monthsBetween('2026-11-15', '2027-02-01')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthsBetween('2026-11-30', '2026-11-01')).toEqual(['2026-11']);
    expect(monthsBetween('2026-12', '2026-11')).toEqual([]);
  });

  it('reads the query as the list filters are read: empty is absent, codes become numbers, a reversed period is refused', () => {
    expect(reportQuerySchema.parse({ region: '', form_status: '4', validity: '12' })).toEqual({
      group_by: 'region',
      form_status: 4,
      validity: 12,
    });
    const reversed = reportQuerySchema.safeParse({ date_from: '2026-11-02', date_to: '2026-11-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['date_to'], message: m.periodInvalid });
    for (const bad of [
      { group_by: 'year' },
      { form_status: '5' },
      { validity: '0' },
      { validity: '121' },
      { region: '01' },
    ])
      expect(reportQuerySchema.safeParse(bad).success).toBe(false);
  });
});
