import { describe, expect, it } from 'vitest';
import { readReportParams, thisMonth, thisYear, writeReportParams } from './report-params';

const now = new Date('2026-11-24T21:30:00Z');

describe('report params', () => {
  it('takes this month by region of the payments made when the address names nothing', () => {
    expect(readReportParams(new URLSearchParams(), now)).toEqual({
      date_from: '2026-11-01',
      date_to: '2026-11-24',
      payment_status: '3',
      group_by: 'region',
    });
  });

  it('keeps what the address names, and an empty period end as none', () => {
    const read = readReportParams(new URLSearchParams('date_from=&date_to=2026-03-31&region=4&group_by=operator'), now);
    expect(read).toEqual({ date_to: '2026-03-31', region: '4', group_by: 'operator', payment_status: '3' });
  });

  it('falls back to the region for an unknown grouping', () => {
    expect(readReportParams(new URLSearchParams('group_by=city'), now).group_by).toBe('region');
  });

  it('writes every chosen filter and the period ends even when empty', () => {
    expect(writeReportParams({ date_from: '2026-01-01', region: '2', group_by: 'month' }).toString()).toBe(
      'date_from=2026-01-01&date_to=&region=2&group_by=month',
    );
  });

  it('reads the days as UTC days', () => {
    expect(thisMonth(now)).toEqual({ first: '2026-11-01', today: '2026-11-24' });
    expect(thisYear(now)).toEqual({ first: '2026-01-01', today: '2026-11-24' });
  });
});
