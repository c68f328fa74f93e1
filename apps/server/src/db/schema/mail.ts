import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { MailAttachment } from '../../lib/mailer';
import { id } from './columns';

/**
 * The mail outbox (issue 26; features/mail/): a mail is a row written in the transaction of the change that causes
 * it, and a worker in every server process sends it, with retries and backoff. A row is claimed for a while
 * (`claimed_until`) by the worker that sends it, so two processes never send it together and a process that died
 * holding it gives it up when the claim runs out. Once sent, its body is emptied (a reset link is a credential).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** What the mail is about, for the administrators' list: password_reset, online_submitted, online_decision. */
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Files sent with it (a subscribed report), base64; emptied with the body once sent. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** pending (to send, now or after `next_attempt_at`), sent, failed (given up after the attempts allowed). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The request that caused it (X-Request-Id). */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_status_created_at_idx').on(t.status, t.createdAt),
    check('mail_outbox_status', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
