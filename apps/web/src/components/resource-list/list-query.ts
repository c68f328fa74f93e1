import { defaultPageSize, pageSizeOptions } from '@dnx/shared';

/**
 * A list screen's state as it lives in the URL query (`page`, `per_page`, `order`, `order_by`, `search` and the
 * declared filters), and the API query it asks for. Pure functions: the table and its tests share them.
 */
export type PageSizeChoice = (typeof pageSizeOptions)[number] | 'all';
export type SortOrder = 'asc' | 'desc';

export interface ListState {
  page: number;
  perPage: PageSizeChoice;
  order: SortOrder;
  orderBy: string | null;
  search: string;
  /** Only the filters the list declares; an empty value is no filter. */
  filters: Record<string, string>;
  /** Keyset paging: the cursor of a `next` / `previous` link; absent, the first page. */
  cursor?: string;
}

/** Numbered pages (`page=`), or keyset pages whose `next` / `previous` links carry a `cursor`. */
export type ListPaging = 'pages' | 'keyset';

export interface ListStateDefaults {
  order?: SortOrder;
  orderBy?: string | null;
}

/** "Hamısı" in the page-size picker: the URL says `per_page=all`, the API gets `no_page=1`. */
export const allPageSize = 'all';

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

function readPageSize(value: string | null): PageSizeChoice {
  if (value === allPageSize) return allPageSize;
  const n = positiveInt(value);
  return (pageSizeOptions as readonly number[]).includes(n ?? -1) ? (n as PageSizeChoice) : defaultPageSize;
}

/** The state a URL query describes; anything unknown or malformed falls back to the defaults. */
export function readListState(
  params: URLSearchParams,
  filterNames: readonly string[],
  sortKeys: readonly string[],
  defaults: ListStateDefaults = {},
): ListState {
  const orderBy = params.get('order_by');
  const order = params.get('order');
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = params.get(name);
    if (value !== null && value !== '') filters[name] = value;
  }
  return {
    page: positiveInt(params.get('page')) ?? 1,
    perPage: readPageSize(params.get('per_page')),
    order: order === 'asc' || order === 'desc' ? order : (defaults.order ?? 'asc'),
    orderBy: orderBy && sortKeys.includes(orderBy) ? orderBy : (defaults.orderBy ?? null),
    search: (params.get('search') ?? '').trim(),
    filters,
    cursor: params.get('cursor') || undefined,
  };
}

/**
 * The URL query for a state: defaults are left out so a plain list has a plain URL. Parameters that belong
 * to something else on the page (not list state) are kept.
 */
export function writeListState(
  state: ListState,
  current: URLSearchParams,
  filterNames: readonly string[],
  defaults: ListStateDefaults = {},
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of ['page', 'per_page', 'order', 'order_by', 'search', 'cursor', ...filterNames]) next.delete(key);
  if (state.page !== 1) next.set('page', String(state.page));
  if (state.cursor) next.set('cursor', state.cursor);
  if (state.perPage !== defaultPageSize) next.set('per_page', String(state.perPage));
  if (state.orderBy && (state.orderBy !== (defaults.orderBy ?? null) || state.order !== (defaults.order ?? 'asc'))) {
    next.set('order_by', state.orderBy);
    next.set('order', state.order);
  }
  if (state.search) next.set('search', state.search);
  for (const name of filterNames) {
    const value = state.filters[name];
    if (value !== undefined && value !== '') next.set(name, value);
  }
  return next;
}

export type ApiListQuery = Record<string, string>;

function sortAndFilter(state: ListState): ApiListQuery {
  const query: ApiListQuery = {};
  if (state.orderBy) {
    query.order_by = state.orderBy;
    query.order = state.order;
  }
  if (state.search) query.search = state.search;
  for (const [name, value] of Object.entries(state.filters)) if (value !== '') query[name] = value;
  return query;
}

/**
 * What the list endpoint is asked for: one page, or every row (`no_page=1`) when "Hamısı" is chosen; by keyset,
 * the page at the cursor (none: the first), never every row.
 */
export function toApiQuery(state: ListState, paging: ListPaging = 'pages'): ApiListQuery {
  if (paging === 'keyset') {
    const perPage = state.perPage === allPageSize ? defaultPageSize : state.perPage;
    return { per_page: String(perPage), ...(state.cursor ? { cursor: state.cursor } : {}), ...sortAndFilter(state) };
  }
  const pages: ApiListQuery =
    state.perPage === allPageSize ? { no_page: '1' } : { page: String(state.page), per_page: String(state.perPage) };
  return { ...pages, ...sortAndFilter(state) };
}

/** The `cursor` a `next` / `previous` link carries; null when there is no link (or it has none). */
export function linkCursor(link: string | null): string | null {
  if (!link) return null;
  return new URL(link, 'http://list.invalid').searchParams.get('cursor');
}

/** Every row the current filter, search and order select: what an export writes. */
export function toExportQuery(state: ListState): ApiListQuery {
  return sortAndFilter(state);
}

/** A change of filter, search, order or page size starts again at the first page (a cursor belongs to its query). */
/**
 * What a change made from `from` (the state a screen showed) does to `latest` (the state the address holds now): each
 * field the change set, and each filter it set or cleared, over the latest. A control whose screen has not yet shown
 * an earlier change (the router renders a new address in a transition, later than it writes it) then keeps that
 * change instead of writing its older picture back: a search typed just after a filter was chosen keeps the filter.
 */
export function changedOver(latest: ListState, from: ListState, next: ListState): ListState {
  const merged: ListState = { ...latest, filters: { ...latest.filters } };
  for (const key of ['page', 'perPage', 'order', 'orderBy', 'search', 'cursor'] as const) {
    if (next[key] !== from[key]) (merged as unknown as Record<string, unknown>)[key] = next[key];
  }
  for (const name of new Set([...Object.keys(from.filters), ...Object.keys(next.filters)])) {
    if (next.filters[name] === from.filters[name]) continue;
    if (next.filters[name] === undefined) delete merged.filters[name];
    else merged.filters[name] = next.filters[name];
  }
  return merged;
}

export function withFilters(state: ListState, change: Partial<Omit<ListState, 'page' | 'cursor'>>): ListState {
  return { ...state, ...change, page: 1, cursor: undefined };
}
