import { receiptJwsType, snapshotJwsType, type Jwks, type ReceiptClaims, type SnapshotPayload } from '@dnx/shared';
import { CompactSign, exportJWK, FlattenedSign, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotKid, SnapshotRefused, verifyReceipt, verifySnapshot } from './signatures';

/** The authority's signatures checked offline with the published keys (issue 46). */
describe('receipt and snapshot signatures', () => {
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
  const payload: SnapshotPayload = {
    v: 1,
    cursor: '7',
    from: null,
    full: true,
    generatedAt: '2026-01-01T08:00:00.000Z',
    regions: [1],
    maxAgeMinutes: 720,
    marks: [['AB', '000001', 'valid', '10-AB-123', 'Avtobus', '2026-01-01', '2026-03-31', '97.20', 'AbCd']],
    removed: [],
  };
  let authority: CryptoKey;
  let forger: CryptoKey;
  let jwks: Jwks;

  beforeAll(async () => {
    const pair = await generateKeyPair('Ed25519');
    authority = pair.privateKey;
    forger = (await generateKeyPair('Ed25519')).privateKey;
    const jwk = await exportJWK(pair.publicKey);
    jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: jwk.x!, kid: 'k1', use: 'sig', alg: 'EdDSA' }] };
  });

  const signReceipt = (body: unknown, key = authority, typ = receiptJwsType, kid = 'k1') =>
    new CompactSign(new TextEncoder().encode(JSON.stringify(body)))
      .setProtectedHeader({ alg: 'EdDSA', kid, typ })
      .sign(key);
  const signSnapshot = async (body: SnapshotPayload, key = authority, typ = snapshotJwsType) => {
    const text = JSON.stringify(body);
    const signed = await new FlattenedSign(new TextEncoder().encode(text))
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ, b64: false, crit: ['b64'] })
      .sign(key);
    return {
      protected: signed.protected!,
      payload: text,
      signature: signed.signature,
      serverTime: '2026-01-01T08:00:01.000Z',
    };
  };

  it("reads a receipt the authority signed, and refuses a forger's, a changed one, another type and bad claims", async () => {
    expect(await verifyReceipt(await signReceipt(claims), jwks)).toEqual(claims);
    expect(await verifyReceipt(await signReceipt(claims, forger), jwks)).toBe(null);
    const [header, , signature] = (await signReceipt(claims)).split('.');
    const changed = Buffer.from(JSON.stringify({ ...claims, validTo: '2099-12-31' })).toString('base64url');
    expect(await verifyReceipt(`${header}.${changed}.${signature}`, jwks)).toBe(null);
    expect(await verifyReceipt(await signReceipt(claims, authority, snapshotJwsType), jwks)).toBe(null);
    expect(await verifyReceipt(await signReceipt(claims, authority, receiptJwsType, 'k0'), jwks)).toBe(null);
    expect(await verifyReceipt(await signReceipt({ ...claims, amount: 97.2 }), jwks)).toBe(null);
    expect(await verifyReceipt('not-a-jws', jwks)).toBe(null);
  });

  it("reads a snapshot the authority signed (unencoded payload), and refuses a tampered or forger's one", async () => {
    expect(await verifySnapshot(await signSnapshot(payload), jwks)).toEqual(payload);
    const signed = await signSnapshot(payload);
    const tampered = { ...signed, payload: signed.payload.replace('"valid"', '"annulled"') };
    await expect(verifySnapshot(tampered, jwks)).rejects.toBeInstanceOf(SnapshotRefused);
    await expect(verifySnapshot(await signSnapshot(payload, forger), jwks)).rejects.toBeInstanceOf(SnapshotRefused);
    await expect(verifySnapshot(await signSnapshot(payload, authority, receiptJwsType), jwks)).rejects.toBeInstanceOf(
      SnapshotRefused,
    );
    await expect(verifySnapshot({ payload: '{}' }, jwks)).rejects.toBeInstanceOf(SnapshotRefused);
    const wrongShape = await signSnapshot({ ...payload, v: 2 } as unknown as SnapshotPayload);
    await expect(verifySnapshot(wrongShape, jwks)).rejects.toBeInstanceOf(SnapshotRefused);
  });

  it('reads the key a snapshot names, without trusting it', async () => {
    expect(snapshotKid(await signSnapshot(payload))).toBe('k1');
    expect(snapshotKid({ protected: 'not base64 json' })).toBe('');
    expect(snapshotKid(null)).toBe('');
  });
});
