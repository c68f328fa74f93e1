import type { ListPreferences, ListPreferencesInput, SavedView, SavedViewInput } from '@dnx/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listPreferencesKey, saveListPreferences } from '../../../components/resource-list/list-settings';
import { apiRequest } from '../../../lib/api-client';

const key = ['saved-views'] as const;

/** `GET /api/views/?list=`: the person's views of a list and those shared with their groups. */
export const viewsQuery = (list: string) =>
  queryOptions({
    queryKey: [...key, list],
    queryFn: async ({ signal }) =>
      (await apiRequest<{ results: SavedView[] }>('/api/views/', { query: { list }, signal })).results,
  });

export const useViews = (list: string, enabled = true) => useQuery({ ...viewsQuery(list), enabled });

/** Views and the default (kept in the preferences) change together: both are read again. */
function useRefresh(list: string) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: [...key, list] }),
      client.invalidateQueries({ queryKey: listPreferencesKey(list) }),
    ]);
}

/** `POST /api/views/` or `PUT /api/views/{id}/`. */
export function useSaveView(list: string) {
  const refresh = useRefresh(list);
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SavedViewInput }) =>
      apiRequest<SavedView>(id ? `/api/views/${id}/` : '/api/views/', { method: id ? 'PUT' : 'POST', body: input }),
    meta: { background: true },
    onSettled: refresh,
  });
}

/** `DELETE /api/views/{id}/` */
export function useDeleteView(list: string) {
  const refresh = useRefresh(list);
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>(`/api/views/${id}/`, { method: 'DELETE' }),
    meta: { background: true },
    onSettled: refresh,
  });
}

/**
 * `PUT /api/user/preferences/lists/{list}/`: columns and density (and the default view when named), shown at once
 * and put back when the save fails.
 */
export function useSavePreferences(list: string) {
  const client = useQueryClient();
  const refresh = useRefresh(list);
  return useMutation({
    mutationFn: (input: ListPreferencesInput) => saveListPreferences(list, input),
    meta: { background: true },
    onMutate: async (input) => {
      await client.cancelQueries({ queryKey: listPreferencesKey(list) });
      const before = client.getQueryData<ListPreferences>(listPreferencesKey(list));
      client.setQueryData<ListPreferences>(listPreferencesKey(list), {
        list,
        default_view: before?.default_view ?? null,
        ...input,
        ...(input.default_view !== undefined ? { default_view: input.default_view } : {}),
      } as ListPreferences);
      return { before };
    },
    onError: (_error, _input, context) => client.setQueryData(listPreferencesKey(list), context?.before),
    // The answer echoes what was sent: the shown value stands (a later change in flight is not undone by this one).
    onSettled: (_saved, _error, input) => (input.default_view !== undefined ? refresh() : undefined),
  });
}
