import type { BusRoute } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/bus-routes/{id}/`, or with `asOf` (yyyy-mm-dd) the route as it was at the end of that day. */
export const busRouteQuery = (id: number, asOf?: string) =>
  queryOptions({
    queryKey: ['bus-routes', 'detail', id, asOf ?? null],
    queryFn: ({ signal }) =>
      apiRequest<BusRoute>(`/api/bus-routes/${id}/`, { query: asOf ? { as_of: asOf } : undefined, signal }),
    // A past day does not change; a 404 before the route existed is an answer, not a failure to retry.
    staleTime: asOf ? Infinity : 0,
    retry: false,
  });

export function useBusRoute(id: number, asOf?: string) {
  return useQuery(busRouteQuery(id, asOf));
}
