import { useCallback, useMemo } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { changedOver, readListState, writeListState, type ListState, type ListStateDefaults } from './list-query';
import type { ResourceListDeclaration } from './types';

/** The list's state, read from and written to the URL query: a reload or a shared link shows the same rows. */
export function useListState(
  filterNames: readonly string[],
  sortKeys: readonly string[],
  defaults: ListStateDefaults = {},
): [ListState, (next: ListState) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const filterKey = filterNames.join(',');
  const sortKey = sortKeys.join(',');
  const { order, orderBy } = defaults;
  const state = useMemo(
    () =>
      readListState(params, filterKey ? filterKey.split(',') : [], sortKey ? sortKey.split(',') : [], {
        order,
        orderBy,
      }),
    [params, filterKey, sortKey, order, orderBy],
  );
  // A change is made from the state shown, and written over the address as it is now: the router writes a new
  // address at once but shows it in a transition, so a control used in between sees the older one (a search typed
  // just after a filter was chosen would have dropped the filter).
  const setState = useCallback(
    (next: ListState) => {
      const names = filterKey ? filterKey.split(',') : [];
      const sorts = sortKey ? sortKey.split(',') : [];
      const current = addressNow(pathname, params);
      const latest = readListState(current, names, sorts, { order, orderBy });
      setParams(writeListState(changedOver(latest, state, next), current, names, { order, orderBy }));
    },
    [setParams, pathname, params, state, filterKey, sortKey, order, orderBy],
  );
  return [state, setState];
}

/** The query of the address the browser holds now, when it is this screen's; else the one rendered (a memory router). */
function addressNow(pathname: string, rendered: URLSearchParams): URLSearchParams {
  if (typeof window === 'undefined' || window.location.pathname !== pathname) return rendered;
  return new URLSearchParams(window.location.search);
}

/** A declared list's state in the URL, by its filters' names and its columns' sort keys. */
export function useDeclaredListState<Row>(declaration: ResourceListDeclaration<Row>) {
  const { filters, columns, defaultSort } = declaration;
  const filterNames = useMemo(() => (filters ?? []).map((f) => f.name), [filters]);
  const sortKeys = useMemo(() => columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), [columns]);
  const [state, setState] = useListState(filterNames, sortKeys, defaultSort);
  return { filterNames, sortKeys, state, setState };
}
