import { receiptJwsType, type ReceiptClaims } from '@dnx/shared';
import { CompactSign, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimsMatchPayment, receiptJwsOf, receiptVerdict } from './receipt-signature';

/** The public check page's signature verdict (issue 46), from the keys kept in the browser. */
describe('the receipt signature on the public check page', () => {
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
  const kept = new Map<string, string>();
  const hadStorage = 'localStorage' in globalThis;
  let key: CryptoKey;
  let forger: CryptoKey;
  const sign = (body: unknown, with_ = key) =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(body)))
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: receiptJwsType })
      .sign(with_);

  beforeAll(async () => {
    // The keys this browser kept from an earlier visit: no network is asked while they verify.
    Object.assign(globalThis, {
      localStorage: { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => kept.set(k, v) },
    });
    const pair = await generateKeyPair('Ed25519');
    key = pair.privateKey;
    forger = (await generateKeyPair('Ed25519')).privateKey;
    const { x } = await exportJWK(pair.publicKey);
    kept.set(
      'dnx-jwks',
      JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x, kid: 'k1', use: 'sig', alg: 'EdDSA' }] }),
    );
  });
  afterAll(() => {
    if (!hadStorage) delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('reads the JWS from the fragment, and none from an old QR', () => {
    expect(receiptJwsOf('#r=aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
    expect(receiptJwsOf('#x=1&r=aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
    expect(receiptJwsOf('')).toBe(null);
    expect(receiptJwsOf('#r=')).toBe(null);
  });

  it('says signed for the authority’s signature of this code, not genuine for a forgery or another code', async () => {
    expect(await receiptVerdict(await sign(claims), claims.code)).toEqual({ kind: 'signed', claims });
    // A forgery is checked against the published keys too before it is refused; offline they are the kept ones.
    expect(await receiptVerdict(await sign(claims, forger), claims.code)).toEqual({ kind: 'notGenuine' });
    expect(await receiptVerdict(await sign(claims), 'ZzZzZzGhIjKlMnOpQrStUvWxYz0')).toEqual({ kind: 'notGenuine' });
  });

  it('matches the signed row against the payment the server answers', () => {
    const payment = {
      valid: true,
      status: 3,
      owner_name: 'X',
      payment_receipt_number: null,
      payment_receipt_date: null,
      total: '97.20',
      rows: [
        {
          plate: '10-AB-123',
          form_series: 'AB',
          form_number: '000001',
          valid_from: '2026-01-01',
          valid_until: '2026-03-31',
          amount: '97.2',
        },
      ],
    } as Parameters<typeof claimsMatchPayment>[1];
    expect(claimsMatchPayment(claims, payment)).toBe(true);
    expect(claimsMatchPayment({ ...claims, plate: '99-ZZ-999' }, payment)).toBe(false);
  });
});
