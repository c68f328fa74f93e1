import type { FnBatch } from '@dnx/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { defineListEndpoint } from '../../../components/resource-list';

/** `GET /api/fn/batches/` (paging, order, search, filters) and `delete-multiple/` beside it (all or none). */
export const batchesEndpoint = defineListEndpoint<FnBatch>(['fn', 'batches'], '/api/fn/batches/');

export const batchQuery = (id: number) =>
  queryOptions({
    queryKey: ['fn', 'batches', 'detail', id],
    queryFn: ({ signal }) => apiRequest<FnBatch>(`/api/fn/batches/${id}/`, { signal }),
  });

export function useBatch(id: number | null) {
  return useQuery({ ...batchQuery(id ?? 0), enabled: id !== null });
}

/** What the batch form sends: numbers as 6-digit strings; an update carries the version its form read. */
export interface BatchInput {
  series: string;
  start_number: string;
  finish_number: string;
  operator: number;
  region: number;
  transport_type: number;
  coefficient: number;
  expire_date: number;
  expire_date_type: string;
  /** The parent batch (the spec's fnBase); null for none. */
  fnBase: number | null;
}
export type BatchSave = BatchInput | (BatchInput & { id: number; version: number });

/** `POST /api/fn/batches/` (201) or `PUT /api/fn/batches/{id}/` (409 when stale or when forms moved on). */
export function saveBatch(input: BatchSave): Promise<FnBatch> {
  if ('id' in input) {
    const { id, ...body } = input;
    return apiRequest<FnBatch>(`/api/fn/batches/${id}/`, { method: 'PUT', body });
  }
  return apiRequest<FnBatch>('/api/fn/batches/', { method: 'POST', body: input });
}

export function useSaveBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBatch,
    onSuccess: (batch) => {
      queryClient.setQueryData(batchQuery(batch.id).queryKey, batch);
      return queryClient.invalidateQueries({ queryKey: ['fn'] });
    },
  });
}

/** `POST /api/fn/batches/{id}/accept/`: only the batch's own operator; its new forms become active. */
export function useAcceptBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<FnBatch>(`/api/fn/batches/${id}/accept/`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fn'] }),
  });
}
