import type { SavedView } from '@dnx/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { FilterChoices } from '../../components/resource-list/types';

/** What a list offers a view: its filters (a choice's values), its sort keys and its configurable columns. */
export interface ListShape {
  filters: readonly { name: string; label: string; values?: readonly string[]; choices?: FilterChoices }[];
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

/**
 * The list's filters with the values each reference filter named by the view offers the person now (read by its
 * `choices`), so that `applicableView` leaves out an operator, a region or a group they may no longer pick. A
 * filter whose choices cannot be read is left unchecked: the server's scope still decides which rows are shown.
 */
export async function withChoices(
  filters: ListShape['filters'],
  query: Record<string, string>,
  client: QueryClient,
): Promise<ListShape['filters']> {
  return Promise.all(
    filters.map(async (filter) => {
      if (!filter.choices || !(filter.name in query)) return filter;
      const values = await filter.choices(client).catch(() => undefined);
      return values ? { ...filter, values } : filter;
    }),
  );
}
