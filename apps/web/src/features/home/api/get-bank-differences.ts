import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const openBankDifferencesKey = ['bank-statements', 'differences', 'count'] as const;

/** `GET /api/bank-statements/differences/?per_page=1`: how many differences are open (issue 48), for the home. */
export const openBankDifferencesQuery = queryOptions({
  queryKey: openBankDifferencesKey,
  queryFn: ({ signal }) =>
    apiRequest<{ count: number }>('/api/bank-statements/differences/', { query: { per_page: 1 }, signal }),
  // As the statistics: read again on each visit; the loader's read is the mount's (issue 60).
  staleTime: 5_000,
});

export function useOpenBankDifferences(enabled: boolean) {
  return useQuery({ ...openBankDifferencesQuery, enabled });
}
