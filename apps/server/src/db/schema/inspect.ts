import { sql } from 'drizzle-orm';
import type { CheckAnswer } from '@dnx/shared';
import { check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { fnForms } from './fn';
import { users } from './users';

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

/**
 * The checks inspectors made of marks at the roadside (issue 46): sent by the phone when it is online, each once (the
 * phone's id is the key, so a batch sent again records nothing new). The form's history shows them beside its ledger.
 */
export const inspectChecks = pgTable(
  'inspect_checks',
  {
    id: uuid('id').primaryKey(),
    /** The form checked, when the series and number name one. */
    formId: integer('form_id').references(() => fnForms.id, { onDelete: 'set null' }),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    inspectorId: integer('inspector_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    answer: text('answer').$type<CheckAnswer>().notNull(),
    source: text('source').$type<'scan' | 'typed'>().notNull(),
    /** The time of the snapshot the phone answered from; null: answered online or from the receipt alone. */
    snapshotAt: timestamp('snapshot_at', { withTimezone: true }),
    /** Decimal degrees as sent (never a binary float), and the accuracy in metres. */
    latitude: numeric('latitude', { precision: 10, scale: 7 }),
    longitude: numeric('longitude', { precision: 10, scale: 7 }),
    accuracy: integer('accuracy'),
  },
  (t) => [
    // A form's history pages its checks in this order (issue 56); the form's foreign key is its first column.
    index('inspect_checks_form_id_checked_at_idx').on(t.formId, t.checkedAt, t.recordedAt, t.id),
    index('inspect_checks_inspector_id_idx').on(t.inspectorId),
    index('inspect_checks_series_number_idx').on(t.series, t.number),
    check(
      'inspect_checks_answer',
      sql`${t.answer} in ('valid', 'expired', 'annulled', 'voided', 'not_issued', 'unknown', 'not_genuine')`,
    ),
    check('inspect_checks_source', sql`${t.source} in ('scan', 'typed')`),
    check(
      'inspect_checks_location_whole',
      sql`(${t.latitude} is null) = (${t.longitude} is null) and (${t.latitude} is null) = (${t.accuracy} is null)`,
    ),
  ],
);
