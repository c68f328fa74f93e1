import type { Permission } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/user/permissions/`: every permission with its Azerbaijani name and resource. */
export const permissionsQuery = queryOptions({
  queryKey: ['permissions'],
  queryFn: ({ signal }) => apiRequest<Permission[]>('/api/user/permissions/', { signal }),
  staleTime: 10 * 60_000,
});

export function usePermissions() {
  return useQuery(permissionsQuery);
}
