import type {
  DriverLookup,
  ForPaymentForm,
  LicenceLookup,
  Payer,
  Payment,
  PaymentCancelInput,
  PaymentCreateInput,
  PaymentListItem,
  PaymentPayInput,
  PublicPayment,
  QuoteRequest,
  QuoteResponse,
  VehicleLookup,
} from '@dnx/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { defineListEndpoint } from '../../../components/resource-list';
import { apiBlob, apiRequest } from '../../../lib/api-client';

/** `GET /api/payments/` (paging, order, search, filters). */
export const paymentsEndpoint = defineListEndpoint<PaymentListItem>(['payments', 'list'], '/api/payments/');

/** A fresh key per user action: the server answers a retried action once (docs/decisions/0011-idempotency.md). */
const idempotent = () => ({ 'Idempotency-Key': crypto.randomUUID() });

export const paymentQuery = (id: number) =>
  queryOptions({
    queryKey: ['payments', 'detail', id],
    queryFn: ({ signal }) => apiRequest<Payment>(`/api/payments/${id}/`, { signal }),
  });

export function usePayment(id: number | null) {
  return useQuery({ ...paymentQuery(id ?? 0), enabled: id !== null });
}

export type PaymentSave = PaymentCreateInput | (PaymentCreateInput & { id: number; version: number });

/** `POST /api/payments/` (201) or `PUT /api/payments/{id}/` with the version read (409 when stale). */
export function useSavePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PaymentSave) => {
      if ('id' in input) {
        const { id, ...body } = input;
        return apiRequest<Payment>(`/api/payments/${id}/`, { method: 'PUT', body, headers: idempotent() });
      }
      return apiRequest<Payment>('/api/payments/', { method: 'POST', body: input, headers: idempotent() });
    },
    onSuccess: (payment) => {
      queryClient.setQueryData(paymentQuery(payment.id).queryKey, payment);
      return queryClient.invalidateQueries({ queryKey: ['payments'] });
    },
  });
}

type Transition =
  | { action: 'submit'; id: number }
  | { action: 'pay'; id: number; body: PaymentPayInput }
  | { action: 'cancel'; id: number; body: PaymentCancelInput };

/** `POST /api/payments/{id}/submit|pay|cancel/`: one key per click, so a retry never moves it twice. */
export function usePaymentTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: Transition) =>
      apiRequest<Payment>(`/api/payments/${move.id}/${move.action}/`, {
        method: 'POST',
        body: 'body' in move ? move.body : undefined,
        headers: idempotent(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payments'] }),
  });
}

/** `GET /api/payments/{id}/receipt.pdf` with the bearer, opened in a new tab (or downloaded when blocked). */
export async function openReceipt(id: number): Promise<void> {
  const pdf = await apiBlob(`/api/payments/${id}/receipt.pdf`);
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = `qebz-${id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** `POST /api/payments/quote/`: the server's prices of rows, nothing saved. */
export function quote(request: QuoteRequest): Promise<QuoteResponse> {
  return apiRequest<QuoteResponse>('/api/payments/quote/', { method: 'POST', body: request });
}

/**
 * `GET /api/fn/forms/for-payment/?series=&number=&region=`: free forms of the user's region (a national user's:
 * of `region`, the payment's, once chosen), with their row's pricing.
 */
export function useFreeForms(series: string, number: string, region?: number) {
  return useQuery({
    queryKey: ['payments', 'free-forms', series, number, region ?? null],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; results: ForPaymentForm[] }>('/api/fn/forms/for-payment/', {
        query: { series: series || undefined, number: number || undefined, region, per_page: 20 },
        signal,
      }),
    select: (page) => page.results,
    staleTime: 10_000,
  });
}

/** `GET /api/payments/payer/?voen=`: a known payer (404 when the VÖEN is neither a carrier's nor an earlier payer's). */
export function usePayer(voen: string | null) {
  return useQuery({
    queryKey: ['payments', 'payer', voen],
    queryFn: ({ signal }) => apiRequest<Payer>('/api/payments/payer/', { query: { voen: voen ?? '' }, signal }),
    enabled: voen !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export const lookupVehicle = (plate: string) =>
  apiRequest<VehicleLookup>(`/api/registry/vehicles/${encodeURIComponent(plate)}/`);
export const lookupDriver = (fin: string) =>
  apiRequest<DriverLookup>(`/api/registry/drivers/${encodeURIComponent(fin)}/`);
export const lookupLicence = (number: string) =>
  apiRequest<LicenceLookup>(`/api/registry/licences/${encodeURIComponent(number)}/`);

/** `GET /api/public/payments/{code}/`, no sign-in. */
export function usePublicPayment(code: string) {
  return useQuery({
    queryKey: ['public-payment', code],
    queryFn: ({ signal }) =>
      apiRequest<PublicPayment>(`/api/public/payments/${encodeURIComponent(code)}/`, {
        bearer: 'none',
        signal,
      }),
    retry: false,
  });
}
