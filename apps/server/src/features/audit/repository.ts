import { auditListSpec, type AuditEntry } from '@dnx/shared';
import { count, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';
import { applyList, listReads, defineList, type ListSource } from '../../lib/list/list-query';

export const auditList = defineList({
  spec: auditListSpec,
  filters: {
    actor: auditLog.actorId,
    action: auditLog.action,
    resource: auditLog.resource,
    record_id: auditLog.recordId,
    result: auditLog.result,
    ip: auditLog.ip,
    request_id: auditLog.requestId,
    // Days are UTC days, both ends included.
    date_from: (day) => sql`${auditLog.at} >= (${day}::date)::timestamp at time zone 'UTC'`,
    date_to: (day) => sql`${auditLog.at} < ((${day}::date + 1)::timestamp at time zone 'UTC')`,
  },
  orderBy: { id: auditLog.id, at: auditLog.at },
  search: [auditLog.actorEmail, auditLog.objectName],
  searchKey: auditLog.searchKey,
  defaultOrderBy: 'id',
  tieBreaker: auditLog.id,
});

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  resource: auditLog.resource,
  recordId: auditLog.recordId,
  objectName: auditLog.objectName,
  result: auditLog.result,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  requestId: auditLog.requestId,
  changes: auditLog.changes,
  detail: auditLog.detail,
};

type AuditRow = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] | null } & {
  id: number;
  at: Date;
};

function asEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId,
    actor_email: row.actorEmail,
    action: row.action ?? '',
    resource: row.resource ?? '',
    record_id: row.recordId,
    object_name: row.objectName,
    result: row.result ?? '',
    ip: row.ip,
    user_agent: row.userAgent,
    request_id: row.requestId,
    changes: row.changes ?? {},
    detail: row.detail,
  };
}

export function auditSource(db: Executor): ListSource<AuditEntry> {
  return {
    count: async (where) => {
      const [row] = await db.select({ n: count() }).from(auditLog).where(where);
      return row?.n ?? 0;
    },
    rows: async (where, orderBy, window) =>
      (await applyList(db.select(columns).from(auditLog).$dynamic(), where, orderBy, window)).map((row) =>
        asEntry(row as AuditRow),
      ),
    ...listReads(db, (columns) => db.select(columns).from(auditLog).$dynamic()),
  };
}
