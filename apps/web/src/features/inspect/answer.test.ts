import type { ReceiptClaims, SnapshotMark } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import {
  answerFromMark,
  answerFromReceipt,
  answerTone,
  isFinding,
  isStale,
  notGenuineAnswer,
  typedMarkKey,
  type Moment,
} from './answer';

/** What the inspector's screen answers from the snapshot and the receipt (issues 46 and 56). */
describe('the inspector’s answer', () => {
  const now = new Date('2026-03-10T08:00:00Z');
  const snapshotAt = '2026-03-10T07:30:00.000Z';
  const fresh: Moment = { now, snapshotAt, list: 'fresh' };
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
    expect(answerFromMark('AB', '000001', paid, fresh)).toMatchObject({
      answer: 'valid',
      plate: '10-AB-123',
      transportType: 'Avtobus',
      validTo: '2026-03-31',
      amount: '97.20',
      basis: 'snapshot',
      snapshotAt,
      source: 'typed',
      checkedAt: now.toISOString(),
    });
    expect(answerFromMark('AB', '000001', paid, { ...fresh, now: new Date('2026-04-01T00:00:00Z') }).answer).toBe(
      'expired',
    );
    const annulled: SnapshotMark = ['AB', '000001', 'annulled', '10-AB-123', 'Avtobus', null, null, null, null];
    expect(answerFromMark('AB', '000001', annulled, fresh).answer).toBe('annulled');
    const blank: SnapshotMark = ['AB', '000002', 'not_issued', null, null, null, null, null, null];
    expect(answerFromMark('AB', '000002', blank, fresh).answer).toBe('not_issued');
    expect(answerFromMark('AB', '000003', undefined, fresh)).toMatchObject({
      answer: 'unknown',
      basis: 'none',
      plate: null,
    });
  });

  it('answers a voided blank as voided, with its reason, not as "not issued"', () => {
    const voided: SnapshotMark = ['AB', '000005', 'voided', null, null, null, null, null, null, 'Blank korlanıb'];
    expect(answerFromMark('AB', '000005', voided, fresh)).toMatchObject({
      answer: 'voided',
      voidReason: 'Blank korlanıb',
    });
    const older: SnapshotMark = ['AB', '000005', 'voided', null, null, null, null, null, null];
    expect(answerFromMark('AB', '000005', older, fresh)).toMatchObject({ answer: 'voided', voidReason: null });
  });

  it("answers a signed receipt by the snapshot's word on its mark, and by the claims when the snapshot lacks it", () => {
    expect(answerFromReceipt(claims, paid, fresh)).toMatchObject({
      answer: 'valid',
      source: 'scan',
      basis: 'snapshot',
      otherPayment: false,
    });
    const annulled: SnapshotMark = ['AB', '000001', 'annulled', '10-AB-123', 'Avtobus', null, null, null, 'AbCd'];
    expect(answerFromReceipt(claims, annulled, fresh).answer).toBe('annulled');
    const repaid: SnapshotMark = [...paid.slice(0, 8), 'ZzZz'] as unknown as SnapshotMark;
    expect(answerFromReceipt(claims, repaid, fresh).otherPayment).toBe(true);
    expect(answerFromReceipt(claims, undefined, fresh)).toMatchObject({
      answer: 'valid',
      basis: 'receipt',
      plate: '10-AB-123',
    });
    expect(answerFromReceipt(claims, undefined, { ...fresh, now: new Date('2026-04-02T00:00:00Z') }).answer).toBe(
      'expired',
    );
  });

  it('says not genuine with nothing of the QR shown as true', () => {
    expect(notGenuineAnswer(fresh)).toMatchObject({ answer: 'not_genuine', plate: null, series: null });
    expect(notGenuineAnswer(fresh, true).unsigned).toBe(true);
  });

  it('gives the full green "valid" only on a fresh list: amber on a stale list, with no list, or when the clocks disagree', () => {
    expect(answerTone(answerFromMark('AB', '000001', paid, fresh))).toBe('valid');
    expect(answerTone(answerFromMark('AB', '000001', paid, { ...fresh, list: 'stale' }))).toBe('doubt');
    expect(answerTone(answerFromReceipt(claims, undefined, { ...fresh, list: 'none', snapshotAt: null }))).toBe(
      'doubt',
    );
    // Other answers keep their own colour on a stale list.
    const blank: SnapshotMark = ['AB', '000002', 'not_issued', null, null, null, null, null, null];
    expect(answerTone(answerFromMark('AB', '000002', blank, { ...fresh, list: 'stale' }))).toBe('not_issued');
  });

  it("judges the expiry by the server's time when the phone's clock is off, and says when its own clock disagrees", () => {
    // The last valid day, 23:58 UTC by the server; the phone's clock is 5 minutes ahead, already the next day.
    const server = new Date('2026-03-31T23:58:00Z');
    const phone = new Date('2026-04-01T00:03:00Z');
    const off = answerFromMark('AB', '000001', paid, { ...fresh, now: server, phoneNow: phone, clockSkewMs: -300_000 });
    expect(off).toMatchObject({ answer: 'valid', clockDoubt: true, clockSkewMs: -300_000 });
    expect(off.checkedAt).toBe(server.toISOString());
    expect(answerTone(off)).toBe('doubt');
    // Far from the expiry both clocks agree: the answer is whole.
    const agree = answerFromMark('AB', '000001', paid, { ...fresh, phoneNow: new Date(now.getTime() + 300_000) });
    expect(agree.clockDoubt).toBe(false);
    expect(answerTone(agree)).toBe('valid');
  });

  it('records no finding without a list on the phone', () => {
    expect(isFinding(answerFromMark('AB', '000001', undefined, { now, snapshotAt: null, list: 'none' }))).toBe(false);
    expect(isFinding(notGenuineAnswer({ now, snapshotAt: null, list: 'none' }))).toBe(false);
    expect(isFinding(answerFromMark('AB', '000001', paid, { ...fresh, list: 'stale' }))).toBe(true);
  });

  it('is stale past the allowed age, and without a snapshot', () => {
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
