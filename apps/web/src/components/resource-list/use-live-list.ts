import { useEffect, useMemo } from 'react';
import { liveResourceOf, registerResourceKey } from '../../lib/live';
import type { ApiListQuery } from './list-query';
import { useLiveRows } from './live-rows';
import type { ResourceListDeclaration } from './types';

interface ListPageAnswer<Row> {
  data?: { results: Row[]; count: number };
  dataUpdatedAt: number;
}

/** Others' changes (issue 47): the page is read again quietly, and what changed on it is marked. */
export function useLiveList<Row>(
  declaration: ResourceListDeclaration<Row>,
  apiQuery: ApiListQuery,
  list: ListPageAnswer<Row>,
) {
  const { endpoint } = declaration;
  const liveResource = declaration.liveResource ?? liveResourceOf(endpoint.path);
  useEffect(() => registerResourceKey(liveResource, endpoint.queryKey), [liveResource, endpoint.queryKey]);
  const livePage = useMemo(
    () => (list.data ? { rows: list.data.results, count: list.data.count } : undefined),
    [list.data],
  );
  return useLiveRows(
    liveResource,
    JSON.stringify(apiQuery),
    livePage,
    list.dataUpdatedAt,
    declaration.rowKey,
    declaration.live ?? 'in-place',
  );
}
