import { afterEach, describe, expect, it } from 'vitest';
import { formatCount } from './count';
import { formatDate, formatDateTime } from './date';
import { setDisplayLanguage } from './language';
import { formatMoney } from './money';

describe('formatting per language (issue 30)', () => {
  afterEach(() => setDisplayLanguage('az'));

  it('keeps the Azerbaijani output exactly as it was, the default', () => {
    expect(formatMoney('1234.50')).toBe('1.234,50 ₼');
    expect(formatMoney(-123456789n)).toBe('-1.234.567,89 ₼');
    expect(formatMoney('0')).toBe('0,00 ₼');
    expect(formatCount(12345)).toBe('12.345');
    expect(formatCount(999)).toBe('999');
    expect(formatDate('2026-03-01')).toBe('01.03.2026');
    expect(formatDate('2026-03-01', 'az')).toBe('01.03.2026');
    expect(formatDateTime(new Date(2026, 2, 1, 9, 5))).toBe('01.03.2026 09:05');
  });

  it('writes money, counts and dates as English and Russian readers do', () => {
    expect(formatMoney('1234.50', 'en')).toBe('₼1,234.50');
    expect(formatMoney(-123456789n, 'en')).toBe('-₼1,234,567.89');
    expect(formatMoney('1234.50', 'ru')).toBe('1\u00a0234,50 ₼');
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(-1234567, 'ru')).toBe('-1\u00a0234\u00a0567');
    expect(formatDate('2026-03-01', 'en')).toBe('01/03/2026');
    expect(formatDate('2026-03-01', 'ru')).toBe('01.03.2026');
    expect(formatDateTime(new Date(2026, 2, 1, 9, 5), 'en')).toBe('01/03/2026 09:05');
  });

  it('follows the display language the web client sets when a call names none', () => {
    setDisplayLanguage('ru');
    expect(formatMoney('1234.50')).toBe('1\u00a0234,50 ₼');
    expect(formatCount(12345)).toBe('12\u00a0345');
    setDisplayLanguage('en');
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    // A named language wins.
    expect(formatMoney('1234.50', 'az')).toBe('1.234,50 ₼');
  });
});
