import { sql } from 'drizzle-orm';
import { check, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The authority's Ed25519 signing keys (issue 46) when no SIGNING_KEYS setting names them: the newest key not
 * retired signs receipts and snapshots; every key is published (GET /.well-known/jwks.json) until `publish_until`.
 * The private key is sealed (AES-256-GCM under MFA_ENCRYPTION_KEY): a backup alone signs nothing. At most one key is
 * current (signing_keys_one_current, migration 0057).
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    /** The public JWK: {kty:'OKP', crv:'Ed25519', x}. */
    publicJwk: jsonb('public_jwk').$type<{ kty: 'OKP'; crv: 'Ed25519'; x: string }>().notNull(),
    /** The private JWK, sealed. */
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** A retired key stays published through this day: the last day of validity of what it may have signed. */
    publishUntil: date('publish_until'),
  },
  (t) => [check('signing_keys_retired_has_window', sql`${t.retiredAt} is null or ${t.publishUntil} is not null`)],
);
