import type { ReportGroupBy, ReportSubscription, ReportSubscriptionFilters } from '@dnx/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { ReportParams } from './get-report';

const key = ['reports', 'subscriptions'] as const;
const path = '/api/reports/subscriptions/';
const numeric = ['region', 'operator', 'transport_type', 'form_status', 'payment_status', 'validity'] as const;

/** The report's filters on screen as a subscription keeps them: no period (each mail is of the month before). */
export function subscriptionOf(params: ReportParams): ReportSubscriptionFilters {
  const filters: ReportSubscriptionFilters = { group_by: (params.group_by ?? 'region') as ReportGroupBy };
  for (const name of numeric) if (params[name]) filters[name] = Number(params[name]);
  return filters;
}

/** The subscription's filters as the report's address writes them (to open it on screen). */
export function paramsOf(subscription: ReportSubscription): Record<string, string> {
  const params: Record<string, string> = { group_by: subscription.group_by };
  for (const name of numeric) if (subscription[name] !== undefined) params[name] = String(subscription[name]);
  return params;
}

export function useSubscriptions() {
  return useQuery({ queryKey: key, queryFn: ({ signal }) => apiRequest<ReportSubscription[]>(path, { signal }) });
}

export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filters: ReportSubscriptionFilters) =>
      apiRequest<ReportSubscription>(path, { method: 'POST', body: filters }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useUnsubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`${path}${id}/`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
