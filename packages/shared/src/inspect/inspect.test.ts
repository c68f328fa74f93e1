import { describe, expect, it } from 'vitest';
import { translateMessage } from '../i18n';
import {
  checkAnswers,
  inspectChecksSchema,
  inspectMessages,
  markKey,
  markStateAt,
  markStates,
  maxChecksPerBatch,
  parseReceiptQr,
  paymentTag,
  readSnapshotMark,
  receiptClaimsSchema,
  snapshotMarkSchema,
  snapshotPayloadSchema,
  type SnapshotMark,
} from './index';

const at = (iso: string) => new Date(iso);

describe('markStateAt', () => {
  it('reads a paid mark as valid through its last day (UTC) and expired after it', () => {
    const mark = { state: 'valid' as const, validTo: '2026-03-31' };
    expect(markStateAt(mark, at('2026-03-01T00:00:00Z'))).toBe('valid');
    expect(markStateAt(mark, at('2026-03-31T23:59:59Z'))).toBe('valid');
    expect(markStateAt(mark, at('2026-04-01T00:00:00Z'))).toBe('expired');
  });

  it('keeps annulled and not issued whatever the day, and unknown for a mark the snapshot lacks', () => {
    expect(markStateAt({ state: 'annulled', validTo: '2099-01-01' }, at('2026-01-01T00:00:00Z'))).toBe('annulled');
    expect(markStateAt({ state: 'annulled', validTo: '2000-01-01' }, at('2026-01-01T00:00:00Z'))).toBe('annulled');
    expect(markStateAt({ state: 'not_issued', validTo: null }, at('2026-01-01T00:00:00Z'))).toBe('not_issued');
    expect(markStateAt({ state: 'valid', validTo: null }, at('2026-01-01T00:00:00Z'))).toBe('not_issued');
    expect(markStateAt(null, at('2026-01-01T00:00:00Z'))).toBe('unknown');
    expect(markStateAt(undefined, at('2026-01-01T00:00:00Z'))).toBe('unknown');
  });

  it('names every state of the contract, and not_genuine among the answers', () => {
    expect(markStates).toEqual(['valid', 'expired', 'annulled', 'voided', 'not_issued', 'unknown']);
    expect(checkAnswers).toContain('not_genuine');
  });
});

describe('markKey and the snapshot mark', () => {
  it('keys a mark by series and number', () => {
    expect(markKey('AB', '000123')).toBe('AB-000123');
    expect(markKey('A', '000123')).not.toBe(markKey('AB', '000123'));
  });

  it('reads a tuple as named fields, and refuses a tuple of the wrong shape', () => {
    const mark: SnapshotMark = [
      'AB',
      '000001',
      'valid',
      '10-AB-123',
      'Avtobus',
      '2026-01-01',
      '2026-03-31',
      '97.20',
      'abcd',
    ];
    expect(snapshotMarkSchema.parse(mark)).toEqual(mark);
    expect(readSnapshotMark(mark)).toMatchObject({ plate: '10-AB-123', validTo: '2026-03-31', paymentTag: 'abcd' });
    expect(snapshotMarkSchema.safeParse(['AB', '000001', 'expired', null, null, null, null, null, null]).success).toBe(
      false,
    );
    expect(snapshotMarkSchema.safeParse(['AB', '000001', 'valid', null, null, null, null, 97.2, null]).success).toBe(
      false,
    );
    expect(
      snapshotPayloadSchema.safeParse({
        v: 1,
        cursor: '1',
        from: null,
        full: true,
        generatedAt: '2026-01-01T00:00:00.000Z',
        regions: [1],
        maxAgeMinutes: 720,
        marks: [mark],
        removed: [['AB', '000002']],
      }).success,
    ).toBe(true);
    expect(paymentTag('AbCdEfGhIjKlMnOpQrStUvWxYz0')).toBe('AbCd');
  });
});

describe('the receipt', () => {
  const code = 'AbCdEfGhIjKlMnOpQrStUvWxYz0';

  it('parses the QR text into origin, code and the fragment JWS; an old QR has no JWS', () => {
    expect(parseReceiptQr(`https://dnx.example/verify/${code}#r=aaa.bbb.ccc`)).toEqual({
      origin: 'https://dnx.example',
      code,
      jws: 'aaa.bbb.ccc',
    });
    expect(parseReceiptQr(`http://localhost:3000/verify/${code}`)).toEqual({
      origin: 'http://localhost:3000',
      code,
      jws: null,
    });
    expect(parseReceiptQr('https://dnx.example/verify/short#r=x')).toBe(null);
    expect(parseReceiptQr('hello')).toBe(null);
  });

  it('takes the amount as an exact decimal string, never a number', () => {
    const claims = {
      v: 1,
      code,
      series: 'AB',
      number: '000001',
      plate: '10-AB-123',
      transportType: 'Avtobus',
      validFrom: '2026-01-01',
      validTo: '2026-03-31',
      amount: '97.20',
      paidAt: '2026-01-01T08:00:00.000Z',
    };
    expect(receiptClaimsSchema.parse(claims)).toEqual(claims);
    expect(receiptClaimsSchema.safeParse({ ...claims, amount: 97.2 }).success).toBe(false);
    expect(receiptClaimsSchema.safeParse({ ...claims, v: 2 }).success).toBe(false);
  });
});

describe('the checks batch', () => {
  const check = {
    id: '4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11',
    series: 'AB',
    number: '000001',
    checkedAt: '2026-01-01T08:00:00.000Z',
    answer: 'valid',
    source: 'scan',
    snapshotAt: null,
    location: { lat: '40.4093', lon: '49.8671', accuracy: 12 },
  };
  const errorsOf = (body: unknown) =>
    Object.fromEntries(
      (inspectChecksSchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
    );

  it('reads a valid batch, location optional', () => {
    expect(inspectChecksSchema.parse({ checks: [check, { ...check, location: null }] }).checks).toHaveLength(2);
  });

  it('refuses an empty batch, one over the limit, and bad fields, each with its message', () => {
    expect(errorsOf({ checks: [] })).toEqual({ checks: inspectMessages.checksRequired });
    expect(errorsOf({ checks: Array.from({ length: maxChecksPerBatch + 1 }, () => check) })).toEqual({
      checks: inspectMessages.tooManyChecks(maxChecksPerBatch),
    });
    expect(errorsOf({ checks: [{ ...check, id: 'x' }] })).toEqual({ 'checks.0.id': inspectMessages.checkIdInvalid });
    expect(errorsOf({ checks: [{ ...check, answer: 'fine' }] })).toEqual({
      'checks.0.answer': inspectMessages.answerInvalid,
    });
    expect(errorsOf({ checks: [{ ...check, checkedAt: 'yesterday' }] })).toEqual({
      'checks.0.checkedAt': inspectMessages.checkedAtInvalid,
    });
    expect(errorsOf({ checks: [{ ...check, location: { lat: '91', lon: '0', accuracy: 1 } }] })).toEqual({
      'checks.0.location.lat': inspectMessages.locationInvalid,
    });
  });

  it('has the messages in English and Russian', () => {
    expect(translateMessage(inspectMessages.tooManyChecks(500), 'en')).toBe('At most 500 checks can be sent at once.');
    expect(translateMessage(inspectMessages.checksRequired, 'ru')).toBe('Нужно отправить хотя бы одну проверку.');
  });
});
