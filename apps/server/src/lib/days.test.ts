import { describe, expect, it } from 'vitest';
import { bakuDay, utcDay } from './days';

describe('days', () => {
  it('a UTC day, and the Baku day that starts four hours earlier', () => {
    expect(utcDay(new Date('2026-11-23T21:30:00Z'))).toBe('2026-11-23');
    expect(bakuDay(new Date('2026-11-23T21:30:00Z'))).toBe('2026-11-24');
    expect(bakuDay(new Date('2026-11-23T19:59:59Z'))).toBe('2026-11-23');
    expect(bakuDay(new Date('2026-11-23T20:00:00Z'))).toBe('2026-11-24');
    // No daylight saving: the same four hours in summer.
    expect(bakuDay(new Date('2026-07-01T20:00:00Z'))).toBe('2026-07-02');
  });
});
