import type { BusRoute, BusRouteCreateInput, BusRouteUpdateInput } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { busRouteQuery } from './get-bus-route';

export type BusRouteSave = { id: null; body: BusRouteCreateInput } | { id: number; body: BusRouteUpdateInput };

/** `POST /api/bus-routes/` (201) or `PUT /api/bus-routes/{id}/` with the version read (409 when stale). */
export function saveBusRoute({ id, body }: BusRouteSave): Promise<BusRoute> {
  return id === null
    ? apiRequest<BusRoute>('/api/bus-routes/', { method: 'POST', body })
    : apiRequest<BusRoute>(`/api/bus-routes/${id}/`, { method: 'PUT', body });
}

/** Saves a route; its lists, its record and its history are asked again. */
export function useSaveBusRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBusRoute,
    onSuccess: (saved) => {
      queryClient.setQueryData(busRouteQuery(saved.id).queryKey, saved);
      return queryClient.invalidateQueries({ queryKey: ['bus-routes'] });
    },
  });
}
