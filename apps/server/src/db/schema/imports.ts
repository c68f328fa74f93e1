import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { inArray } from 'drizzle-orm';
import type { ImportCounts, ImportOutcome, ImportKind, ImportStatus } from '@dnx/shared';
import { bytea, createdAt, id } from './columns';
import { users } from './users';

/**
 * An import (issue 28): who uploaded which file for which list, the file itself until it is applied (any process's
 * worker reads it), and where the check and the apply stand.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    resource: text('resource').$type<ImportKind>().notNull(),
    fileName: text('file_name').notNull(),
    format: text('format').$type<'xlsx' | 'csv'>().notNull(),
    file: bytea('file'),
    /** The file's header row, as it was (the error file repeats it). */
    header: jsonb('header').$type<string[]>(),
    status: text('status').$type<ImportStatus>().notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total'),
    counts: jsonb('counts').$type<ImportCounts>().notNull().default({ new: 0, changed: 0, unchanged: 0, error: 0 }),
    error: text('error'),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    /** When the process checking it last said it is alive (issue 40): a `checking` import gone quiet is taken up. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    /** Checks begun: the second that a stop interrupts fails the import instead of starting a third. */
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    index('imports_unfinished_idx')
      .on(t.userId, t.status)
      .where(inArray(t.status, ['queued', 'checking'])),
  ],
);

/** One checked row of an import: its outcome, the values to write, what differs, or what is wrong. */
export const importRows = pgTable(
  'import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    outcome: text('outcome').$type<ImportOutcome>().notNull(),
    key: text('key').notNull(),
    /** The record it changes (changed, unchanged), or null (new, error). */
    recordId: integer('record_id'),
    /** The version of that record the check read: the apply refuses a record changed since. */
    recordVersion: integer('record_version'),
    /** The row's cells as the file gave them (the error file hands them back). */
    cells: jsonb('cells').$type<string[]>().notNull(),
    /** The API input the row gives, checked (new, changed). */
    values: jsonb('values').$type<Record<string, unknown>>(),
    changes: jsonb('changes')
      .$type<{ field: string; label: string; before: string; after: string }[]>()
      .notNull()
      .default([]),
    errors: jsonb('errors').$type<Record<string, string[]>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.row] }),
    index('import_rows_outcome_idx').on(t.importId, t.outcome, t.row),
  ],
);
