import { randomBytes } from 'node:crypto';
import type { Jwks } from '@dnx/shared';
import { desc, isNull, sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import { ConfigError, type Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { signingKeys } from '../../db/schema';
import { createTaggedCache, type ChangeFeed } from '../../lib/change-feed';
import { utcDay } from '../../lib/days';
import { secretBox } from '../../lib/secret-box';

/**
 * The authority's Ed25519 keys (issue 46): one signs receipts' QR codes and the inspectors' snapshots, all still
 * inside their verify window are published. From the SIGNING_KEYS setting when it is set (a JWK set: the first key
 * with `d` signs, every key is published until its `publish_until` day), else from the database (`signing_keys`: a
 * key made at the first need, sealed under MFA_ENCRYPTION_KEY, rotated by `npm run cli -- rotate-signing-key`).
 */

export interface SigningKey {
  kid: string;
  key: CryptoKey;
}

/** A key of the SIGNING_KEYS setting: an Ed25519 JWK with its kid; `d` on the keys that may sign. */
interface SettingKey extends JWK {
  kid: string;
  publish_until?: string;
}

/** A SIGNING_KEYS setting that cannot be used: the server stops at start naming it, as for any bad setting. */
export class SigningKeysError extends ConfigError {}

const publicPart = (jwk: JWK, kid: string): Jwks['keys'][number] => ({
  kty: 'OKP',
  crv: 'Ed25519',
  x: jwk.x!,
  kid,
  use: 'sig',
  alg: 'EdDSA',
});

/** Reads and checks the SIGNING_KEYS setting's JWK set; a mistake stops the server at start. */
export function parseSigningKeysSetting(value: string): SettingKey[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new SigningKeysError('SIGNING_KEYS: not JSON (a JWK set: {"keys":[...]})');
  }
  const keys = (parsed as { keys?: unknown })?.keys;
  if (!Array.isArray(keys) || keys.length === 0) throw new SigningKeysError('SIGNING_KEYS: {"keys":[...]} with a key');
  const kids = new Set<string>();
  for (const key of keys as SettingKey[]) {
    if (key?.kty !== 'OKP' || key.crv !== 'Ed25519' || typeof key.x !== 'string')
      throw new SigningKeysError('SIGNING_KEYS: each key must be an Ed25519 JWK (kty OKP, crv Ed25519, x)');
    if (typeof key.kid !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(key.kid) || kids.has(key.kid))
      throw new SigningKeysError('SIGNING_KEYS: each key needs its own kid (letters, digits, _ . -)');
    if (key.publish_until !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(key.publish_until))
      throw new SigningKeysError('SIGNING_KEYS: publish_until must be a day, yyyy-mm-dd');
    kids.add(key.kid);
  }
  if (!(keys as SettingKey[]).some((key) => typeof key.d === 'string'))
    throw new SigningKeysError('SIGNING_KEYS: no key has its private part (d) to sign with');
  return keys as SettingKey[];
}

/** The private key sealed at rest under a key derived from MFA_ENCRYPTION_KEY (lib/secret-box). */
const sealer = (settingKey: string) =>
  secretBox('dnx-signing-v1', settingKey, (why) => new SigningKeysError(`not a sealed signing key: ${why}`));

/** A new key pair: its kid (a day and random bits), public JWK and private JWK. */
export async function newKeyPair(): Promise<{ kid: string; publicJwk: JWK; privateJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
  const kid = `${utcDay().replaceAll('-', '')}-${randomBytes(6).toString('base64url')}`;
  const publicJwk = await exportJWK(publicKey);
  const privateJwk = await exportJWK(privateKey);
  return { kid, publicJwk: { kty: 'OKP', crv: 'Ed25519', x: publicJwk.x! }, privateJwk };
}

/** Retires the current key of the database (published through the last day of the validity it may have signed). */
export async function rotateSigningKey(db: Database, config: Pick<Config, 'mfaKey'>): Promise<string> {
  const fresh = await newKeyPair();
  const sealed = sealer(config.mfaKey).seal(JSON.stringify(fresh.privateJwk));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE signing_keys SET retired_at = now(),
        publish_until = greatest(current_date, (SELECT max(valid_to) FROM fn_forms WHERE stage = 'paid'))
      WHERE retired_at IS NULL`);
    await tx.insert(signingKeys).values({ kid: fresh.kid, publicJwk: fresh.publicJwk as never, privateKey: sealed });
  });
  return fresh.kid;
}

/**
 * The keys' store: the signing key and the published set, from the setting or the database. With the change feed,
 * the database's keys are kept in memory until signing_keys changes (issue 56: every phone's sync asks for the JWKS
 * and every snapshot for the signing key; its statement trigger announces `rows:signing_keys` to every process).
 */
export function createSigningKeys(db: Executor, config: Pick<Config, 'mfaKey' | 'SIGNING_KEYS'>, feed?: ChangeFeed) {
  const kept = feed ? createTaggedCache<SigningKey | Jwks>(feed, 16) : null;
  const keepTags = ['rows:signing_keys'];
  const keep = <V extends SigningKey | Jwks>(key: string, load: () => Promise<V>): Promise<V> =>
    kept ? (kept.get(key, keepTags, load) as Promise<V>) : load();
  const imported = new Map<string, Promise<CryptoKey>>();
  const importOnce = (kid: string, jwk: JWK) => {
    let key = imported.get(kid);
    if (!key) {
      key = importJWK(jwk, 'EdDSA') as Promise<CryptoKey>;
      imported.set(kid, key);
    }
    return key;
  };
  const box = sealer(config.mfaKey);
  const setting = config.SIGNING_KEYS ? parseSigningKeysSetting(config.SIGNING_KEYS) : null;

  /** The database's current key, made (once, whichever process is first) when there is none. */
  async function storedCurrent(): Promise<SigningKey> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [row] = await db
        .select()
        .from(signingKeys)
        .where(isNull(signingKeys.retiredAt))
        .orderBy(desc(signingKeys.createdAt))
        .limit(1);
      if (row) return { kid: row.kid, key: await importOnce(row.kid, JSON.parse(box.open(row.privateKey)) as JWK) };
      const fresh = await newKeyPair();
      // Another process making its own at the same moment: the one-current index keeps one, the loser reads it.
      await db
        .insert(signingKeys)
        .values({
          kid: fresh.kid,
          publicJwk: fresh.publicJwk as never,
          privateKey: box.seal(JSON.stringify(fresh.privateJwk)),
        })
        .onConflictDoNothing();
    }
    throw new SigningKeysError('no current signing key');
  }

  return {
    /** The key that signs now. */
    async current(): Promise<SigningKey> {
      if (!setting) return keep('current', storedCurrent);
      const signer = setting.find((key) => typeof key.d === 'string')!;
      const { publish_until: _until, ...jwk } = signer;
      return { kid: signer.kid, key: await importOnce(signer.kid, jwk) };
    },

    /** The public keys to publish: the current one and those retired still inside their window. */
    async published(): Promise<Jwks> {
      const today = utcDay();
      if (setting) {
        return {
          keys: setting
            .filter((key) => key.publish_until === undefined || key.publish_until >= today)
            .map((key) => publicPart(key, key.kid)),
        };
      }
      // Kept for the day: a retired key leaves the set the day after its publish_until.
      return keep(`published:${today}`, async () => {
        await storedCurrent();
        const rows = await db
          .select({ kid: signingKeys.kid, publicJwk: signingKeys.publicJwk, publishUntil: signingKeys.publishUntil })
          .from(signingKeys)
          .where(sql`${signingKeys.retiredAt} IS NULL OR ${signingKeys.publishUntil} >= ${today}`)
          .orderBy(desc(signingKeys.createdAt));
        return { keys: rows.map((row) => publicPart(row.publicJwk, row.kid)) };
      });
    },
  };
}

export type SigningKeys = ReturnType<typeof createSigningKeys>;
