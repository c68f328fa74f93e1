import { fnFormListSpec, formatFnNumber, parseFnNumber, type FnForm, type FnNoticeStatus } from '@dnx/shared';
import { and, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { utcDay } from '../../lib/days';
import { fnBatches, fnForms, paymentRows, payments, regions, users } from '../../db/schema';
import {
  applyList,
  countWithSnapshot,
  defineList,
  listCounts,
  listReads,
  sqlKey,
  type ListSource,
} from '../../lib/list/list-query';

const inspectors = alias(users, 'inspector');
const operators = alias(users, 'form_operator');

/**
 * Today as a UTC day (the application's days are UTC days, docs/decisions/0027-payment-rules-and-tariff.md), sent as a
 * parameter rather than read as the database session's `current_date`: every database and time zone agree, and a list's
 * kept count, whose key holds the parameters, is never reused on the next day.
 */
export const today = () => sql`${utcDay()}::date`;

/**
 * The notice status as of today: a paid form (2, 3, 4) whose validity ended reads as expired (1), in lists, filters
 * and counts alike, with no job rewriting rows (shared `effectiveNoticeStatus` is the same rule).
 */
export const effectiveStatus = () =>
  sql<
    number | null
  >`(case when ${fnForms.status} in (2, 3, 4) and ${fnForms.validTo} < ${today()} then 1 else ${fnForms.status} end)`;

const numberOrNone = (value: string) => parseFnNumber(value);

export const formList = defineList({
  spec: fnFormListSpec,
  filters: {
    stage: fnForms.stage,
    // An annulled form left the paid count (and every other): no status selects it, as the reports count.
    status: (value) =>
      /^[0-4]$/.test(value) ? sql`(${effectiveStatus()} = ${Number(value)} and not ${fnForms.annulled})` : sql`false`,
    series: fnForms.series,
    number: (value) => {
      const n = numberOrNone(value);
      return n === null ? sql`false` : eq(fnForms.number, n);
    },
    number_from: (value) => {
      const n = numberOrNone(value);
      return n === null ? sql`false` : gte(fnForms.number, n);
    },
    number_to: (value) => {
      const n = numberOrNone(value);
      return n === null ? sql`false` : lte(fnForms.number, n);
    },
    batch: fnForms.batchId,
    operator: fnBatches.operatorId,
    inspector: fnForms.inspectorId,
    region: fnBatches.regionId,
    transport_type: fnBatches.transportTypeId,
    shared: (value) => (value ? eq(fnForms.stage, 'shared') : ne(fnForms.stage, 'shared')),
    valid_to_from: (value) => gte(fnForms.validTo, value),
    valid_to_to: (value) => lte(fnForms.validTo, value),
  },
  orderBy: {
    id: fnForms.id,
    number: fnForms.number,
    series: fnForms.series,
    stage: fnForms.stage,
    updated_at: fnForms.updatedAt,
  },
  search: [fnForms.series],
  defaultOrderBy: 'id',
  tieBreaker: fnForms.id,
});

const columns = () => ({
  id: fnForms.id,
  series: fnForms.series,
  number: fnForms.number,
  batchId: fnForms.batchId,
  stage: fnForms.stage,
  status: effectiveStatus(),
  annulled: fnForms.annulled,
  operatorId: fnBatches.operatorId,
  regionId: fnBatches.regionId,
  transportTypeId: fnBatches.transportTypeId,
  inspectorId: fnForms.inspectorId,
  inspectorName: sql<string | null>`trim(${inspectors.lastName} || ' ' || ${inspectors.firstName})`,
  paymentId: fnForms.paymentId,
  validFrom: fnForms.validFrom,
  validTo: fnForms.validTo,
  voidReason: fnForms.voidReason,
  updatedAt: fnForms.updatedAt,
});

function selectForms(db: Executor) {
  return db
    .select(columns())
    .from(fnForms)
    .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
    .leftJoin(inspectors, eq(inspectors.id, fnForms.inspectorId))
    .$dynamic();
}

type FormRow = Awaited<ReturnType<ReturnType<typeof selectForms>['execute']>>[number];

function asForm(row: FormRow): FnForm {
  return {
    id: row.id,
    series: row.series,
    number: formatFnNumber(row.number),
    batch: row.batchId,
    stage: row.stage,
    status: row.status === null ? null : (Number(row.status) as FnNoticeStatus),
    annulled: row.annulled,
    operator: row.operatorId,
    region: row.regionId,
    transport_type: row.transportTypeId,
    inspector: row.inspectorId,
    inspector_name: row.inspectorId === null ? null : row.inspectorName,
    payment: row.paymentId,
    valid_from: row.validFrom,
    valid_to: row.validTo,
    void_reason: row.voidReason,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The list's rows; with the routes' list caches its counts and positions are kept across writes. */
export function formSource(db: Executor): ListSource<FnForm> {
  return {
    // Every form has its batch (a foreign key): a count that asks nothing of the batch need not join it, and
    // counts a stage of a million forms from its index alone.
    ...listCounts((where) =>
      where && sqlKey(where).includes('"fn_batches"')
        ? db
            .select(countWithSnapshot)
            .from(fnForms)
            .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
            .where(where)
        : db.select(countWithSnapshot).from(fnForms).where(where),
    ),
    rows: async (where, orderBy, window) => (await applyList(selectForms(db), where, orderBy, window)).map(asForm),
    ...listReads(db, (keyColumns) =>
      db.select(keyColumns).from(fnForms).innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId)).$dynamic(),
    ),
  };
}

export async function findForm(db: Executor, where: SQL | undefined): Promise<FnForm | null> {
  const [row] = await selectForms(db).where(where).limit(1);
  return row ? asForm(row) : null;
}

/** What check-fn shows of a form besides the form itself: who holds it, where, and the vehicle it marks. */
export async function checkDetails(db: Executor, formId: number) {
  const [row] = await db
    .select({
      regionName: regions.name,
      operatorName: sql<string>`trim(${operators.lastName} || ' ' || ${operators.firstName})`,
      expireDate: fnBatches.expireDate,
      expireDateType: fnBatches.expireDateType,
    })
    .from(fnForms)
    .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
    .innerJoin(regions, eq(regions.id, fnBatches.regionId))
    .innerJoin(operators, eq(operators.id, fnBatches.operatorId))
    .where(eq(fnForms.id, formId));
  // The payment that holds the form (at most one is not cancelled: a database constraint) names the vehicle and
  // its carrier.
  const [held] = await db
    .select({
      plate: paymentRows.plate,
      brandModel: paymentRows.brandModel,
      trailerPlate: paymentRows.trailerPlate,
      ownerName: payments.ownerName,
      ownerCode: payments.ownerCode,
    })
    .from(paymentRows)
    .innerJoin(payments, eq(payments.id, paymentRows.paymentId))
    .where(and(eq(paymentRows.formId, formId), eq(paymentRows.cancelled, false)))
    .limit(1);
  return {
    ...row!,
    vehicle: held
      ? [held.plate, held.brandModel && `(${held.brandModel})`, held.trailerPlate && `+ ${held.trailerPlate}`]
          .filter(Boolean)
          .join(' ')
      : null,
    carrier: held ? `${held.ownerName} (VÖEN ${held.ownerCode})` : null,
  };
}

/** Forms locked for a move (FOR UPDATE of the form rows, in id order), with the region of their batch. */
export async function lockForms(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: fnForms.id,
      batchId: fnForms.batchId,
      series: fnForms.series,
      number: fnForms.number,
      stage: fnForms.stage,
      annulled: fnForms.annulled,
      inspectorId: fnForms.inspectorId,
      regionId: fnBatches.regionId,
    })
    .from(fnForms)
    .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
    .where(where)
    .orderBy(fnForms.id)
    .for('update', { of: fnForms });
}
export type LockedForm = Awaited<ReturnType<typeof lockForms>>[number];
