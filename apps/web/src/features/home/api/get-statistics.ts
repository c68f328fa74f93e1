import type { Statistics } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/reports/statistics/`: the home page's numbers, each with the list that shows the same count. */
export function useStatistics() {
  return useQuery({
    queryKey: ['reports', 'statistics'],
    queryFn: ({ signal }) => apiRequest<Statistics>('/api/reports/statistics/', { signal }),
    // The numbers are of now: opening the home again reads them again.
    staleTime: 0,
  });
}
