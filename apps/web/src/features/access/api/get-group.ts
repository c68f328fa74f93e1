import type { Group } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const groupQuery = (id: number) =>
  queryOptions({
    queryKey: ['groups', 'detail', id],
    queryFn: ({ signal }) => apiRequest<Group>(`/api/user/groups/${id}/`, { signal }),
  });

export function useGroup(id: number | null) {
  return useQuery({ ...groupQuery(id ?? 0), enabled: id !== null });
}
