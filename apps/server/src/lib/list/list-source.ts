import { count as countRows, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import type { LiveSource } from './kept-figures';
import type { SortValues } from './sql-key';

/** Where a list's rows come from: the caller's own select, read with the conditions and order a list builds. */

export type Window = { limit: number; offset: number } | null;

/**
 * Rows and their count from the caller's own select (joins, columns), given the conditions and order built here;
 * with `countAt`, `bounds` and `probe` (from `listReads`) its counts and page positions are kept across writes.
 */
export interface ListSource<T> extends LiveSource {
  rows(where: SQL | undefined, orderBy: SQL[], window: Window): Promise<T[]>;
  /** The sort values (`values`, selected from the same FROM as `rows`) of the rows in `window`: cursors are made of them. */
  keys(where: SQL | undefined, values: SQL[], orderBy: SQL[], window: Window): Promise<SortValues[]>;
}

type FromColumns = (columns: Record<string, SQL.Aliased>) => PgSelect;

const readValues =
  (values: readonly unknown[], prefix: string) =>
  (row: Record<string, unknown>): SortValues =>
    values.map((_, i) => (row[`${prefix}${i}`] ?? null) as string | null);

/**
 * `keys`, `bounds` and `probe` of a list whose rows come from `from(columns)` (`db.select(columns).from(...)
 * .$dynamic()`), for its `ListSource`: cursors, and the page positions and counts kept across writes.
 */
export function listReads(
  db: Executor,
  from: FromColumns,
): Pick<Required<ListSource<unknown>>, 'keys' | 'bounds' | 'probe'> {
  const aliased = (values: readonly SQL[], prefix: string) =>
    Object.fromEntries(values.map((value, i) => [`${prefix}${i}`, sql`${value}`.as(`${prefix}${i}`)]));
  const execute = async (query: SQL) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    async keys(where, values, orderBy, window) {
      const rows = (await applyList(from(aliased(values, 'k')), where, orderBy, window)) as Record<string, unknown>[];
      return rows.map(readValues(values, 'k'));
    },
    async bounds(where, values, orderBy, every) {
      // One pass numbering the rows in order (the numbering and the ORDER BY share one sort or index scan), keeping
      // every `every`-th row and the last; the statement's snapshot and how the database orders text come along.
      const window = sql.join(orderBy, sql`, `);
      const ranked = applyList(
        from({
          ...aliased(values, 'k'),
          n: sql`row_number() over (order by ${window})`.as('n'),
          last: sql`lead(1) over (order by ${window}) is null`.as('last'),
        }),
        where,
        orderBy,
        null,
      );
      const rows = await execute(
        sql`select ranked.*, pg_current_snapshot()::text as snapshot, (select datcollate in ('C', 'POSIX') or datcollate ilike 'C.%' from pg_database where datname = current_database()) as bytes from (${ranked}) ranked where (n - 1) % ${sql.raw(String(every))} = 0 or last order by n`,
      );
      return {
        rows: rows.map((row) => ({ values: readValues(values, 'k')(row), n: Number(row.n) })),
        snapshot: String(rows[0]?.snapshot ?? '0:0:'),
        bytesOrdered: rows[0]?.bytes === true,
      };
    },
    async probe(table, changed, where, marks) {
      // The list's own FROM over the changed rows: a CTE named as the table stands in for it, so the conditions and
      // sort values read the rows as they were or are, and joined tables as they are now.
      const shadowed = from({
        ...aliased(marks, 'm'),
        matched: sql`coalesce((${where ?? sql`true`}), false)`.as('matched'),
        ordinal: sql`${sql.identifier(table)}.probe_ordinal`.as('ordinal'),
      });
      const rows = await execute(
        sql`with ${sql.identifier(table)} as (select r.*, o.probe_ordinal from jsonb_array_elements(${JSON.stringify(changed)}::jsonb) with ordinality as o(doc, probe_ordinal), jsonb_populate_record(null::${sql.identifier(table)}, o.doc) r) ${shadowed}`,
      );
      const byOrdinal = new Map(rows.map((row) => [Number(row.ordinal), row]));
      return changed.map((_, i) => {
        const row = byOrdinal.get(i + 1);
        return { matched: row?.matched === true, marks: row ? readValues(marks, 'm')(row) : [] };
      });
    },
  };
}

/** Selects `{ n, snapshot }`: a count and the snapshot of its statement, for `listCounts`. */
export const countWithSnapshot = { n: countRows(), snapshot: sql<string>`pg_current_snapshot()::text` };

/** `count` and `countAt` of a `ListSource` from one counting select (of `countWithSnapshot`). */
export function listCounts(
  load: (where: SQL | undefined) => Promise<{ n: number; snapshot: string }[]>,
): Pick<Required<ListSource<unknown>>, 'count' | 'countAt'> {
  const countAt = async (where: SQL | undefined) => (await load(where))[0] ?? { n: 0, snapshot: '0:0:' };
  return { countAt, count: async (where) => (await countAt(where)).n };
}

/** Applies the WHERE, ORDER BY and page window to a dynamic Drizzle select (`db.select(...).from(...).$dynamic()`). */
export function applyList<T extends PgSelect>(
  query: T,
  where: SQL | undefined,
  orderBy: SQL[],
  window: { limit: number; offset: number } | null,
): T {
  let result = query.where(where).orderBy(...orderBy);
  if (window) result = result.limit(window.limit).offset(window.offset);
  return result;
}
