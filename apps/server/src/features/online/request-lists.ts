import type {
  OnlineCarrierListItem,
  OnlineCarrierListQuery,
  OnlinePaymentListItem,
  OnlinePaymentListQuery,
  OnlineStatus,
  Page,
} from '@dnx/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { onlineCarrierRequests, onlinePaymentRequests, regions } from '../../db/schema';
import { applyList, defineList, listReads, type ListSource } from '../../lib/list/list-query';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';

export const moment = (value: Date | null) => (value ? value.toISOString() : null);

// The lists of the two screens: the list engine of every other screen (filters, search, order, keyset pages).
export const carrierRequestList = defineList({
  spec: { filters: { status: 'exact', region: 'id', voen: 'exact' }, orderBy: ['id', 'created_at', 'name', 'status'] },
  filters: {
    status: (value) => (/^[1-3]$/.test(value) ? eq(onlineCarrierRequests.status, Number(value)) : sql`false`),
    region: onlineCarrierRequests.regionId,
    voen: onlineCarrierRequests.voen,
  },
  orderBy: {
    id: onlineCarrierRequests.id,
    created_at: onlineCarrierRequests.createdAt,
    status: onlineCarrierRequests.status,
    name: { expr: onlineCarrierRequests.name, text: true },
  },
  search: [
    onlineCarrierRequests.name,
    onlineCarrierRequests.voen,
    onlineCarrierRequests.email,
    onlineCarrierRequests.code,
  ],
  defaultOrderBy: 'id',
  tieBreaker: onlineCarrierRequests.id,
});

export const paymentRequestList = defineList({
  spec: {
    filters: { status: 'exact', region: 'id', owner_code: 'exact' },
    orderBy: ['id', 'created_at', 'owner_name', 'status'],
  },
  filters: {
    status: (value) => (/^[1-3]$/.test(value) ? eq(onlinePaymentRequests.status, Number(value)) : sql`false`),
    region: onlinePaymentRequests.regionId,
    owner_code: onlinePaymentRequests.ownerCode,
  },
  orderBy: {
    id: onlinePaymentRequests.id,
    created_at: onlinePaymentRequests.createdAt,
    status: onlinePaymentRequests.status,
    owner_name: { expr: onlinePaymentRequests.ownerName, text: true },
  },
  search: [
    onlinePaymentRequests.ownerName,
    onlinePaymentRequests.ownerCode,
    onlinePaymentRequests.ownerEmail,
    onlinePaymentRequests.code,
  ],
  defaultOrderBy: 'id',
  tieBreaker: onlinePaymentRequests.id,
});

export type CarrierRequestRow = typeof onlineCarrierRequests.$inferSelect & { regionName: string };
export type PaymentRequestRow = typeof onlinePaymentRequests.$inferSelect & { regionName: string };

const review = (row: CarrierRequestRow | PaymentRequestRow) => ({
  id: row.id,
  code: row.code,
  status: row.status as OnlineStatus,
  region: row.regionId,
  region_name: row.regionName,
  created_at: row.createdAt.toISOString(),
  decided_at: moment(row.decidedAt),
  decided_by: row.decidedBy,
  reason: row.reason,
  version: row.version,
});

export const asCarrierItem = (row: CarrierRequestRow): OnlineCarrierListItem => ({
  ...review(row),
  name: row.name,
  voen: row.voen,
  email: row.email,
  phone: row.phone,
  carrier: row.carrierId,
});

export const asPaymentItem = (row: PaymentRequestRow): OnlinePaymentListItem => ({
  ...review(row),
  owner_code: row.ownerCode,
  owner_name: row.ownerName,
  owner_email: row.ownerEmail,
  owner_phone: row.ownerPhone,
  vehicles_count: row.vehicles.length,
  payment: row.paymentId,
});

const regionName = sql<string>`(select ${regions.name} from ${regions} where ${regions.id} = region_id)`;

type RequestTable = typeof onlineCarrierRequests | typeof onlinePaymentRequests;
type RowOf<T extends RequestTable> = T['$inferSelect'] & { regionName: string };

/** A request's row with its region's name, by a condition; locked for the transaction when `lock`. */
export async function findRequest<T extends RequestTable>(
  executor: Database | Transaction,
  table: T,
  where: SQL,
  lock = false,
): Promise<RowOf<T> | null> {
  const query = (executor as Database)
    .select({ request: table as RequestTable, regionName })
    .from(table as RequestTable)
    .where(where)
    .limit(1);
  const [row] = lock ? await query.for('update', { of: table as RequestTable }) : await query;
  return row ? ({ ...row.request, regionName: row.regionName } as RowOf<T>) : null;
}

/** A registration by a condition, with its region's name; locked for the transaction when `lock`. */
export const findCarrierRequest = (executor: Database | Transaction, where: SQL, lock = false) =>
  findRequest(executor, onlineCarrierRequests, where, lock);
/** A request for marks by a condition, with its region's name; locked for the transaction when `lock`. */
export const findPaymentRequest = (executor: Database | Transaction, where: SQL, lock = false) =>
  findRequest(executor, onlinePaymentRequests, where, lock);

/** A condition within a region scope (none for a national user). */
export const within = (scope: SQL | undefined, condition: SQL) => (scope ? and(condition, scope)! : condition);
export const carrierScope = (actor: AuthUser) => regionScope(actor, onlineCarrierRequests.regionId);
export const paymentScope = (actor: AuthUser) => regionScope(actor, onlinePaymentRequests.regionId);

/** The two review lists (online-carrier, online-payment) of the actor's region; the home counts them too. */
export function onlineRequestLists(db: Database) {
  return {
    countCarriers: (actor: AuthUser, query: OnlineCarrierListQuery): Promise<number> =>
      carrierRequestList.count(query, requestSource(db, onlineCarrierRequests, asCarrierItem), [
        regionScope(actor, onlineCarrierRequests.regionId),
      ]),
    countPayments: (actor: AuthUser, query: OnlinePaymentListQuery): Promise<number> =>
      paymentRequestList.count(query, requestSource(db, onlinePaymentRequests, asPaymentItem), [
        regionScope(actor, onlinePaymentRequests.regionId),
      ]),
    carriers: (
      actor: AuthUser,
      query: OnlineCarrierListQuery,
      currentUrl: string,
    ): Promise<Page<OnlineCarrierListItem>> =>
      carrierRequestList.page(query, requestSource(db, onlineCarrierRequests, asCarrierItem), {
        currentUrl,
        scope: [regionScope(actor, onlineCarrierRequests.regionId)],
      }),
    payments: (
      actor: AuthUser,
      query: OnlinePaymentListQuery,
      currentUrl: string,
    ): Promise<Page<OnlinePaymentListItem>> =>
      paymentRequestList.page(query, requestSource(db, onlinePaymentRequests, asPaymentItem), {
        currentUrl,
        scope: [regionScope(actor, onlinePaymentRequests.regionId)],
      }),
    /** Every registration the list selects with `query`, chunk by chunk in its order (the list's export). */
    streamCarriers: (actor: AuthUser, query: OnlineCarrierListQuery): AsyncIterable<OnlineCarrierListItem[]> =>
      carrierRequestList.stream(query, requestSource(db, onlineCarrierRequests, asCarrierItem), {
        scope: [regionScope(actor, onlineCarrierRequests.regionId)],
      }),
    /** Every request for marks the list selects with `query`, chunk by chunk in its order (the list's export). */
    streamPayments: (actor: AuthUser, query: OnlinePaymentListQuery): AsyncIterable<OnlinePaymentListItem[]> =>
      paymentRequestList.stream(query, requestSource(db, onlinePaymentRequests, asPaymentItem), {
        scope: [regionScope(actor, onlinePaymentRequests.regionId)],
      }),
  };
}

/** The list's rows of one kind, by the list engine. */
function requestSource<T extends RequestTable, I>(db: Database, table: T, asItem: (row: RowOf<T>) => I): ListSource<I> {
  const from = table as RequestTable;
  return {
    count: async (where) => (await db.$count(from, where)) ?? 0,
    rows: async (where, orderBy, window) =>
      (await applyList(db.select({ request: from, regionName }).from(from).$dynamic(), where, orderBy, window)).map(
        (r) => asItem({ ...r.request, regionName: r.regionName } as RowOf<T>),
      ),
    ...listReads(db, (keyColumns) => db.select(keyColumns).from(from).$dynamic()),
  };
}
