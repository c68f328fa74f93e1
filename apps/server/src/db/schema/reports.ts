import { integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
