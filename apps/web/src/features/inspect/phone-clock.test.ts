import { beforeAll, describe, expect, it } from 'vitest';
import { clockOffset, clockSkew, clockSkewLimitMs, recordServerTime, trustedNow } from './phone-clock';

/** The phone's clock against the server's (issue 56). */
describe("the phone's clock", () => {
  const kept = new Map<string, string>();
  beforeAll(() => {
    Object.assign(globalThis, {
      localStorage: { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) },
    });
  });

  it("measures the offset against the middle of the request, warns past the limit and then judges by the server's time", () => {
    const phone = Date.parse('2026-03-10T08:00:00.000Z');
    recordServerTime('2026-03-10T08:01:00.000Z', phone - 500, phone + 500);
    expect(clockOffset()).toBe(60_000);
    expect(clockSkew()).toBe(null);
    expect(trustedNow(new Date(phone)).getTime()).toBe(phone);

    recordServerTime('2026-03-10T07:50:00.000Z', phone, phone);
    expect(clockSkew()).toBe(-600_000);
    expect(trustedNow(new Date(phone)).toISOString()).toBe('2026-03-10T07:50:00.000Z');
    expect(clockSkew(clockSkewLimitMs)).toBe(null);
    expect(clockSkew(clockSkewLimitMs + 1)).toBe(clockSkewLimitMs + 1);

    // An answer without a readable time changes nothing.
    recordServerTime(undefined, phone, phone);
    recordServerTime('soon', phone, phone);
    expect(clockOffset()).toBe(-600_000);
  });
});
