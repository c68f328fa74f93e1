import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bankEntries } from './bank-statements';
import { createdAt, id } from './columns';
import { payments } from './payments';
import { users } from './users';

/**
 * A credit's links to the payments it pays (issue 57): one credit may pay several payments (a combined transfer), and
 * a payment may take several credits up to its total (partial payments). `whole`: the link pays the payment's whole
 * total; a payment has one whole link at most, by a unique index, however many match at once. `rule`: what linked it
 * (`receipt` named in the text, `voen` the payer's VÖEN and the amount, `person` a person's confirmation or link);
 * `payer_rule`: how the payer was known (`debtor_id`, `text_voen`, `learnt_account`, `not_given`).
 */
export const bankLinks = pgTable(
  'bank_links',
  {
    id: id(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => bankEntries.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    /** The money of the credit this link gives the payment. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    whole: boolean('whole').notNull(),
    rule: text('rule').notNull(),
    payerRule: text('payer_rule').notNull().default('not_given'),
    /** Null for an automatic link. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_links_entry_payment_key').on(t.entryId, t.paymentId),
    uniqueIndex('bank_links_whole_payment_key')
      .on(t.paymentId)
      .where(sql`${t.whole}`),
    index('bank_links_payment_id_idx').on(t.paymentId),
    index('bank_links_created_by_idx').on(t.createdBy),
    check('bank_links_amount_positive', sql`${t.amount} > 0`),
    check('bank_links_rule_known', sql`${t.rule} in ('receipt', 'voen', 'person')`),
  ],
);

/**
 * What confirmations taught (issue 57): a payer's bank account and name variant belong to a VÖEN. Used only as payer
 * evidence for a credit that names no receipt (its VÖEN by its account), never alone.
 */
export const bankPayerAccounts = pgTable(
  'bank_payer_accounts',
  {
    id: id(),
    account: text('account').notNull(),
    voen: text('voen').notNull(),
    /** The name as the bank wrote it, folded (shared payerNameKey). */
    nameKey: text('name_key').notNull().default(''),
    learntFrom: integer('learnt_from').references(() => bankEntries.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_payer_accounts_account_voen_key').on(t.account, t.voen),
    index('bank_payer_accounts_voen_idx').on(t.voen),
    index('bank_payer_accounts_learnt_from_idx').on(t.learntFrom),
  ],
);

/**
 * A payment a person said a credit does not pay (issue 57): a suggestion rejected, or a link undone. Never suggested
 * for that credit or linked to it automatically again; a person may still link it by hand.
 */
export const bankRejections = pgTable(
  'bank_rejections',
  {
    id: id(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => bankEntries.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('bank_rejections_entry_payment_key').on(t.entryId, t.paymentId),
    index('bank_rejections_payment_id_idx').on(t.paymentId),
    index('bank_rejections_created_by_idx').on(t.createdBy),
  ],
);

/**
 * An administrator's rule for a bank's odd layout (issue 57): per account (spaces removed, upper case), a pattern
 * with a named group `receipt` or `voen`, tried in `position` order on each text of the account's credits.
 */
export const bankMatchRules = pgTable(
  'bank_match_rules',
  {
    id: id(),
    account: text('account').notNull(),
    pattern: text('pattern').notNull(),
    position: integer('position').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_match_rules_account_idx').on(t.account, t.position),
    index('bank_match_rules_created_by_idx').on(t.createdBy),
  ],
);
