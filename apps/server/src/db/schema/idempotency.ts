import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { id } from './columns';
import { users } from './users';

/**
 * Idempotency keys (lib/idempotency.ts): the first answer to a request sent with an `Idempotency-Key`, kept so a
 * retry with the same key and body gets it again instead of doing the work twice. One row per user and key,
 * inserted before the work starts (its unique index is the lock across processes); `response_status` is null
 * while the first request runs.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the method, the path and the request body as read: another body under the same key is refused. */
    requestHash: text('request_hash').notNull(),
    /** When the first request started (or a stale one was taken over). */
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    responseStatus: smallint('response_status'),
    responseContentType: text('response_content_type'),
    responseBody: text('response_body'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /**
     * The record the request's effect wrote (its audited resource and id), set in the transaction of the effect: a
     * retry after a crash between the commit and the kept answer is answered from it (lib/idempotency.ts).
     */
    effectResource: text('effect_resource'),
    effectRecordId: text('effect_record_id'),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_id_key_key').on(t.userId, t.key),
    index('idempotency_keys_started_at_idx').on(t.startedAt),
    check('idempotency_keys_request_hash_hex', sql`${t.requestHash} ~ '^[0-9a-f]{64}$'`),
    check(
      'idempotency_keys_completed_whole',
      sql`(${t.responseStatus} is null) = (${t.completedAt} is null) and (${t.responseStatus} is null) = (${t.responseBody} is null)`,
    ),
  ],
);
