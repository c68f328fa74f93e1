import type { Payment } from '@dnx/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toHeader } from './payment-header-values';

describe('the payment header', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("a new payment's MDSSH and İTSDA dates are today in Baku, whatever the browser's zone", () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      // 21:30 UTC is already the next day in Baku (UTC+4).
      vi.setSystemTime(new Date('2026-11-23T21:30:00Z'));
      const late = toHeader();
      expect(late.mdssh_date?.format('YYYY-MM-DD')).toBe('2026-11-24');
      expect(late.itsda_date?.format('YYYY-MM-DD')).toBe('2026-11-24');
      vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
      expect(toHeader().mdssh_date?.format('YYYY-MM-DD')).toBe('2026-11-23');
      expect(toHeader()).toMatchObject({ owner_code: '', owner_name: '', mdssh_number: '', mdssh_amount: '' });
    } finally {
      process.env.TZ = zone;
    }
  });

  it("an edited payment's dates are its own: a date never recorded stays empty", () => {
    const stored = {
      owner_code: '1400123451',
      owner_name: 'Ödəyici',
      owner_address: '',
      owner_phone: '',
      owner_transport_type: null,
      region: 2,
      mdssh_number: 'M-1',
      mdssh_date: '2026-01-10',
      mdssh_amount: '10.00',
      itsda_number: '',
      itsda_date: null,
      itsda_amount: null,
    } as unknown as Payment;
    const header = toHeader(stored);
    expect(header.mdssh_date?.format('YYYY-MM-DD')).toBe('2026-01-10');
    expect(header.itsda_date).toBeNull();
    expect(header.mdssh_amount).toBe('10,00');
  });
});
