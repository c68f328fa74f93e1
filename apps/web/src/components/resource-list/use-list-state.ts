import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { readListState, writeListState, type ListState, type ListStateDefaults } from './list-query';
import type { ResourceListDeclaration } from './types';

/** The list's state, read from and written to the URL query: a reload or a shared link shows the same rows. */
export function useListState(
  filterNames: readonly string[],
  sortKeys: readonly string[],
  defaults: ListStateDefaults = {},
): [ListState, (next: ListState) => void] {
  const [params, setParams] = useSearchParams();
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
  const setState = useCallback(
    (next: ListState) =>
      setParams((current) => writeListState(next, current, filterKey ? filterKey.split(',') : [], { order, orderBy })),
    [setParams, filterKey, order, orderBy],
  );
  return [state, setState];
}

/** A declared list's state in the URL, by its filters' names and its columns' sort keys. */
export function useDeclaredListState<Row>(declaration: ResourceListDeclaration<Row>) {
  const { filters, columns, defaultSort } = declaration;
  const filterNames = useMemo(() => (filters ?? []).map((f) => f.name), [filters]);
  const sortKeys = useMemo(() => columns.flatMap((c) => (c.sortKey ? [c.sortKey] : [])), [columns]);
  const [state, setState] = useListState(filterNames, sortKeys, defaultSort);
  return { filterNames, sortKeys, state, setState };
}
