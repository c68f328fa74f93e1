import type { BusRouteDeleteResult, DeleteMultipleInput } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `POST /api/bus-routes/delete-multiple/ {pkList}`: the ids deleted, and apart the ids kept inactive because a
 * payment names them.
 */
export function deleteBusRoutes(pkList: number[]): Promise<BusRouteDeleteResult> {
  const body: DeleteMultipleInput = { pkList };
  return apiRequest<BusRouteDeleteResult>('/api/bus-routes/delete-multiple/', { method: 'POST', body });
}

export function useDeleteBusRoutes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBusRoutes,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['bus-routes'] }),
  });
}
