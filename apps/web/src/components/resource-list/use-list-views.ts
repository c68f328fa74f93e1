import { savedViewParam } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useContext, useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { writeListState, type ListState } from './list-query';
import { columnsParam, listKeyOf, listPreferencesQuery, ListToolsContext, type PendingView } from './list-settings';
import type { ResourceListDeclaration } from './types';

/**
 * The person's columns, density and default view of this list (issue 29), kept on the server, and the saved view
 * the list is to open before it asks for rows (one named by the address, or the default of a bare address).
 */
export function useListViews<Row>(
  declaration: ResourceListDeclaration<Row>,
  state: ListState,
  filterNames: readonly string[],
) {
  const { defaultSort } = declaration;
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const listKey = listKeyOf(pathname, declaration.tab);
  const renderTools = useContext(ListToolsContext);
  const preferences = useQuery({ ...listPreferencesQuery(listKey ?? ''), enabled: listKey !== null });
  const prefsSettled = listKey === null || preferences.isFetched;
  const viewColumns = params.get(columnsParam);
  // Opened without parameters, a person's default view applies before the first rows are asked for.
  const listParamNames = useMemo(
    () => ['page', 'per_page', 'order', 'order_by', 'search', 'cursor', columnsParam, ...filterNames],
    [filterNames],
  );
  const bare = listParamNames.every((name) => !params.has(name));
  const [defaultHandled, setDefaultHandled] = useState(false);
  // A view named by the address (the search palette opens one so) is applied by the tools, which then drop the name.
  const addressView = Number(params.get(savedViewParam)) || null;
  const defaultView = bare && !defaultHandled ? (preferences.data?.default_view ?? null) : null;
  const pendingView = useMemo<PendingView | null>(
    () =>
      renderTools === null
        ? null
        : addressView !== null
          ? { id: addressView, fromAddress: true }
          : defaultView !== null
            ? { id: defaultView, fromAddress: false }
            : null,
    [renderTools, addressView, defaultView],
  );
  const [notice, setNotice] = useState<string | null>(null);
  const viewQuery = useMemo(() => {
    const written = writeListState({ ...state, page: 1, cursor: undefined }, new URLSearchParams(), filterNames, {
      order: defaultSort?.order,
      orderBy: defaultSort?.orderBy,
    });
    const query = Object.fromEntries(written);
    if (declaration.tab) query.tab = declaration.tab;
    return query;
  }, [state, filterNames, defaultSort?.order, defaultSort?.orderBy, declaration.tab]);
  const applyView = useCallback(
    (query: Record<string, string>, viewCols: readonly string[] | null) => {
      setDefaultHandled(true);
      setParams((current) => {
        const next = new URLSearchParams(query);
        const tab = current.get('tab');
        if (tab !== null && !next.has('tab')) next.set('tab', tab);
        if (viewCols && viewCols.length > 0) next.set(columnsParam, viewCols.join(','));
        return next;
      });
    },
    [setParams],
  );
  const onDefaultHandled = useCallback(() => setDefaultHandled(true), []);
  return {
    listKey,
    renderTools,
    preferences: preferences.data,
    /** The rows wait for the person's settings and for a view to open. */
    waiting: !prefsSettled || pendingView !== null,
    viewColumns,
    pendingView,
    viewQuery,
    applyView,
    onDefaultHandled,
    notice,
    setNotice,
  };
}

export type ListViews = ReturnType<typeof useListViews>;
