import type { FnReconciliation } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface ReconciliationFilters {
  series?: string;
  region?: string;
  operator?: string;
  transport_type?: string;
}

/** `GET /api/fn/reconciliation/?series=&region=&operator=&transport_type=`: one snapshot of the counts per series and operator. */
export function useReconciliation(filters: ReconciliationFilters) {
  return useQuery({
    queryKey: ['fn', 'reconciliation', filters],
    queryFn: ({ signal }) => apiRequest<FnReconciliation>('/api/fn/reconciliation/', { query: { ...filters }, signal }),
  });
}
