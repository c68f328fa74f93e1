import { createHash } from 'node:crypto';
import {
  allRowsLimit,
  listMessages,
  listQuerySchema,
  type ListFilterKind,
  type ListQueryBase,
  type ListSpec,
  type Page,
} from '@dnx/shared';
import { and, asc, Column, count as countRows, desc, eq, is, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { azContains, azFoldedContains, azSortKey } from '../az-text';
import { HttpError } from '../http-errors';
import { positionStep, type KeyKind, type ListCaches, type LiveSource } from './live-lists';
import { sqlKey, type SortValues } from './sql-key';

export { createListCaches, type ListCaches } from './live-lists';
export { sqlKey, type SortValues } from './sql-key';

/**
 * The list machinery of every list endpoint: from a declaration (the shared list spec, and for each filter and
 * order field the SQL it reads) it builds the query schema, the WHERE and ORDER BY, pages with a count, and
 * answers `{count, next, previous, results}` with absolute links, as Django REST Framework does.
 */

type FilterValue<K extends ListFilterKind> = K extends 'text' | 'exact' | 'date'
  ? string
  : K extends 'id'
    ? number
    : boolean;

/**
 * How a filter reads the table: an expression compared as its kind says (text: contains, Azerbaijani-aware;
 * the others: equals), or a function giving the condition itself (membership, a normalised value, ...).
 */
export type FilterDeclaration<K extends ListFilterKind> = SQLWrapper | ((value: FilterValue<K>) => SQL);

/** An order field: an expression, ordered by the Azerbaijani alphabet when `text` is set. */
export type OrderDeclaration = SQLWrapper | { expr: SQLWrapper; text: true };

export interface ListDeclaration<S extends ListSpec> {
  spec: S;
  filters: { [N in keyof S['filters']]: FilterDeclaration<S['filters'][N]> };
  orderBy: { [N in S['orderBy'][number]]: OrderDeclaration };
  /** Text expressions `search` looks in; each word must be found in one of them (DRF's SearchFilter). */
  search: readonly SQLWrapper[];
  /**
   * The same fields joined by spaces and folded once on write (a stored az_fold(...) column): each word is then
   * matched against it alone, with one trigram index. The same answer: a word has no space to span two fields.
   */
  searchKey?: SQLWrapper;
  /** The order when the query names none. */
  defaultOrderBy: S['orderBy'][number];
  /** A unique expression (the id) that makes every order total, so pages never overlap. */
  tieBreaker: SQLWrapper;
  /** `no_page` answers every row however many (the spec's users list); otherwise at most `allRowsLimit`. */
  unboundedAll?: true;
}

export type ListQuery<S extends ListSpec> = z.infer<ReturnType<typeof listQuerySchema<S>>>;

type Window = { limit: number; offset: number } | null;

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

/** One sort value of the order: the ORDER BY expression, the value a cursor keeps, and how a kept value compares. */
interface SortKey {
  expr: SQL;
  value: SQL;
  seek: (value: string | null) => SQL;
  nullable: boolean;
  /** The value in a form this process can order as the database does (`kind`): kept positions place rows by it. */
  mark: SQL;
  kind: KeyKind;
}

const integerColumns = new Set(['PgSerial', 'PgSmallSerial', 'PgInteger', 'PgSmallInt', 'PgBigInt53', 'PgBigInt64']);
const textColumns = new Set(['PgText', 'PgVarchar', 'PgChar']);

/** A column's sort value as something ordered here as PostgreSQL orders the column; 'unknown' for anything else. */
function markOf(expr: SQLWrapper): { mark: SQL; kind: KeyKind } {
  const type = is(expr, Column) ? expr.columnType : '';
  if (integerColumns.has(type) || type.startsWith('PgBigSerial')) return { mark: sql`(${expr})::text`, kind: 'int' };
  if (type === 'PgNumeric') return { mark: sql`(${expr})::text`, kind: 'decimal' };
  if (type.startsWith('PgTimestamp')) return { mark: sql`extract(epoch from ${expr})::text`, kind: 'decimal' };
  if (type.startsWith('PgDate')) return { mark: sql`(${expr} - date '2000-01-01')::text`, kind: 'int' };
  // false before true: the texts' own byte order.
  if (type === 'PgBoolean') return { mark: sql`(${expr})::text`, kind: 'bytes' };
  if (textColumns.has(type)) return { mark: sql`(${expr})::text`, kind: 'text' };
  return { mark: sql`null`, kind: 'unknown' };
}

const notNullColumn = (expr: SQLWrapper) => is(expr, Column) && expr.notNull;

const isSqlWrapper = (value: unknown): value is SQLWrapper =>
  typeof value === 'object' && value !== null && 'getSQL' in value;

function filterCondition(kind: ListFilterKind, declaration: FilterDeclaration<ListFilterKind>, value: unknown): SQL {
  if (!isSqlWrapper(declaration)) return (declaration as (v: unknown) => SQL)(value);
  if (kind === 'text') return azContains(declaration, value as string);
  return eq(declaration as Parameters<typeof eq>[0], value);
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

type CursorPosition =
  { kind: 'first' } | { kind: 'last' } | { kind: 'after'; values: SortValues } | { kind: 'before'; values: SortValues };

const cursorError = () => new HttpError(400, { cursor: [listMessages.cursorInvalid] });
// A checksum over the list query and the position: an altered cursor, or one from other filters or order, is refused.
const checksum = (signature: string, payload: string) =>
  createHash('sha256').update(signature).update('\u0002').update(payload).digest('base64url').slice(0, 16);

/** The opaque `cursor` of a link: `first`, `last`, or base64url JSON of the position and its checksum. */
export function encodeCursor(position: CursorPosition, signature: string): string {
  if (position.kind === 'first' || position.kind === 'last') return position.kind;
  const payload = JSON.stringify([position.kind === 'after' ? 'a' : 'b', ...position.values]);
  return `${Buffer.from(payload).toString('base64url')}.${checksum(signature, payload)}`;
}

/** Reads a cursor strictly: anything this list did not make for this query is a 400 `cursor` field error. */
export function decodeCursor(cursor: string, signature: string, keyCount: number): CursorPosition {
  if (cursor === 'first') return { kind: 'first' };
  if (cursor === 'last') return { kind: 'last' };
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{16})$/.exec(cursor);
  if (!match) throw cursorError();
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  if (checksum(signature, payload) !== match[2]) throw cursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw cursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== keyCount + 1) throw cursorError();
  const [direction, ...values] = parsed as unknown[];
  if (direction !== 'a' && direction !== 'b') throw cursorError();
  if (!values.every((v) => v === null || typeof v === 'string') || values[keyCount - 1] === null) throw cursorError();
  return { kind: direction === 'a' ? 'after' : 'before', values: values as SortValues };
}

/** A value the database cannot read as its column's type (SQLSTATE class 22) came from a cursor: a 400, not a 500. */
async function refusingBadValues<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('22')) throw cursorError();
    }
    throw error;
  }
}

/** The current URL with `cursor` in place of `page`. */
export function cursorLink(currentUrl: string, cursor: string): string {
  const url = new URL(currentUrl);
  url.searchParams.delete('page');
  url.searchParams.set('cursor', cursor);
  return url.toString();
}

/** DRF's links: the current URL with `page` replaced, and without it for the first page. */
export function pageLink(currentUrl: string, page: number): string {
  const url = new URL(currentUrl);
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

export function defineList<const S extends ListSpec>(declaration: ListDeclaration<S>) {
  const querySchema = listQuerySchema(declaration.spec);
  type Query = z.infer<typeof querySchema>;
  // The parsed query seen through the base contract; filters are read by name from the declaration.
  type Parsed = ListQueryBase & Record<string, unknown>;
  const parsed = (query: Partial<Query>) => query as unknown as Parsed;

  /** The conditions of the query's filters and search (those it names; a search palette gives only `search`). */
  function where(query: Partial<Query>, extra: (SQL | undefined)[] = []): SQL | undefined {
    const values = parsed(query);
    const conditions: (SQL | undefined)[] = [...extra];
    for (const [name, kind] of Object.entries(declaration.spec.filters) as [string, ListFilterKind][]) {
      const value = values[name];
      if (value === undefined || value === '') continue;
      const filter = (declaration.filters as Record<string, FilterDeclaration<ListFilterKind>>)[name]!;
      conditions.push(filterCondition(kind, filter, value));
    }
    const words = (values.search ?? '').split(/\s+/).filter(Boolean);
    const { searchKey } = declaration;
    for (const word of words) {
      conditions.push(
        searchKey ? azFoldedContains(searchKey, word) : or(...declaration.search.map((expr) => azContains(expr, word))),
      );
    }
    return and(...conditions);
  }

  /** The sort keys of the query's order and its direction (the tie-breaker last, so every position is unique). */
  function sortPlan(query: Query): { keys: SortKey[]; descending: boolean } {
    const { order: direction, order_by: requested } = parsed(query);
    let field: string = declaration.defaultOrderBy;
    let descending = direction === 'desc';
    if (requested) {
      field = requested.replace(/^-/, '');
      if (requested.startsWith('-')) descending = !descending;
    }
    const order = (declaration.orderBy as Record<string, OrderDeclaration | undefined>)[field];
    // The schema already refused unknown fields; this guards a declaration that misses one.
    if (!order) throw new HttpError(400, { order_by: [listMessages.orderByUnknown(declaration.spec.orderBy)] });
    const tie = declaration.tieBreaker;
    const keys: SortKey[] = [];
    if (order !== tie) {
      // Text is kept as written (shorter than its sort key) and keyed again in SQL when compared.
      keys.push(
        isSqlWrapper(order)
          ? {
              expr: sql`${order}`,
              value: sql`(${order})::text`,
              seek: (v) => sql`${v}`,
              nullable: !notNullColumn(order),
              ...markOf(order),
            }
          : {
              expr: azSortKey(order.expr),
              value: sql`(${order.expr})::text`,
              seek: (v) => azSortKey(sql`${v}::text`),
              nullable: !notNullColumn(order.expr),
              // The Azerbaijani sort key under COLLATE "C": ordered by its bytes.
              mark: sql`(${azSortKey(order.expr)})::text`,
              kind: 'bytes',
            },
      );
    }
    keys.push({
      expr: sql`${tie}`,
      value: sql`(${tie})::text`,
      seek: (v) => sql`${v}`,
      nullable: false,
      ...markOf(tie),
    });
    return { keys, descending };
  }

  function orderOf(plan: { keys: SortKey[]; descending: boolean }, reversed: boolean): SQL[] {
    const by = plan.descending !== reversed ? desc : asc;
    return plan.keys.map((key) => by(key.expr));
  }

  /** ORDER BY of the query; `reversed` gives the exact opposite order (a far page read from the other end). */
  function orderBy(query: Query, reversed = false): SQL[] {
    return orderOf(sortPlan(query), reversed);
  }

  /**
   * The rows after `values` in the order (`reversed`: before them), and the row itself when `inclusive`. PostgreSQL
   * puts NULLs last ascending and first descending; a row comparison keeps the seek on the sort index.
   */
  function beyond(
    plan: { keys: SortKey[]; descending: boolean },
    values: SortValues,
    reversed: boolean,
    inclusive: boolean,
  ): SQL {
    const descending = plan.descending !== reversed;
    const op = sql.raw(`${descending ? '<' : '>'}${inclusive ? '=' : ''}`);
    const { keys } = plan;
    const compare =
      keys.length === 1
        ? sql`${keys[0]!.expr} ${op} ${keys[0]!.seek(values[0]!)}`
        : sql`(${sql.join(
            keys.map((k) => k.expr),
            sql`, `,
          )}) ${op} (${sql.join(
            keys.map((k, i) => k.seek(values[i]!)),
            sql`, `,
          )})`;
    const first = keys[0]!;
    if (!first.nullable) return compare;
    const tie = keys[keys.length - 1]!;
    if (values[0] === null) {
      const amongNulls = sql`(${first.expr} is null and ${tie.expr} ${op} ${tie.seek(values[keys.length - 1]!)})`;
      return descending ? sql`(${amongNulls} or ${first.expr} is not null)` : amongNulls;
    }
    return descending ? compare : sql`(${compare} or ${first.expr} is null)`;
  }

  /**
   * One page (or every row with `no_page`) of the rows the query selects within `scope`. A page past the end
   * answers 404 `{"detail": "Invalid page."}`, as DRF's paginator does. With `cursor` the page is read by keyset
   * from the cursor's row and the links carry cursors. With `caches` the counts are kept across writes and a deep
   * page seeks from the nearest kept position.
   */
  async function page<T>(
    query: Query,
    source: ListSource<T>,
    options: { currentUrl: string; scope?: (SQL | undefined)[]; caches?: ListCaches },
  ): Promise<Page<T>> {
    const condition = where(query, options.scope);
    const { caches } = options;
    const counted = () => (caches ? caches.count(condition, source) : source.count(condition));
    const plan = sortPlan(query);
    const order = orderOf(plan, false);
    const { no_page: noPage, per_page: perPage, page: pageNumber, cursor } = parsed(query);
    if (noPage) {
      if (declaration.unboundedAll) {
        const results = await source.rows(condition, order, null);
        return { count: results.length, next: null, previous: null, results };
      }
      // Counted first (the count is kept between writes), then read with a limit: rows written in between cannot
      // make the answer larger than the bound either.
      const tooMany = (n: number) => new HttpError(400, { no_page: [listMessages.allTooMany(n)] });
      const total = await counted();
      if (total > allRowsLimit) throw tooMany(total);
      const results = await source.rows(condition, order, { limit: allRowsLimit + 1, offset: 0 });
      if (results.length > allRowsLimit) throw tooMany(await source.count(condition));
      return { count: results.length, next: null, previous: null, results };
    }
    // Cursors and positions belong to one query: its conditions (with the scope) and its order.
    const signature = `${condition ? sqlKey(condition) : ''}\u0001${sqlKey(sql.join(order, sql`, `))}`;
    if (cursor)
      return cursorPage(plan, condition, source, counted, {
        perPage,
        cursor,
        signature,
        currentUrl: options.currentUrl,
      });

    const count = await counted();
    const lastPage = Math.max(1, Math.ceil(count / perPage));
    if (pageNumber > lastPage) throw new HttpError(404, { detail: listMessages.invalidPage });
    const offset = (pageNumber - 1) * perPage;
    const end = Math.min(offset + perPage, count);
    const read = async (): Promise<T[]> => {
      // Near either end the OFFSET is short anyway; kept positions serve what lies farther than one step from both.
      if (caches && Math.min(offset, count - end) >= positionStep) {
        const found = await caches.position(
          {
            signature,
            where: condition,
            orderBy: order,
            values: plan.keys.map((k) => k.value),
            marks: plan.keys.map((k) => k.mark),
            kinds: plan.keys.map((k) => k.kind),
            descending: plan.descending,
          },
          source,
          offset,
        );
        // The nearest position at or before the page's first row, then a short OFFSET from it.
        if (found)
          return source.rows(found.from ? and(condition, beyond(plan, found.from, false, true)) : condition, order, {
            limit: perPage,
            offset: found.skip,
          });
      }
      // Without positions a page past the middle is read from the other end in the opposite order: an OFFSET walks
      // the rows it skips, so page 5,000 of 5,001 skips a handful instead of 99,980.
      return offset > count - end
        ? (await source.rows(condition, orderOf(plan, true), { limit: end - offset, offset: count - end })).reverse()
        : source.rows(condition, order, { limit: perPage, offset });
    };
    const results = await read();
    return {
      count,
      next: pageNumber < lastPage ? pageLink(options.currentUrl, pageNumber + 1) : null,
      previous: pageNumber > 1 ? pageLink(options.currentUrl, pageNumber - 1) : null,
      results,
    };
  }

  /**
   * A page by keyset: the sort values of up to per_page + 1 rows from the cursor's row (index only), then the rows
   * of exactly that range. Consecutive pages meet at their boundary rows, so a walk misses and repeats no row even
   * while others write; a row written meanwhile inside a range shows on that page.
   */
  async function cursorPage<T>(
    plan: { keys: SortKey[]; descending: boolean },
    condition: SQL | undefined,
    source: ListSource<T>,
    counted: () => Promise<number>,
    options: { perPage: number; cursor: string; signature: string; currentUrl: string },
  ): Promise<Page<T>> {
    const { perPage, signature, currentUrl } = options;
    const position = decodeCursor(options.cursor, signature, plan.keys.length);
    const forward = position.kind === 'first' || position.kind === 'after';
    const readOrder = orderOf(plan, !forward);
    const from =
      position.kind === 'after' || position.kind === 'before'
        ? beyond(plan, position.values, !forward, false)
        : undefined;
    const values = plan.keys.map((k) => k.value);
    const [count, keys] = await Promise.all([
      counted(),
      refusingBadValues(() => source.keys(and(condition, from), values, readOrder, { limit: perPage + 1, offset: 0 })),
    ]);
    const more = keys.length > perPage;
    const edge = more ? keys[perPage - 1]! : undefined;
    // Up to and including the page's last row in reading order: not beyond it.
    const until = edge ? beyond(plan, edge, forward, true) : undefined;
    // Read with a limit, so the planner walks the sort index from the cursor (an unbounded range of a row comparison
    // was planned as a scan of the table: p50 68 ms at a million drivers); the limit leaves room for rows written
    // into the range meanwhile, and a range that fills it is read again whole, so none is cut off.
    const range = and(condition, from, until);
    const bound = { limit: keys.length + 100, offset: 0 };
    let rows = await refusingBadValues(() => source.rows(range, readOrder, bound));
    if (rows.length >= bound.limit) rows = await refusingBadValues(() => source.rows(range, readOrder, null));
    const results = forward ? rows : rows.reverse();
    const link = (next: CursorPosition) => cursorLink(currentUrl, encodeCursor(next, signature));
    const nearest = keys[0];
    if (forward) {
      return {
        count,
        next: edge ? link({ kind: 'after', values: edge }) : null,
        previous:
          position.kind === 'first' ? null : link(nearest ? { kind: 'before', values: nearest } : { kind: 'last' }),
        results,
      };
    }
    return {
      count,
      next: position.kind === 'last' ? null : link(nearest ? { kind: 'after', values: nearest } : { kind: 'first' }),
      previous: edge ? link({ kind: 'before', values: edge }) : null,
      results,
    };
  }

  /**
   * Every row the query selects within `scope`, in its order, `chunk` rows at a time by keyset (an export): each
   * chunk is two short indexed reads, so memory holds one chunk whatever the count. Not one snapshot: a row written
   * during the walk shows where the order puts it when the walk gets there, and no unchanged row is missed or repeated.
   */
  async function* stream<T>(
    query: Query,
    source: ListSource<T>,
    options: { scope?: (SQL | undefined)[]; chunk?: number } = {},
  ): AsyncGenerator<T[]> {
    const condition = where(query, options.scope);
    const plan = sortPlan(query);
    const order = orderOf(plan, false);
    const values = plan.keys.map((k) => k.value);
    const size = options.chunk ?? 1000;
    let from: SQL | undefined;
    for (;;) {
      const keys = await source.keys(and(condition, from), values, order, { limit: size, offset: 0 });
      const last = keys.at(-1);
      if (!last) return;
      yield await source.rows(and(condition, from, beyond(plan, last, true, true)), order, null);
      if (keys.length < size) return;
      from = beyond(plan, last, false, false);
    }
  }

  /** How many rows the query selects within `scope`: the count a page of it answers, without reading a row. */
  function count<T>(
    query: Query,
    source: ListSource<T>,
    scope: (SQL | undefined)[] = [],
    caches?: ListCaches,
  ): Promise<number> {
    const condition = where(query, scope);
    return caches ? caches.count(condition, source) : source.count(condition);
  }

  return { declaration, querySchema, where, orderBy, page, stream, count };
}

export type ListDefinition<S extends ListSpec> = ReturnType<typeof defineList<S>>;

/** The absolute URL of a request for page links, as DRF's `build_absolute_uri`, on the configured origin: never the Host header. */
export function requestUrl(request: { url: string; server: { publicOrigin: string } }): string {
  return `${request.server.publicOrigin}${request.url}`;
}
