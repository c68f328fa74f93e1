import type { DeleteMultipleInput, Page } from '@dnx/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import type { ApiListQuery } from './list-query';

/**
 * A list endpoint of the DRF-style contract (`{count, next, previous, results}`, `delete-multiple` beside it).
 * A feature declares one per resource in its `api/` folder; the table does the calls.
 */
export interface ListEndpoint<Row> {
  /** Query key prefix; every list, export and record query of the resource starts with it. */
  queryKey: readonly string[];
  /** The list path, with its trailing slash: `/api/user/users/`. */
  path: string;
  /** Rows are parsed only to give them their type; the server's serializer already checked them. */
  readonly row?: Row;
}

export function defineListEndpoint<Row>(queryKey: readonly string[], path: string): ListEndpoint<Row> {
  return { queryKey, path };
}

/** `no_page=1` may answer a bare array (DRF without a paginator); both become one page. */
function asPage<Row>(body: Page<Row> | Row[]): Page<Row> {
  return Array.isArray(body) ? { count: body.length, next: null, previous: null, results: body } : body;
}

export async function fetchListPage<Row>(
  endpoint: ListEndpoint<Row>,
  query: ApiListQuery,
  signal?: AbortSignal,
): Promise<Page<Row>> {
  return asPage(await apiRequest<Page<Row> | Row[]>(endpoint.path, { query, signal }));
}

export function listPageQuery<Row>(endpoint: ListEndpoint<Row>, query: ApiListQuery) {
  return queryOptions({
    queryKey: [...endpoint.queryKey, 'list', query],
    queryFn: ({ signal }) => fetchListPage(endpoint, query, signal),
    // The old page stays on screen while the next one loads: no flicker when paging or sorting.
    placeholderData: keepPreviousData,
  });
}

/** `POST {path}delete-multiple/ {pkList}` */
export function deleteMultiple(endpoint: ListEndpoint<unknown>, pkList: number[]): Promise<unknown> {
  const body: DeleteMultipleInput = { pkList };
  return apiRequest(`${endpoint.path}delete-multiple/`, { method: 'POST', body });
}
