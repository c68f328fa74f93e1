import { parseReceiptQr, type Jwks } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRows, signingKeys } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fetchJwks, paidPayment, receiptQrTexts, verifyQr } from './inspect-test-kit';
import { newKeyPair, parseSigningKeysSetting, rotateSigningKey } from './signing-keys';

/** An Ed25519 key of the SIGNING_KEYS setting. */
async function settingKey(kid: string) {
  const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  return { ...(await exportJWK(privateKey)), kid };
}
const publicOnly = ({ d: _d, ...jwk }: Record<string, unknown>) => jwk;

describe('the signing keys kept in the database (no SIGNING_KEYS)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes one Ed25519 key, cacheable, without its private part; the stored private key is sealed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const jwks = res.json<Jwks>();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toEqual({
      kty: 'OKP',
      crv: 'Ed25519',
      x: expect.any(String),
      kid: expect.any(String),
      use: 'sig',
      alg: 'EdDSA',
    });
    expect(res.body).not.toMatch(/"d"/);
    const [stored] = await t.database.db.select().from(signingKeys);
    expect(stored!.privateKey).toMatch(/^v1\./);
    expect(stored!.privateKey).not.toContain('"d"');
    // Asked again (another process), the same key: it was made once.
    expect((await fetchJwks(t)).keys).toEqual(jwks.keys);
  });

  it("signs each row of a receipt: the QR text parses, verifies with the published key, claims the row's exact values", async () => {
    const payment = await paidPayment(t);
    const jwks = await fetchJwks(t);
    const texts = await receiptQrTexts(t, payment.id);
    const rows = await t.database.db.select().from(paymentRows).where(eq(paymentRows.paymentId, payment.id));
    expect(texts).toHaveLength(rows.length);
    for (const text of texts) {
      expect(text.startsWith(`http://localhost/verify/${payment.code}#r=`)).toBe(true);
      const { header, claims } = await verifyQr(text, jwks);
      expect(header).toEqual({ alg: 'EdDSA', kid: jwks.keys[0]!.kid, typ: 'dnx-receipt+jws' });
      const row = rows.find((r) => r.plate === claims.plate)!;
      expect(claims).toMatchObject({ v: 1, code: payment.code, validFrom: row.validFrom, validTo: row.validTo });
      // The exact decimal of the database, as text (never a float's rounding).
      expect(claims.amount).toBe(row.taxPrice);
      expect(claims.amount).toMatch(/^\d+\.\d{2}$/);
      expect(claims.transportType).not.toBe('');
    }
  });

  it('refuses a QR whose claims were changed, or signed by another key', async () => {
    const payment = await paidPayment(t);
    const jwks = await fetchJwks(t);
    const [text] = await receiptQrTexts(t, payment.id);
    const [header, payload, signature] = parseReceiptQr(text!)!.jws!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, validTo: '2099-12-31' })).toString('base64url');
    const forgedText = `http://localhost/verify/${payment.code}#r=${header}.${forged}.${signature}`;
    await expect(verifyQr(forgedText, jwks)).rejects.toThrow();
    const other = { keys: [{ ...jwks.keys[0]!, x: publicOnly(await settingKey('x')).x as string }] };
    await expect(verifyQr(text!, other)).rejects.toThrow();
  });

  it("keeps the old receipts' codes verifying online: the public check by code is unchanged", async () => {
    const payment = await paidPayment(t);
    const res = await t.app.inject({ method: 'GET', url: `/api/public/payments/${payment.code}/` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 3 });
  });

  it('rotates: the new key signs new receipts, the old one stays published and verifies what it signed', async () => {
    const payment = await paidPayment(t);
    const [oldText] = await receiptQrTexts(t, payment.id);
    const oldKid = (await fetchJwks(t)).keys[0]!.kid;
    // As another process or the command line would: the change reaches this process's kept keys by the feed.
    const newKid = await t.writeOutside((db) => rotateSigningKey(db, t.config));
    const jwks = await fetchJwks(t);
    expect(jwks.keys.map((k) => k.kid)).toEqual([newKid, oldKid]);
    expect((await verifyQr(oldText!, jwks)).header.kid).toBe(oldKid);
    const [newText] = await receiptQrTexts(t, payment.id);
    expect((await verifyQr(newText!, jwks)).header.kid).toBe(newKid);
    // Past its window a retired key is no longer published.
    await t.writeOutside((db) =>
      db.update(signingKeys).set({ publishUntil: '2000-01-01' }).where(eq(signingKeys.kid, oldKid)),
    );
    expect((await fetchJwks(t)).keys.map((k) => k.kid)).toEqual([newKid]);
  });

  it('keeps the published keys in memory until signing_keys changes (its trigger tells every process)', async () => {
    const kept = await fetchJwks(t);
    const { publicJwk } = await newKeyPair();
    const extra = {
      kid: 'kept-test',
      publicJwk: publicJwk as never,
      privateKey: 'v1.unused',
      retiredAt: new Date(),
      publishUntil: '2999-12-31',
    };
    // Written with the triggers off: nothing announces it, and the keys kept are answered.
    await t.database.asOwner((owner) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql`alter table signing_keys disable trigger signing_keys_change_feed`);
        await tx.insert(signingKeys).values(extra);
        await tx.execute(sql`alter table signing_keys enable trigger signing_keys_change_feed`);
      }),
    );
    expect(await fetchJwks(t)).toEqual(kept);
    // Any announced change of the table drops them.
    await t.writeOutside((db) =>
      db.update(signingKeys).set({ publishUntil: '2999-12-30' }).where(eq(signingKeys.kid, 'kept-test')),
    );
    expect((await fetchJwks(t)).keys.map((k) => k.kid)).toEqual(['kept-test', ...kept.keys.map((k) => k.kid)]);
    await t.writeOutside((db) => db.delete(signingKeys).where(eq(signingKeys.kid, 'kept-test')));
    expect(await fetchJwks(t)).toEqual(kept);
  });
});

describe('the signing keys of the SIGNING_KEYS setting', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it(
    'signs with the first private key, publishes the retired public ones in their window, never a private part',
    { timeout: 180_000 },
    async () => {
      const a = await settingKey('key-a');
      const b = await settingKey('key-b');
      const first = await createTestApp({ seed: true, env: { SIGNING_KEYS: JSON.stringify({ keys: [a] }) } });
      apps.push(first);
      const payment = await paidPayment(first);
      const [oldText] = await receiptQrTexts(first, payment.id);
      expect((await verifyQr(oldText!, await fetchJwks(first))).header.kid).toBe('key-a');

      // Rotated: b signs; a is kept public only, published until its day; an old key past its day is not.
      const rotated = await createTestApp({
        seed: true,
        env: {
          SIGNING_KEYS: JSON.stringify({
            keys: [
              b,
              { ...publicOnly(a), publish_until: '2999-12-31' },
              { ...publicOnly(await settingKey('key-gone')), publish_until: '2001-01-01' },
            ],
          }),
        },
      });
      apps.push(rotated);
      const res = await rotated.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
      const jwks = res.json<Jwks>();
      expect(jwks.keys.map((k) => k.kid)).toEqual(['key-b', 'key-a']);
      for (const secret of [a.d, b.d]) expect(res.body).not.toContain(secret);
      expect(res.body).not.toMatch(/"d"/);
      expect((await verifyQr(oldText!, jwks)).header.kid).toBe('key-a');
      const [newText] = await receiptQrTexts(rotated, (await paidPayment(rotated)).id);
      expect((await verifyQr(newText!, jwks)).header.kid).toBe('key-b');
      // The database keeps no key of its own when the setting names them.
      expect(await rotated.database.db.select().from(signingKeys)).toEqual([]);
    },
  );

  it('refuses a setting that is not a usable key set, naming the mistake', async () => {
    expect(() => parseSigningKeysSetting('{"keys":[]}')).toThrow(/SIGNING_KEYS/);
    expect(() => parseSigningKeysSetting('not json')).toThrow(/not JSON/);
    const a = await settingKey('key-a');
    expect(() => parseSigningKeysSetting(JSON.stringify({ keys: [publicOnly(a)] }))).toThrow(/private part/);
    expect(() => parseSigningKeysSetting(JSON.stringify({ keys: [a, a] }))).toThrow(/own kid/);
    expect(parseSigningKeysSetting(JSON.stringify({ keys: [a] }))).toHaveLength(1);
  });
});
