import type { Group, GroupInput, GroupUpdate } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A new group, or an existing one with the version its form read. */
export type GroupSave = GroupInput | (GroupUpdate & { id: number });

/** `POST /api/user/groups/` (201) or `PUT /api/user/groups/{id}/`; role groups and stale versions answer 409. */
export function saveGroup(input: GroupSave): Promise<Group> {
  if ('id' in input) {
    const { id, ...body } = input;
    return apiRequest<Group>(`/api/user/groups/${id}/`, { method: 'PUT', body });
  }
  return apiRequest<Group>('/api/user/groups/', { method: 'POST', body: input });
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
