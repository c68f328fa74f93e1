import {
  listMessages,
  listQuerySchema,
  type ListFilterKind,
  type ListQueryBase,
  type ListSpec,
  type Page,
} from '@dnx/shared';
import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { z } from 'zod';
import { azContains, azFoldedContains } from '../az-text';
import { HttpError } from '../http-errors';
import type { ListCaches } from './live-lists';
import { allRows, cursorPage, numberedPage, streamRows } from './list-pages';
import type { ListSource } from './list-source';
import { isSqlWrapper, orderOf, sortKeysOf, type OrderDeclaration, type SortPlan } from './sort-plan';
import { sqlKey } from './sql-key';

export { createListCaches, type ListCaches } from './live-lists';
export { sqlKey, type SortValues } from './sql-key';
export { applyList, countWithSnapshot, listCounts, listReads, type ListSource } from './list-source';
export { cursorLink, decodeCursor, encodeCursor, pageLink } from './list-pages';
export type { OrderDeclaration } from './sort-plan';

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

function filterCondition(kind: ListFilterKind, declaration: FilterDeclaration<ListFilterKind>, value: unknown): SQL {
  if (!isSqlWrapper(declaration)) return (declaration as (v: unknown) => SQL)(value);
  if (kind === 'text') return azContains(declaration, value as string);
  return eq(declaration as Parameters<typeof eq>[0], value);
}

/** The conditions of a parsed query's filters and search, after `extra` (a scope). */
function listConditions<S extends ListSpec>(
  declaration: ListDeclaration<S>,
  values: ListQueryBase & Record<string, unknown>,
  extra: (SQL | undefined)[],
): SQL | undefined {
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

/** The sort keys of a parsed query's order and its direction (the tie-breaker last, so every position is unique). */
function listSortPlan<S extends ListSpec>(
  declaration: ListDeclaration<S>,
  values: ListQueryBase & Record<string, unknown>,
): SortPlan {
  const { order: direction, order_by: requested } = values;
  let field: string = declaration.defaultOrderBy;
  let descending = direction === 'desc';
  if (requested) {
    field = requested.replace(/^-/, '');
    if (requested.startsWith('-')) descending = !descending;
  }
  const order = (declaration.orderBy as Record<string, OrderDeclaration | undefined>)[field];
  // The schema already refused unknown fields; this guards a declaration that misses one.
  if (!order) throw new HttpError(400, { order_by: [listMessages.orderByUnknown(declaration.spec.orderBy)] });
  return { keys: sortKeysOf(order, declaration.tieBreaker), descending };
}

export function defineList<const S extends ListSpec>(declaration: ListDeclaration<S>) {
  const querySchema = listQuerySchema(declaration.spec);
  type Query = z.infer<typeof querySchema>;
  // The parsed query seen through the base contract; filters are read by name from the declaration.
  type Parsed = ListQueryBase & Record<string, unknown>;
  const parsed = (query: Partial<Query>) => query as unknown as Parsed;

  /** The conditions of the query's filters and search (those it names; a search palette gives only `search`). */
  const where = (query: Partial<Query>, extra: (SQL | undefined)[] = []) =>
    listConditions(declaration, parsed(query), extra);

  /** The sort keys of the query's order and its direction (the tie-breaker last, so every position is unique). */
  const sortPlan = (query: Query) => listSortPlan(declaration, parsed(query));

  /** ORDER BY of the query; `reversed` gives the exact opposite order (a far page read from the other end). */
  function orderBy(query: Query, reversed = false): SQL[] {
    return orderOf(sortPlan(query), reversed);
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
    if (noPage) return allRows(condition, order, source, counted, declaration.unboundedAll === true);
    // Cursors and positions belong to one query: its conditions (with the scope) and its order.
    const signature = `${condition ? sqlKey(condition) : ''}\u0001${sqlKey(sql.join(order, sql`, `))}`;
    if (cursor)
      return cursorPage(plan, condition, source, counted, {
        perPage,
        cursor,
        signature,
        currentUrl: options.currentUrl,
      });

    return numberedPage(plan, condition, source, counted, {
      perPage,
      pageNumber,
      signature,
      currentUrl: options.currentUrl,
      caches,
    });
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
    yield* streamRows(sortPlan(query), where(query, options.scope), source, options.chunk ?? 1000);
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
