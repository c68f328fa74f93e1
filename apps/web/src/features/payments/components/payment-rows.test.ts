import { registryMessages, type ForPaymentForm, type Payment, type PaymentRow } from '@dnx/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { lookupFailure, quoteFailure, receiptDateToday, rowForForm, rowInput, rowsOfPayment } from './payment-rows';

const form: ForPaymentForm = {
  id: 41,
  series: 'QP',
  number: '000123',
  batch: 7,
  stage: 'shared',
  status: 0,
  annulled: false,
  operator: 3,
  region: 2,
  transport_type: 1,
  inspector: 9,
  inspector_name: 'Quliyev Rəşad',
  payment: null,
  valid_from: null,
  valid_to: null,
  void_reason: null,
  updated_at: '2026-01-10T08:00:00.000Z',
  coefficient_value: '2',
  months: 12,
};

describe('payment rows', () => {
  it('a form shared to an inspector brings them as the row inspector; an active one none', () => {
    expect(rowForForm(form).inspector).toBe(9);
    expect(rowForForm({ ...form, stage: 'active', inspector: null, inspector_name: null }).inspector).toBeNull();
  });

  it("sends the row's inspector and bus type, and reads them back from a stored payment", () => {
    const row = { ...rowForForm(form), plate: '10-AB-123', inspector: 12, bus_type: 'Şəhərlərarası' };
    const input = rowInput(row);
    expect(input).toMatchObject({ form: 41, plate: '10-AB-123', inspector: 12, bus_type: 'Şəhərlərarası' });
    expect(input).not.toHaveProperty('key');
    expect(input).not.toHaveProperty('checked');
    expect(input).not.toHaveProperty('form_series');

    const stored = {
      ...input,
      id: 5,
      form_series: 'QP',
      form_number: '000123',
      tax_price: '777.60',
      valid_from: null,
      valid_until: null,
    } as unknown as PaymentRow;
    const [back] = rowsOfPayment({ rows: [stored] } as Payment);
    expect(back).toMatchObject({ key: '41', checked: true, inspector: 12, bus_type: 'Şəhərlərarası' });
  });
});

describe('a failed quote', () => {
  it("puts a 400's row messages on their rows, by the rows' order", () => {
    const error = new ApiError(400, {
      'rows.1.transport_type': ['2026-01-10 tarixində qüvvədə olan "seat" tarifi yoxdur.'],
    });
    expect(quoteFailure(error)).toEqual({
      rows: { 1: '2026-01-10 tarixində qüvvədə olan "seat" tarifi yoxdur.' },
      unavailable: false,
      detail: null,
    });
  });

  it('joins two messages of one row', () => {
    const error = new ApiError(400, { 'rows.0.coefficient': ['a'], 'rows.0.transport_type': ['b'] });
    expect(quoteFailure(error).rows).toEqual({ 0: 'a b' });
  });

  it('is unavailable as a whole on a network failure or a 5xx, with no words of the server', () => {
    expect(quoteFailure(new TypeError('Failed to fetch'))).toEqual({ rows: {}, unavailable: true, detail: null });
    expect(quoteFailure(new ApiError(503, { detail: 'down' }))).toEqual({ rows: {}, unavailable: true, detail: null });
  });

  it("is unavailable as a whole on a 400 about no row, with the server's message", () => {
    expect(quoteFailure(new ApiError(400, { rows: ['Ən azı bir sətir olmalıdır.'] }))).toEqual({
      rows: {},
      unavailable: true,
      detail: 'Ən azı bir sətir olmalıdır.',
    });
    expect(quoteFailure(new ApiError(403, { detail: 'İcazə yoxdur.' })).detail).toBe('İcazə yoxdur.');
  });
});

describe('the receipt date offered', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is today in Baku, whatever the zone the browser runs in: at 21:30 UTC it is already tomorrow there', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-23T21:30:00Z'));
      expect(receiptDateToday().format('YYYY-MM-DD')).toBe('2026-11-24');
      vi.setSystemTime(new Date('2026-11-23T19:30:00Z'));
      expect(receiptDateToday().format('YYYY-MM-DD')).toBe('2026-11-23');
    } finally {
      process.env.TZ = zone;
    }
  });
});

describe("a failed row lookup's message", () => {
  it("is the server's words for a 4xx: the detail, or a 400's first field message", () => {
    const notFound = new ApiError(404, { detail: registryMessages.vehicleNotFound });
    expect(lookupFailure(notFound)).toBe(registryMessages.vehicleNotFound);
    expect(lookupFailure(new ApiError(403, { detail: 'İcazə yoxdur.' }))).toBe('İcazə yoxdur.');
    expect(lookupFailure(new ApiError(400, { plate: ['Qeydiyyat nişanı 10-AA-123 formatında olmalıdır.'] }))).toBe(
      'Qeydiyyat nişanı 10-AA-123 formatında olmalıdır.',
    );
  });

  it('says the registry does not answer for a 5xx or no answer at all', () => {
    expect(lookupFailure(new ApiError(504, { detail: 'timeout', code: 'registry_timeout' }))).toBe(
      registryMessages.unavailable,
    );
    expect(lookupFailure(new TypeError('Failed to fetch'))).toBe(registryMessages.unavailable);
  });
});
