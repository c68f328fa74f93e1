import { appRoutes, splitListKey, type SavedView } from '@dnx/shared';

/** What a list offers a view: its filters (a choice's values), its sort keys and its configurable columns. */
export interface ListShape {
  filters: readonly { name: string; label: string; values?: readonly string[] }[];
  sortKeys: readonly string[];
  columns: readonly { key: string; title: string }[];
}

/** What of a view the list can apply, and what it named that the person no longer has (by label). */
export interface AppliedView {
  query: Record<string, string>;
  columns: string[] | null;
  dropped: { filters: string[]; columns: string[] };
}

const listParams = new Set(['search', 'order', 'per_page', 'tab']);

/**
 * A view as the list can apply it today: a filter the person's list no longer offers (a region filter of a regional
 * user), a choice it no longer lists, a sort or a column the list no longer has are left out, and named.
 */
export function applicableView(view: Pick<SavedView, 'query' | 'columns'>, shape: ListShape): AppliedView {
  const query: Record<string, string> = {};
  const droppedFilters: string[] = [];
  for (const [name, value] of Object.entries(view.query)) {
    const filter = shape.filters.find((f) => f.name === name);
    if (listParams.has(name)) query[name] = value;
    else if (name === 'order_by') {
      if (shape.sortKeys.includes(value)) query[name] = value;
      else droppedFilters.push(name);
    } else if (filter && (!filter.values || filter.values.includes(value))) query[name] = value;
    else droppedFilters.push(filter?.label ?? name);
  }
  if (!('order_by' in query)) delete query.order;
  const known = new Set(shape.columns.map((c) => c.key));
  const columns = view.columns?.filter((key) => known.has(key)) ?? null;
  const droppedColumns = view.columns?.filter((key) => !known.has(key)) ?? [];
  return {
    query,
    columns: columns && columns.length > 0 ? columns : null,
    dropped: { filters: droppedFilters, columns: droppedColumns },
  };
}

/** The address of a view: its list's screen with the view's query (and its tab), e.g. `/app/fn-payment?status=2`. */
export function viewPath(view: Pick<SavedView, 'list' | 'query' | 'columns'>): string {
  const { route, tab } = splitListKey(view.list);
  const path = appRoutes.find((r) => r.key === route)?.path ?? route;
  const params = new URLSearchParams(view.query);
  if (tab && !params.has('tab')) params.set('tab', tab);
  if (view.columns && view.columns.length > 0) params.set('columns', view.columns.join(','));
  const search = params.toString();
  return `/app/${path}${search ? `?${search}` : ''}`;
}
