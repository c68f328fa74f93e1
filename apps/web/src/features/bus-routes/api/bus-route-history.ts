import type { BusRouteHistoryEntry } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/bus-routes/{id}/history/`: every change of the route, newest first. */
export const busRouteHistoryQuery = (id: number) =>
  queryOptions({
    queryKey: ['bus-routes', 'history', id],
    queryFn: ({ signal }) => apiRequest<{ data: BusRouteHistoryEntry[] }>(`/api/bus-routes/${id}/history/`, { signal }),
    select: (body) => body.data,
  });

export function useBusRouteHistory(id: number) {
  return useQuery(busRouteHistoryQuery(id));
}
