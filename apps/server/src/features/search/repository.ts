import {
  findAppRoute,
  fnStageLabel,
  formatFnNumber,
  formatMoney,
  onlineStatusLabel,
  paymentStatusLabel,
  savedViewPath,
  searchLimit,
  splitListKey,
  type FnStage,
} from '@dnx/shared';
import { and, desc, eq, exists, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  fnBatches,
  fnForms,
  onlineCarrierRequests,
  onlinePaymentRequests,
  paymentRows,
  payments,
  regions,
  savedViewGroups,
  savedViews,
  userGroups,
  users,
} from '../../db/schema';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import { labelOf } from '../resources';
import type { ResourceSpec } from '../resources';
import type { ResourceRepository } from '../resources';
import { userList } from '../users';

/**
 * The search palette's reads (issue 29), each on an index: a form by (series, number), a payment by its receipt,
 * VÖEN or a row's plate, an online request by its code, records and people by their search key (trigram indexes of
 * the lists' search), views by name. Each takes the region scope the list of that kind takes.
 */

export interface Found {
  id: number;
  title: string;
  subtitle: string;
  path: string;
}

/** A form of that series and number in the user's regions. */
export async function formsByNumber(db: Executor, actor: AuthUser, series: string, number: number): Promise<Found[]> {
  const rows = await db
    .select({ id: fnForms.id, stage: fnForms.stage, batch: fnBatches.id, region: regions.name })
    .from(fnForms)
    .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
    .innerJoin(regions, eq(regions.id, fnBatches.regionId))
    .where(and(eq(fnForms.series, series), eq(fnForms.number, number), regionScope(actor, fnBatches.regionId)))
    .limit(searchLimit);
  const shown = formatFnNumber(number);
  return rows.map((r) => ({
    id: r.id,
    title: `${series} ${shown}`,
    subtitle: `${fnStageLabel(r.stage as FnStage)} · №${r.batch} · ${r.region}`,
    path: `/app/general-fn?series=${series}&number=${shown}`,
  }));
}

/** Payments of the user's regions matching `where`, the newest first. */
export async function paymentsWhere(db: Executor, actor: AuthUser, where: SQL): Promise<Found[]> {
  const rows = await db
    .select({
      id: payments.id,
      ownerName: payments.ownerName,
      ownerCode: payments.ownerCode,
      status: payments.status,
      total: payments.total,
      receipt: payments.paymentReceiptNumber,
    })
    .from(payments)
    .where(and(where, regionScope(actor, payments.regionId)))
    .orderBy(desc(payments.id))
    .limit(searchLimit);
  return rows.map((r) => ({
    id: r.id,
    title: `№${r.id} · ${r.ownerName}`,
    subtitle: [r.ownerCode, paymentStatusLabel(r.status), formatMoney(r.total), r.receipt ? `qəbz ${r.receipt}` : '']
      .filter(Boolean)
      .join(' · '),
    path: `/app/fn-payment?view=${r.id}`,
  }));
}

export const paymentByReceipt = (receipt: string) => eq(payments.paymentReceiptNumber, receipt);
export const paymentsByOwner = (code: string) => eq(payments.ownerCode, code);
/**
 * Payments with a row of that plate: the rows first (payment_rows_plate_idx), as an array the payments' key then
 * reads (`= any(array(...))` is computed once), never a walk down every payment of a region checking each.
 */
export const paymentsByPlate = (plate: string) =>
  sql`${payments.id} = any(array(select ${paymentRows.paymentId} from ${paymentRows} where ${paymentRows.plate} = ${plate}))`;

/** A list's records its search finds (the list's own words rule), each opening its form or, failing the right, its list. */
export async function recordsBySearch(
  db: Executor,
  spec: ResourceSpec,
  repo: ResourceRepository,
  q: string,
  path: (id: number) => string,
): Promise<Found[]> {
  const where = repo.list.where({ search: q });
  const rows = (await db
    .select({ id: spec.id, label: sql<string>`${labelOf(spec)}` })
    .from(spec.table)
    .where(where)
    .orderBy(spec.id)
    .limit(searchLimit)) as { id: number; label: string }[];
  return rows.map((r) => ({ id: r.id, title: r.label, subtitle: spec.definition.singular, path: path(r.id) }));
}

/** Users by name, e-mail or phone (the users list's search), in the user's regions. */
export async function usersBySearch(db: Executor, actor: AuthUser, q: string): Promise<Found[]> {
  const rows = await db
    .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(userList.where({ search: q }), regionScope(actor, users.regionId)))
    .orderBy(users.id)
    .limit(searchLimit);
  return rows.map((r) => ({
    id: r.id,
    title: `${r.last} ${r.first}`.trim() || r.email,
    subtitle: r.email,
    path: `/app/user-edit/${r.id}`,
  }));
}

/** An online request by its tracking code, in the user's regions. */
export async function onlineByCode(
  db: Executor,
  actor: AuthUser,
  kind: 'carrier' | 'payment',
  code: string,
): Promise<Found[]> {
  const table = kind === 'carrier' ? onlineCarrierRequests : onlinePaymentRequests;
  const name = kind === 'carrier' ? onlineCarrierRequests.name : onlinePaymentRequests.ownerName;
  const rows = await db
    .select({ id: table.id, code: table.code, name, status: table.status })
    .from(table)
    .where(and(eq(table.code, code), regionScope(actor, table.regionId)))
    .limit(searchLimit);
  return rows.map((r) => ({
    id: r.id,
    title: `${r.code} · ${r.name}`,
    subtitle: onlineStatusLabel(kind, r.status),
    path: `/app/online-${kind}?request=${r.id}`,
  }));
}

/** The saved views the user may open (their own and those shared with their groups) whose name holds `q`. */
export async function viewsByName(db: Executor, actor: AuthUser, q: string): Promise<Found[]> {
  const rows = await db
    .select({ id: savedViews.id, list: savedViews.list, name: savedViews.name })
    .from(savedViews)
    .where(
      and(
        sql`az_fold(${savedViews.name}) like '%' || az_fold(${q}) || '%'`,
        or(
          eq(savedViews.userId, actor.id),
          exists(
            db
              .select({ one: sql`1` })
              .from(savedViewGroups)
              .where(
                and(
                  eq(savedViewGroups.viewId, savedViews.id),
                  inArray(
                    savedViewGroups.groupId,
                    db.select({ id: userGroups.groupId }).from(userGroups).where(eq(userGroups.userId, actor.id)),
                  ),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(savedViews.name)
    .limit(searchLimit);
  return rows.flatMap((r) => {
    const route = findAppRoute(splitListKey(r.list).route);
    const path = savedViewPath(r);
    return route && path ? [{ id: r.id, title: r.name, subtitle: route.title, path }] : [];
  });
}
