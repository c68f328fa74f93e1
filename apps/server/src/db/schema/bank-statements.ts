import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { payments } from './payments';
import { users } from './users';

/**
 * Bank statements and their entries (issue 48). A statement is known by its identity (issue 56): the SHA-256 of its
 * account, its number or sequence and its period (features/bank-statements/statement-identity.ts), whatever bytes
 * carry it; imported twice, it is the same statement and nothing changes. The content's SHA-256 only spares a
 * second read of the very same file. Money is numeric(14,2) (a statement's balances pass a payment's 12 digits).
 */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    contentHash: text('content_hash').notNull(),
    /** Null only for a statement kept twice before issue 56 (its later copies): those stay out of the unique index. */
    identity: text('identity'),
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    account: text('account').notNull(),
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    fromDate: date('from_date'),
    toDate: date('to_date'),
    openingBalance: numeric('opening_balance', { precision: 14, scale: 2 }).notNull(),
    closingBalance: numeric('closing_balance', { precision: 14, scale: 2 }).notNull(),
    creditsTotal: numeric('credits_total', { precision: 14, scale: 2 }).notNull(),
    debitsTotal: numeric('debits_total', { precision: 14, scale: 2 }).notNull(),
    entryCount: integer('entry_count').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** When its credits were matched (in the transaction that stored it); null: a re-upload matches them. */
    matchedAt: timestamp('matched_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_statements_identity_key').on(t.identity),
    index('bank_statements_content_hash_idx').on(t.contentHash),
    index('bank_statements_created_at_idx').on(t.createdAt, t.id),
    index('bank_statements_created_by_idx').on(t.createdBy),
    check('bank_statements_format_known', sql`${t.format} in ('camt053', 'mt940', 'csv')`),
  ],
);

/**
 * One booked line of a statement. A credit claims a payment by its receipt number (`claimed_payment_id`) and is
 * linked to it (`payment_id`) only when matched: a payment is linked to one credit at most, by a unique index.
 */
export const bankEntries = pgTable(
  'bank_entries',
  {
    id: id(),
    statementId: integer('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    bookingDate: date('booking_date').notNull(),
    direction: text('direction').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reference: text('reference').notNull().default(''),
    payerCode: text('payer_code').notNull().default(''),
    payerName: text('payer_name').notNull().default(''),
    bankReference: text('bank_reference').notNull().default(''),
    /** The payer's account as the bank gives it (issue 57), or ''. */
    payerAccount: text('payer_account').notNull().default(''),
    /** Every text of the entry by its field (camt `Ustrd`, MT940 `:86:/REMI/`, CSV `details`, …), 140 characters each. */
    texts: jsonb('texts')
      .$type<{ field: string; text: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The receipt keys its texts may name (shared `receiptCandidates`): matched against `bank_receipt_key`. */
    receiptKeys: text('receipt_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The payer's VÖEN candidates: the debtor's id and the ten-digit tokens of its texts. */
    voenTokens: text('voen_tokens')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null for a debit: only credits are matched. */
    matchState: text('match_state'),
    claimedPaymentId: integer('claimed_payment_id').references(() => payments.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'restrict' }),
    resolutionReason: text('resolution_reason'),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** A link whose amounts differ, accepted by a person with a reason: the payment's total less the credit. */
    acceptedDifference: numeric('accepted_difference', { precision: 14, scale: 2 }),
  },
  (t) => [
    uniqueIndex('bank_entries_statement_position_key').on(t.statementId, t.position),
    // Nothing is matched twice: one credit per payment, whoever links it and however many at once.
    uniqueIndex('bank_entries_payment_id_key').on(t.paymentId),
    index('bank_entries_claimed_payment_id_idx').on(t.claimedPaymentId),
    index('bank_entries_match_state_idx').on(t.matchState, t.id),
    index('bank_entries_resolved_by_idx').on(t.resolvedBy),
    // A payment paid after its credit came finds the credit that names it (issue 57).
    index('bank_entries_receipt_keys_idx').using('gin', t.receiptKeys),
    check('bank_entries_direction_known', sql`${t.direction} in ('credit', 'debit')`),
    check('bank_entries_amount_positive', sql`${t.amount} > 0`),
    check(
      'bank_entries_match_state_known',
      sql`(${t.direction} = 'debit' and ${t.matchState} is null) or (${t.direction} = 'credit' and ${t.matchState} in ('matched', 'amount_differs', 'no_payment', 'contested', 'not_ours'))`,
    ),
    // A combined credit (issue 57) is matched with its payments in bank_links and no payment_id of its own.
    check('bank_entries_linked_is_matched', sql`${t.paymentId} is null or ${t.matchState} = 'matched'`),
  ],
);
