import {
  fnBatchListSpec,
  fnStageKeys,
  formatFnNumber,
  normalizeDecimal,
  type FnBatch,
  type FnStage,
} from '@dnx/shared';
import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  fnBatches,
  fnCoefficients,
  fnForms,
  groups,
  regions,
  transportTypes,
  userGroups,
  users,
} from '../../db/schema';
import {
  applyList,
  countWithSnapshot,
  defineList,
  listCounts,
  listReads,
  type ListSource,
} from '../../lib/list/list-query';

const operators = alias(users, 'operator');

export const batchList = defineList({
  spec: fnBatchListSpec,
  filters: {
    series: fnBatches.series,
    operator: fnBatches.operatorId,
    region: fnBatches.regionId,
    transport_type: fnBatches.transportTypeId,
    status: fnBatches.status,
    created_from: (day) => sql`${fnBatches.createdAt} >= (${day}::date)::timestamp at time zone 'UTC'`,
    created_to: (day) => sql`${fnBatches.createdAt} < ((${day}::date + 1)::timestamp at time zone 'UTC')`,
  },
  orderBy: {
    id: fnBatches.id,
    series: fnBatches.series,
    start_number: fnBatches.startNumber,
    created_at: fnBatches.createdAt,
    status: fnBatches.status,
  },
  search: [fnBatches.series, operators.lastName, operators.firstName, regions.name],
  defaultOrderBy: 'id',
  tieBreaker: fnBatches.id,
});

const columns = {
  id: fnBatches.id,
  series: fnBatches.series,
  startNumber: fnBatches.startNumber,
  finishNumber: fnBatches.finishNumber,
  operatorId: fnBatches.operatorId,
  operatorName: sql<string>`trim(${operators.lastName} || ' ' || ${operators.firstName})`,
  regionId: fnBatches.regionId,
  regionName: regions.name,
  transportTypeId: fnBatches.transportTypeId,
  transportTypeName: transportTypes.name,
  coefficientId: fnBatches.coefficientId,
  coefficientValue: fnCoefficients.coefficient,
  parentBatchId: fnBatches.parentBatchId,
  expireDate: fnBatches.expireDate,
  expireDateType: fnBatches.expireDateType,
  status: fnBatches.status,
  createdBy: fnBatches.createdBy,
  createdAt: fnBatches.createdAt,
  acceptedAt: fnBatches.acceptedAt,
  version: fnBatches.version,
  // Counted from the (batch_id, stage) index.
  stages: sql<Record<string, number> | null>`(select jsonb_object_agg(s.stage, s.n) from (
      select ${fnForms.stage} as stage, count(*)::int as n from ${fnForms} where ${fnForms.batchId} = ${fnBatches.id}
      group by ${fnForms.stage}) s)`,
};

function selectBatches(db: Executor) {
  return db
    .select(columns)
    .from(fnBatches)
    .innerJoin(operators, eq(operators.id, fnBatches.operatorId))
    .innerJoin(regions, eq(regions.id, fnBatches.regionId))
    .innerJoin(transportTypes, eq(transportTypes.id, fnBatches.transportTypeId))
    .innerJoin(fnCoefficients, eq(fnCoefficients.id, fnBatches.coefficientId))
    .$dynamic();
}

type BatchRow = Awaited<ReturnType<ReturnType<typeof selectBatches>['execute']>>[number];

function asBatch(row: BatchRow): FnBatch {
  const stages = Object.fromEntries(fnStageKeys.map((stage) => [stage, row.stages?.[stage] ?? 0])) as Record<
    FnStage,
    number
  >;
  return {
    id: row.id,
    series: row.series,
    start_number: formatFnNumber(row.startNumber),
    finish_number: formatFnNumber(row.finishNumber),
    count: row.finishNumber - row.startNumber + 1,
    operator: row.operatorId,
    operator_name: row.operatorName,
    region: row.regionId,
    region_name: row.regionName,
    transport_type: row.transportTypeId,
    transport_type_name: row.transportTypeName,
    coefficient: row.coefficientId,
    coefficient_value: normalizeDecimal(row.coefficientValue, 4) ?? row.coefficientValue,
    fnBase: row.parentBatchId,
    expire_date: row.expireDate,
    expire_date_type: row.expireDateType,
    status: row.status,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    version: row.version,
    stages,
  };
}

/** The list's rows; with the routes' list caches its counts and positions are kept across writes. */
export function batchSource(db: Executor): ListSource<FnBatch> {
  return {
    ...listCounts((where) =>
      db
        .select(countWithSnapshot)
        .from(fnBatches)
        .innerJoin(operators, eq(operators.id, fnBatches.operatorId))
        .innerJoin(regions, eq(regions.id, fnBatches.regionId))
        .where(where),
    ),
    rows: async (where, orderBy, window) => (await applyList(selectBatches(db), where, orderBy, window)).map(asBatch),
    ...listReads(db, (keyColumns) =>
      db
        .select(keyColumns)
        .from(fnBatches)
        .innerJoin(operators, eq(operators.id, fnBatches.operatorId))
        .innerJoin(regions, eq(regions.id, fnBatches.regionId))
        .$dynamic(),
    ),
  };
}

export async function findBatch(db: Executor, id: number, scope?: SQL): Promise<FnBatch | null> {
  const [row] = await selectBatches(db).where(and(eq(fnBatches.id, id), scope));
  return row ? asBatch(row) : null;
}

export async function findBatches(db: Executor, ids: readonly number[], scope?: SQL): Promise<FnBatch[]> {
  if (ids.length === 0) return [];
  return (await selectBatches(db).where(and(inArray(fnBatches.id, [...ids]), scope))).map(asBatch);
}

/** How many forms of the batches have left stage new. */
export async function countMovedOn(db: Executor, batchIds: readonly number[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(fnForms)
    .where(and(inArray(fnForms.batchId, [...batchIds]), ne(fnForms.stage, 'new')));
  return row?.n ?? 0;
}

/** A batch of `series` whose range meets start..finish (other than `exceptId`): the one an overlap names. */
export async function findOverlapping(
  db: Executor,
  series: string,
  start: number,
  finish: number,
  exceptId?: number,
): Promise<{ id: number; start: number; finish: number } | null> {
  const [row] = await db
    .select({ id: fnBatches.id, start: fnBatches.startNumber, finish: fnBatches.finishNumber })
    .from(fnBatches)
    .where(
      and(
        eq(fnBatches.series, series),
        sql`int4range(${fnBatches.startNumber}, ${fnBatches.finishNumber}, '[]') && int4range(${start}::int, ${finish}::int, '[]')`,
        exceptId === undefined ? undefined : ne(fnBatches.id, exceptId),
      ),
    )
    .orderBy(fnBatches.startNumber)
    .limit(1);
  return row ?? null;
}

/** Whether `userId` is an active user of role `code` (operator, inspector) in `regionId`. */
export async function isActiveUserOfRole(
  db: Executor,
  userId: number,
  code: 'operator' | 'inspector',
  regionId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.isActive, true),
        eq(users.regionId, regionId),
        sql`exists (select 1 from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId}
              where ${userGroups.userId} = ${users.id} and ${groups.code} = ${code})`,
      ),
    );
  return !!row;
}

export async function exists(
  db: Executor,
  table: typeof regions | typeof transportTypes | typeof fnCoefficients,
  id: number,
) {
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id));
  return !!row;
}

/** Inserts the forms of a batch (stage new) in one statement. */
export async function insertForms(db: Executor, batchId: number, series: string, start: number, finish: number) {
  await db.execute(sql`insert into ${fnForms} (batch_id, series, number)
    select ${batchId}::int, ${series}::text, n from generate_series(${start}::int, ${finish}::int) as n`);
}
