import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions } from './auth';
import { users } from './users';

/**
 * Who has a record open for editing (issue 47): one row a session and record, renewed by its editor while the record
 * is open and read only until `expires_at`. Kept in the database, so every server process sees every editor; its
 * writes announce `presence:<resource>:<id>` on the change feed (migration 0056).
 */
export const presenceEditors = pgTable(
  'presence_editors',
  {
    resource: text('resource').notNull(),
    recordId: integer('record_id').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.resource, t.recordId, t.sessionId] }),
    index('presence_editors_session_id_idx').on(t.sessionId),
    index('presence_editors_user_id_idx').on(t.userId),
    index('presence_editors_expires_at_idx').on(t.expiresAt),
  ],
);
