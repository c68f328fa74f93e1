import type { ReceiptClaims, SnapshotMark } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { answerFromMark, answerFromReceipt, isStale, notGenuineAnswer, typedMarkKey } from './answer';

/** What the inspector's screen answers from the snapshot and the receipt (issue 46). */
describe('the inspector’s answer', () => {
  const now = new Date('2026-03-10T08:00:00Z');
  const snapshotAt = '2026-03-10T07:30:00.000Z';
  const paid: SnapshotMark = [
    'AB',
    '000001',
    'valid',
    '10-AB-123',
    'Avtobus',
    '2026-01-01',
    '2026-03-31',
    '97.20',
    'AbCd',
  ];
  const claims: ReceiptClaims = {
    v: 1,
    code: 'AbCdEfGhIjKlMnOpQrStUvWxYz0',
    series: 'AB',
    number: '000001',
    plate: '10-AB-123',
    transportType: 'Avtobus',
    validFrom: '2026-01-01',
    validTo: '2026-03-31',
    amount: '97.20',
    paidAt: '2026-01-01T08:00:00.000Z',
  };

  it('answers a typed mark from the snapshot: valid, expired after validTo, annulled, not issued, unknown', () => {
    expect(answerFromMark('AB', '000001', paid, { now, snapshotAt })).toMatchObject({
      answer: 'valid',
      plate: '10-AB-123',
      transportType: 'Avtobus',
      validTo: '2026-03-31',
      amount: '97.20',
      basis: 'snapshot',
      snapshotAt,
      source: 'typed',
    });
    expect(answerFromMark('AB', '000001', paid, { now: new Date('2026-04-01T00:00:00Z'), snapshotAt }).answer).toBe(
      'expired',
    );
    const annulled: SnapshotMark = ['AB', '000001', 'annulled', '10-AB-123', 'Avtobus', null, null, null, null];
    expect(answerFromMark('AB', '000001', annulled, { now, snapshotAt }).answer).toBe('annulled');
    const blank: SnapshotMark = ['AB', '000002', 'not_issued', null, null, null, null, null, null];
    expect(answerFromMark('AB', '000002', blank, { now, snapshotAt }).answer).toBe('not_issued');
    expect(answerFromMark('AB', '000003', undefined, { now, snapshotAt })).toMatchObject({
      answer: 'unknown',
      basis: 'none',
      plate: null,
    });
  });

  it("answers a signed receipt by the snapshot's word on its mark, and by the claims when the snapshot lacks it", () => {
    expect(answerFromReceipt(claims, paid, { now, snapshotAt })).toMatchObject({
      answer: 'valid',
      source: 'scan',
      basis: 'snapshot',
      otherPayment: false,
    });
    const annulled: SnapshotMark = ['AB', '000001', 'annulled', '10-AB-123', 'Avtobus', null, null, null, 'AbCd'];
    expect(answerFromReceipt(claims, annulled, { now, snapshotAt }).answer).toBe('annulled');
    const repaid: SnapshotMark = [...paid.slice(0, 8), 'ZzZz'] as unknown as SnapshotMark;
    expect(answerFromReceipt(claims, repaid, { now, snapshotAt }).otherPayment).toBe(true);
    expect(answerFromReceipt(claims, undefined, { now, snapshotAt })).toMatchObject({
      answer: 'valid',
      basis: 'receipt',
      plate: '10-AB-123',
    });
    expect(answerFromReceipt(claims, undefined, { now: new Date('2026-04-02T00:00:00Z'), snapshotAt }).answer).toBe(
      'expired',
    );
  });

  it('says not genuine with nothing of the QR shown as true', () => {
    expect(notGenuineAnswer(snapshotAt)).toMatchObject({ answer: 'not_genuine', plate: null, series: null });
    expect(notGenuineAnswer(null, true).unsigned).toBe(true);
  });

  it('warns past the allowed age, and without a snapshot', () => {
    const hour = 3_600_000;
    expect(isStale(snapshotAt, now, hour)).toBe(false);
    expect(isStale('2026-03-10T06:59:00.000Z', now, hour)).toBe(true);
    expect(isStale(null, now, hour)).toBe(true);
  });

  it('reads typed input as the snapshot keys it, and refuses what cannot be a mark', () => {
    expect(typedMarkKey(' ab ', '1')).toEqual({ series: 'AB', number: '000001', key: 'AB-000001' });
    expect(typedMarkKey('AB', '123456')?.key).toBe('AB-123456');
    expect(typedMarkKey('ABCD', '1')).toBe(null);
    expect(typedMarkKey('AB', '0')).toBe(null);
    expect(typedMarkKey('AB', '1234567')).toBe(null);
    expect(typedMarkKey('', '1')).toBe(null);
  });
});
