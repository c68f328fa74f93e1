import {
  listMessages,
  listQuerySchema,
  type ListFilterKind,
  type ListQueryBase,
  type ListSpec,
  type Page,
} from '@dnx/shared';
import { and, asc, desc, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { azContains, azFoldedContains, azSortKey } from '../az-text';
import { HttpError } from '../http-errors';

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
}

export type ListQuery<S extends ListSpec> = z.infer<ReturnType<typeof listQuerySchema<S>>>;

/** Rows and their count from the caller's own select (joins, columns), given the conditions and order built here. */
export interface ListSource<T> {
  count(where: SQL | undefined): Promise<number>;
  rows(where: SQL | undefined, orderBy: SQL[], window: { limit: number; offset: number } | null): Promise<T[]>;
}

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
  const parsed = (query: Query) => query as unknown as Parsed;

  function where(query: Query, extra: (SQL | undefined)[] = []): SQL | undefined {
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

  /** ORDER BY of the query; `reversed` gives the exact opposite order (a far page read from the other end). */
  function orderBy(query: Query, reversed = false): SQL[] {
    const { order: direction, order_by: requested } = parsed(query);
    let field: string = declaration.defaultOrderBy;
    let descending = (direction === 'desc') !== reversed;
    if (requested) {
      field = requested.replace(/^-/, '');
      if (requested.startsWith('-')) descending = !descending;
    }
    const order = (declaration.orderBy as Record<string, OrderDeclaration | undefined>)[field];
    // The schema already refused unknown fields; this guards a declaration that misses one.
    if (!order) throw new HttpError(400, { order_by: [listMessages.orderByUnknown(declaration.spec.orderBy)] });
    const expr = isSqlWrapper(order) ? sql`${order}` : azSortKey(order.expr);
    const by = descending ? desc : asc;
    return [by(expr), by(sql`${declaration.tieBreaker}`)];
  }

  /**
   * One page (or every row with `no_page`) of the rows the query selects within `scope`. A page past the end
   * answers 404 `{"detail": "Invalid page."}`, as DRF's paginator does.
   */
  async function page<T>(
    query: Query,
    source: ListSource<T>,
    options: { currentUrl: string; scope?: (SQL | undefined)[] },
  ): Promise<Page<T>> {
    const condition = where(query, options.scope);
    const order = orderBy(query);
    const { no_page: noPage, per_page: perPage, page: pageNumber } = parsed(query);
    if (noPage) {
      const results = await source.rows(condition, order, null);
      return { count: results.length, next: null, previous: null, results };
    }
    const count = await source.count(condition);
    const lastPage = Math.max(1, Math.ceil(count / perPage));
    if (pageNumber > lastPage) throw new HttpError(404, { detail: listMessages.invalidPage });
    const offset = (pageNumber - 1) * perPage;
    const end = Math.min(offset + perPage, count);
    // A page past the middle is read from the other end in the opposite order: an OFFSET walks the rows it
    // skips, so page 5,000 of 5,001 skips a handful instead of 99,980.
    const results =
      offset > count - end
        ? (await source.rows(condition, orderBy(query, true), { limit: end - offset, offset: count - end })).reverse()
        : await source.rows(condition, order, { limit: perPage, offset });
    return {
      count,
      next: pageNumber < lastPage ? pageLink(options.currentUrl, pageNumber + 1) : null,
      previous: pageNumber > 1 ? pageLink(options.currentUrl, pageNumber - 1) : null,
      results,
    };
  }

  return { declaration, querySchema, where, orderBy, page };
}

export type ListDefinition<S extends ListSpec> = ReturnType<typeof defineList<S>>;

/** The absolute URL of a request for page links, as DRF's `build_absolute_uri`, on the configured origin: never the Host header. */
export function requestUrl(request: { url: string; server: { publicOrigin: string } }): string {
  return `${request.server.publicOrigin}${request.url}`;
}
