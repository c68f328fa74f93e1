import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const openBankDifferencesKey = ['bank-statements', 'differences', 'count'] as const;

/** `GET /api/bank-statements/differences/?per_page=1`: how many differences are open (issue 48), for the home. */
export function useOpenBankDifferences(enabled: boolean) {
  return useQuery({
    queryKey: openBankDifferencesKey,
    queryFn: ({ signal }) =>
      apiRequest<{ count: number }>('/api/bank-statements/differences/', { query: { per_page: 1 }, signal }),
    enabled,
    staleTime: 0,
  });
}
