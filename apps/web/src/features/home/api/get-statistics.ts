import type { Statistics } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/reports/statistics/`: the home page's numbers, each with the list that shows the same count. */
export const statisticsQuery = queryOptions({
  queryKey: ['reports', 'statistics'],
  queryFn: ({ signal }) => apiRequest<Statistics>('/api/reports/statistics/', { signal }),
  // The numbers are of now: opening the home again reads them again; the route's loader read (a moment before the
  // screen mounts, issue 60) is the mount's own.
  staleTime: 5_000,
});

export function useStatistics() {
  return useQuery(statisticsQuery);
}
