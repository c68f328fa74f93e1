import type { Group, GroupInput } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/user/groups/` (201) or `PUT /api/user/groups/{id}/`; role groups answer 409. */
export function saveGroup({ id, ...input }: GroupInput & { id?: number }): Promise<Group> {
  return id
    ? apiRequest<Group>(`/api/user/groups/${id}/`, { method: 'PUT', body: input })
    : apiRequest<Group>('/api/user/groups/', { method: 'POST', body: input });
}

export function useSaveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(['groups', 'detail', group.id], group);
      return queryClient.invalidateQueries({ queryKey: ['groups'] });
    },
  });
}
