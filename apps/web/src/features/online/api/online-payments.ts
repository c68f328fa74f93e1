import type { OnlinePaymentListItem, OnlinePaymentRequest, OnlineRejectInput } from '@dnx/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineListEndpoint } from '../../../components/resource-list';
import { apiBlob, apiRequest } from '../../../lib/api-client';
import { saveBlob } from '../../../components/download';

/** `GET /api/online-payments/` (paging, order, search; filters status, region, owner_code). */
export const onlinePaymentsEndpoint = defineListEndpoint<OnlinePaymentListItem>(
  ['online-payments', 'list'],
  '/api/online-payments/',
);

/** A request for marks, with the registry's answers for its vehicles (looked up when it is read). */
export const onlinePaymentQuery = (id: number) =>
  queryOptions({
    queryKey: ['online-payments', 'detail', id],
    queryFn: ({ signal }) => apiRequest<OnlinePaymentRequest>(`/api/online-payments/${id}/`, { signal }),
  });

export const useOnlinePayment = (id: number) => useQuery(onlinePaymentQuery(id));

export type PaymentRequestDecision =
  { action: 'accept'; id: number } | { action: 'reject'; id: number; body: OnlineRejectInput };

/**
 * `POST /api/online-payments/{id}/accept|reject/` with a fresh `Idempotency-Key` per click. Accepting makes a
 * payment, so the payments' lists are read again too.
 */
export function useDecidePaymentRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: PaymentRequestDecision) =>
      apiRequest<OnlinePaymentRequest>(`/api/online-payments/${decision.id}/${decision.action}/`, {
        method: 'POST',
        body: decision.action === 'reject' ? decision.body : {},
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      }),
    onSuccess: (request) => queryClient.setQueryData(onlinePaymentQuery(request.id).queryKey, request),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['online-payments'] }),
        queryClient.invalidateQueries({ queryKey: ['payments'] }),
      ]),
  });
}

/** `GET /api/online-payments/{id}/summary/` (PDF) with the bearer, downloaded as the payment receipt is. */
export async function openPaymentRequestSummary(request: { id: number; code: string }): Promise<void> {
  saveBlob(await apiBlob(`/api/online-payments/${request.id}/summary/`), `muraciet-${request.code}.pdf`);
}
