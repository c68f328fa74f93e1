import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One changed field of an audited record. */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

/**
 * Append-only trail of changes (a trigger refuses UPDATE and DELETE): who did what to which record, with the
 * changed fields' values before and after. Written in the same transaction as the change (lib/audit.ts).
 * No foreign keys, so a row outlives the user and the record it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in user who made the change; null for the system (seed, command line). */
    actorId: integer('actor_id'),
    /** Their e-mail at the time, kept in case the account is deleted later. */
    actorEmail: text('actor_email'),
    /** create, update, delete, activate, deactivate, set_password, ... */
    action: text('action').notNull(),
    /** The resource of the permission catalogue: user, group, region, ... */
    resource: text('resource').notNull(),
    recordId: text('record_id').notNull(),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
  },
  (t) => [
    index('audit_log_resource_record_id_idx').on(t.resource, t.recordId),
    index('audit_log_actor_id_idx').on(t.actorId),
    index('audit_log_at_idx').on(t.at),
  ],
);
