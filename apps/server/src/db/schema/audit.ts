import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** One changed field of an audited record. */
export interface AuditChange {
  before: unknown;
  after: unknown;
}

/**
 * Append-only trail of changes (a trigger refuses UPDATE and DELETE): who did what to which record, with the
 * changed fields' values before and after. Written in the same transaction as the change (lib/audit.ts).
 * No foreign keys, so a row outlives the user and the record it names. Also sign-in, sign-out, password resets and
 * refused requests, with the client's address. Hash-chained (lib/hash-chain.ts): the app's role may only INSERT and
 * SELECT it (migration 0014), and a row rewritten by the owner breaks the chain at that row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The signed-in user who made the change; null for the system (seed, command line) or an unknown sign-in. */
    actorId: integer('actor_id'),
    /** Their e-mail at the time, kept in case the account is deleted later; for a failed sign-in the e-mail tried. */
    actorEmail: text('actor_email'),
    /** create, update, delete, activate, deactivate, set_password, ... */
    action: text('action').notNull(),
    /** The resource of the permission catalogue: user, group, region, ... */
    resource: text('resource').notNull(),
    /** The record's id; null when the event names none (a sign-in with an unknown address, a refused request). */
    recordId: text('record_id'),
    changes: jsonb('changes').$type<Record<string, AuditChange>>().notNull(),
    /** The record's name (or e-mail) at the time, so the trail can be searched by it. */
    objectName: text('object_name'),
    /** success, failure (a refused sign-in, a reused token) or denied (a 403). */
    result: text('result').notNull().default('success'),
    /** The client's address as the app sees it (request.ip: TRUST_PROXY decides whether X-Forwarded-For counts). */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The id of the request that wrote the row (X-Request-Id): the one in the logs and the user's error message. */
    requestId: text('request_id'),
    /** What else the event names: the route and permissions of a denial, the reason of a failure. */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** sha256(previous row's hash || this row's canonical form), hex; null only on rows older than the chain. */
    hash: text('hash'),
    /**
     * The stripe of the chain the row is linked in (lib/hash-chain.ts, migration 0055): each stripe is a chain of its
     * own, so writers on different stripes commit side by side. 0 for every row written before the stripes.
     */
    stripe: smallint('stripe').notNull().default(0),
    /** What `search=` reads: the actor's (or tried) e-mail and the object's name, folded once on write. */
    searchKey: text('search_key').generatedAlwaysAs(
      sql.raw(`az_fold(coalesce(actor_email, '') || ' ' || coalesce(object_name, ''))`),
    ),
  },
  (t) => [
    index('audit_log_resource_record_id_idx').on(t.resource, t.recordId),
    index('audit_log_actor_id_idx').on(t.actorId),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_stripe_id_idx').on(t.stripe, t.id),
    index('audit_log_ip_idx').on(t.ip),
    index('audit_log_request_id_idx')
      .on(t.requestId)
      .where(sql`${t.requestId} is not null`),
  ],
);
