import type { User } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function fetchUser(id: number, signal?: AbortSignal): Promise<User> {
  return apiRequest<User>(`/api/user/users/${id}/`, { signal });
}

export const userQuery = (id: number) =>
  queryOptions({ queryKey: ['users', 'detail', id], queryFn: ({ signal }) => fetchUser(id, signal) });

export function useUser(id: number | null) {
  return useQuery({ ...userQuery(id ?? 0), enabled: id !== null });
}
