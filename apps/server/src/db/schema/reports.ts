import {
  bigint,
  boolean,
  char,
  date,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ReportSubscriptionFilters } from '@dnx/shared';
import { id } from './columns';
import { mailOutbox } from './mail';
import { users } from './users';

/**
 * A user's subscription to a report (issue 26): the report's grouping and filters, mailed as Excel for the last
 * month on the first day of each month by the `report-subscriptions` job, read as the user (their region).
 */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The report's filters and grouping, without the period (each mail is of the month before). */
    filters: jsonb('filters').$type<ReportSubscriptionFilters>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The same report twice would mail the same file twice.
  (t) => [uniqueIndex('report_subscriptions_user_filters_key').on(t.userId, t.filters)],
);

/** Each month a subscription was mailed for (`YYYY-MM`), written with the mail: a month is mailed once. */
export const reportSubscriptionSends = pgTable(
  'report_subscription_sends',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.period] })],
);

/**
 * The reports' summaries (migration 0046, docs/decisions/0036-report-summaries.md), kept by triggers in the
 * transaction of each write and rebuilt by `cli rebuild-summaries`; the app only reads them.
 * Forms by class: kind 'i' counts a form on its batch's day, kind 's' on its stage's day; a null status is -1 and
 * a last day of validity that cannot change a figure is 'infinity'.
 */
export const reportFormCounts = pgTable(
  'report_form_counts',
  {
    kind: char('kind', { length: 1 }).$type<'i' | 's'>().notNull(),
    day: date('day').notNull(),
    regionId: integer('region_id').notNull(),
    operatorId: integer('operator_id').notNull(),
    transportTypeId: integer('transport_type_id').notNull(),
    validity: integer('validity').notNull(),
    stage: text('stage').notNull(),
    status: smallint('status').notNull(),
    annulled: boolean('annulled').notNull(),
    validTo: date('valid_to').notNull(),
    forms: bigint('forms', { mode: 'number' }).notNull(),
    /** The writing connection's row of the key (its backend pid; 0 once folded; migration 0050): the reports sum them. */
    stripe: integer('stripe').notNull().default(0),
  },
  (t) => [
    // Named as migrations 0046 and 0050 made it (drizzle's default name would differ).
    primaryKey({
      name: 'report_form_counts_pkey',
      columns: [
        t.kind,
        t.day,
        t.regionId,
        t.operatorId,
        t.transportTypeId,
        t.validity,
        t.stage,
        t.status,
        t.annulled,
        t.validTo,
        t.stripe,
      ],
    }),
  ],
);

/** Each payment's part of the figures as last counted: status, day, its rows' batches (four ints each) and tax. */
export const reportPaymentShapes = pgTable('report_payment_shapes', {
  paymentId: integer('payment_id').primaryKey(),
  status: smallint('status').notNull(),
  day: date('day').notNull(),
  combos: integer('combos').array().notNull(),
  taxes: numeric('taxes').array().notNull(),
  mdssh: numeric('mdssh', { precision: 14, scale: 2 }).notNull(),
  itsda: numeric('itsda', { precision: 14, scale: 2 }).notNull(),
});

/** Payments summed by status, day and shape (a payment counts once in each group its rows fall in). */
export const reportPaymentDays = pgTable(
  'report_payment_days',
  {
    status: smallint('status').notNull(),
    day: date('day').notNull(),
    combos: integer('combos').array().notNull(),
    payments: bigint('payments', { mode: 'number' }).notNull(),
    taxes: numeric('taxes').array().notNull(),
    mdssh: numeric('mdssh', { precision: 16, scale: 2 }).notNull(),
    itsda: numeric('itsda', { precision: 16, scale: 2 }).notNull(),
    /** As `reportFormCounts.stripe`. */
    stripe: integer('stripe').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'report_payment_days_pkey', columns: [t.status, t.day, t.combos, t.stripe] })],
);
