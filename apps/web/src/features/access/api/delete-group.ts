import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `DELETE /api/user/groups/{id}/` answers the pk; role groups answer 409. */
export function deleteGroup(id: number): Promise<unknown> {
  return apiRequest(`/api/user/groups/${id}/`, { method: 'DELETE' });
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['groups'] }),
  });
}
