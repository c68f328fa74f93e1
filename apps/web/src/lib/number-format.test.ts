import { describe, expect, it } from 'vitest';
import { formatCount, formatMegabytes } from './number-format';

describe('number formats', () => {
  it('writes counts with dots between thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatCount(1234567)).toBe('1.234.567');
  });

  it('writes megabytes with one decimal after a comma', () => {
    expect(formatMegabytes(0)).toBe('0,0');
    expect(formatMegabytes(1024 * 1024)).toBe('1,0');
    expect(formatMegabytes(3.45 * 1024 * 1024)).toBe('3,4');
    expect(formatMegabytes(1500 * 1024 * 1024)).toBe('1.500,0');
  });
});
