import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ExpireDateType, FnBatchStatus, FnMovement, FnStage } from '@dnx/shared';
import { createdAt, id, updatedAt, version } from './columns';
import { payments } from './payments';
import { carriers } from './fleet';
import { fnCoefficients, transportTypes } from './reference-lists';
import { regions } from './regions';
import { users } from './users';

/**
 * Strict-accountability forms (decisions.md section 3). A batch issues the range start..finish of one series to an
 * operator; ranges of a series never overlap (an exclusion constraint of migration 0019, btree_gist). Each number
 * is a form row, created with its batch in one INSERT ... SELECT generate_series.
 */
export const fnBatches = pgTable(
  'fn_batches',
  {
    id: id(),
    series: text('series').notNull(),
    startNumber: integer('start_number').notNull(),
    finishNumber: integer('finish_number').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    transportTypeId: integer('transport_type_id')
      .notNull()
      .references(() => transportTypes.id, { onDelete: 'restrict' }),
    coefficientId: integer('coefficient_id')
      .notNull()
      .references(() => fnCoefficients.id, { onDelete: 'restrict' }),
    /** The spec's fnBase: the batch this one continues. */
    parentBatchId: integer('parent_batch_id'),
    expireDate: smallint('expire_date').notNull(),
    expireDateType: text('expire_date_type').$type<ExpireDateType>().notNull(),
    status: text('status').$type<FnBatchStatus>().notNull().default('issued'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    version: version(),
  },
  (t) => [
    foreignKey({ columns: [t.parentBatchId], foreignColumns: [t.id], name: 'fn_batches_parent_batch_id_fk' }).onDelete(
      'set null',
    ),
    check('fn_batches_series_format', sql`${t.series} ~ '^[A-Z]{1,3}$'`),
    check(
      'fn_batches_range',
      sql`${t.startNumber} >= 1 and ${t.finishNumber} <= 999999 and ${t.finishNumber} >= ${t.startNumber} and ${t.finishNumber} - ${t.startNumber} < 100000`,
    ),
    check('fn_batches_expire_date', sql`${t.expireDate} between 1 and 120`),
    check('fn_batches_expire_date_type', sql`${t.expireDateType} in ('month', 'quarter', 'half-year', 'year')`),
    check('fn_batches_status', sql`${t.status} in ('issued', 'accepted')`),
    index('fn_batches_series_start_idx').on(t.series, t.startNumber),
    index('fn_batches_operator_id_idx').on(t.operatorId),
    index('fn_batches_region_id_idx').on(t.regionId),
    index('fn_batches_transport_type_id_idx').on(t.transportTypeId),
    index('fn_batches_coefficient_id_idx').on(t.coefficientId),
    index('fn_batches_parent_batch_id_idx').on(t.parentBatchId),
    index('fn_batches_created_by_idx').on(t.createdBy),
    index('fn_batches_accepted_by_idx').on(t.acceptedBy),
    index('fn_batches_status_created_at_idx').on(t.status, t.createdAt),
  ],
);

/** One numbered form of a batch: its stage, the spec's notice status, inspector, payment and validity. */
export const fnForms = pgTable(
  'fn_forms',
  {
    id: id(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => fnBatches.id, { onDelete: 'cascade' }),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    stage: text('stage').$type<FnStage>().notNull().default('new'),
    /** 0 active, 1 expired, 2 insured, 3 not fully insured, 4 paid; null while new (or voided before acceptance). */
    status: smallint('status'),
    /** A paid form annulled (the spec's paid-fn soft delete): it leaves the paid count. */
    annulled: boolean('annulled').notNull().default(false),
    inspectorId: integer('inspector_id').references(() => users.id, { onDelete: 'restrict' }),
    /** The payment that holds it (used) or paid it; cleared when that payment is cancelled. */
    paymentId: integer('payment_id').references((): AnyPgColumn => payments.id, { onDelete: 'restrict' }),
    validFrom: date('valid_from'),
    validTo: date('valid_to'),
    voidReason: text('void_reason'),
    annulReason: text('annul_reason'),
    /** When the stage last changed: how long a form has been active. */
    stageAt: timestamp('stage_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('fn_forms_series_number_key').on(t.series, t.number),
    index('fn_forms_batch_id_stage_idx').on(t.batchId, t.stage),
    index('fn_forms_stage_series_number_idx').on(t.stage, t.series, t.number, t.id),
    // The form lists in their default order (by id): one stage, and one stage of one series.
    index('fn_forms_stage_id_idx').on(t.stage, t.id),
    index('fn_forms_stage_series_id_idx').on(t.stage, t.series, t.id),
    // The general list by series (migration 0048).
    index('fn_forms_series_id_idx').on(t.series, t.id),
    index('fn_forms_inspector_id_idx').on(t.inspectorId),
    index('fn_forms_payment_id_idx').on(t.paymentId),
    // Paid forms by the last day of validity: the home's "expiring in 30 days" and the list's valid_to filters.
    index('fn_forms_valid_to_idx')
      .on(t.validTo)
      .where(sql`${t.validTo} is not null`),
    check('fn_forms_stage', sql`${t.stage} in ('new', 'active', 'shared', 'used', 'paid', 'voided')`),
    check('fn_forms_status', sql`${t.status} is null or ${t.status} between 0 and 4`),
    check('fn_forms_shared_has_inspector', sql`${t.stage} <> 'shared' or ${t.inspectorId} is not null`),
  ],
);

/**
 * The forms' ledger: every movement of a batch or its forms (who, when, what, before and after), one row per
 * contiguous run of numbers of one batch. Append-only and hash-chained like the audit trail (lib/hash-chain.ts):
 * the app's role may only INSERT and SELECT it and triggers refuse UPDATE, DELETE and TRUNCATE (migration 0019).
 * No foreign keys, so a row outlives a deleted batch.
 */
export const fnLedger = pgTable(
  'fn_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    movement: text('movement').$type<FnMovement>().notNull(),
    batchId: integer('batch_id'),
    series: text('series'),
    numberFrom: integer('number_from'),
    numberTo: integer('number_to'),
    /** How many forms moved (0 for a change of the batch alone). */
    forms: integer('forms').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    hash: text('hash'),
    /** The stripe of the chain the row is linked in (lib/hash-chain.ts, migration 0055); 0 before the stripes. */
    stripe: smallint('stripe').notNull().default(0),
  },
  (t) => [
    index('fn_ledger_batch_id_idx').on(t.batchId),
    index('fn_ledger_stripe_id_idx').on(t.stripe, t.id),
    index('fn_ledger_series_number_idx').on(t.series, t.numberFrom, t.numberTo),
    check('fn_ledger_hash_present', sql`${t.hash} is not null and ${t.hash} ~ '^[0-9a-f]{64}$'`),
  ],
);

/**
 * The reminders sent to carriers before their paid forms expire (issue 26, the `expiry-reminders` job): one row per
 * form, threshold (30 or 7 days) and last day of validity, written in the transaction that puts the mail in the
 * outbox, so a reminder goes once however often the job runs.
 */
export const fnExpiryReminders = pgTable(
  'fn_expiry_reminders',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => fnForms.id, { onDelete: 'cascade' }),
    daysBefore: smallint('days_before').notNull(),
    validTo: date('valid_to').notNull(),
    carrierId: integer('carrier_id').references(() => carriers.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.formId, t.daysBefore, t.validTo] })],
);
