import type { Import, ImportOutcome, ImportKind, ImportRow } from '@dnx/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const key = ['imports'] as const;
const working = (status: Import['status'] | undefined) =>
  status === 'queued' || status === 'checking' || status === 'applying';

/** `GET /api/imports/`: the history, the newest first. */
export function useImports(page: number) {
  return useQuery({
    queryKey: [...key, 'list', page],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; results: Import[] }>('/api/imports/', { query: { page, per_page: 10 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/imports/{id}/`: read again every second while a worker checks or applies it. */
export function useImport(id: number | null) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: ({ signal }) => apiRequest<Import>(`/api/imports/${id}/`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => (working(query.state.data?.status) ? 1_000 : false),
  });
}

/** `GET /api/imports/{id}/rows/?outcome=`: one page of the checked rows of an outcome. */
export function useImportRows(id: number | null, outcome: ImportOutcome, page: number, ready: boolean) {
  return useQuery({
    queryKey: [...key, id, 'rows', outcome, page],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; results: ImportRow[] }>(`/api/imports/${id}/rows/`, {
        query: { outcome, page, per_page: 20 },
        signal,
      }),
    enabled: id !== null && ready,
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/imports/` (multipart): the upload, queued for its check. */
export function useUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ resource, file }: { resource: ImportKind; file: File }) => {
      const body = new FormData();
      body.append('resource', resource);
      body.append('file', file, file.name);
      return apiRequest<Import>('/api/imports/', { method: 'POST', body });
    },
    onSettled: () => client.invalidateQueries({ queryKey: [...key, 'list'] }),
  });
}

/** `POST /api/imports/{id}/apply/`: queued; the import is followed until it is applied or fails. */
export function useApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<Import>(`/api/imports/${id}/apply/`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
