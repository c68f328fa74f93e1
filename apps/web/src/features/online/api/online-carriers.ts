import type { OnlineCarrier, OnlineCarrierListItem, OnlineRejectInput } from '@dnx/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineListEndpoint } from '../../../components/resource-list';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/online-carriers/` (paging, order, search; filters status, region, voen). */
export const onlineCarriersEndpoint = defineListEndpoint<OnlineCarrierListItem>(
  ['online-carriers', 'list'],
  '/api/online-carriers/',
);

export const onlineCarrierQuery = (id: number) =>
  queryOptions({
    queryKey: ['online-carriers', 'detail', id],
    queryFn: ({ signal }) => apiRequest<OnlineCarrier>(`/api/online-carriers/${id}/`, { signal }),
  });

export const useOnlineCarrier = (id: number) => useQuery(onlineCarrierQuery(id));

export type CarrierDecision =
  { action: 'approve'; id: number } | { action: 'reject'; id: number; body: OnlineRejectInput };

/**
 * `POST /api/online-carriers/{id}/approve|reject/`, one `Idempotency-Key` per click (as the payment moves), so a
 * retried click decides once. Whatever the answer (a 409: decided meanwhile), the list and the request are read
 * again.
 */
export function useDecideCarrier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CarrierDecision) =>
      apiRequest<OnlineCarrier>(`/api/online-carriers/${decision.id}/${decision.action}/`, {
        method: 'POST',
        body: decision.action === 'reject' ? decision.body : {},
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: (carrier) => queryClient.setQueryData(onlineCarrierQuery(carrier.id).queryKey, carrier),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['online-carriers'] }),
  });
}
