import { describe, expect, it } from 'vitest';
import { bakuDay, formatBakuDateTime } from './date';

describe('moments in Baku (UTC+4), whatever the machine’s clock', () => {
  it('prints a moment as dd.mm.yyyy hh:mm there, crossing midnight at 20:00 UTC', () => {
    expect(formatBakuDateTime('2026-11-26T10:58:01.123Z')).toBe('26.11.2026 14:58');
    expect(formatBakuDateTime(new Date('2026-12-31T20:30:00Z'))).toBe('01.01.2027 00:30');
    expect(formatBakuDateTime('2026-03-01T00:00:00Z')).toBe('01.03.2026 04:00');
    expect(bakuDay(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01');
  });
});
