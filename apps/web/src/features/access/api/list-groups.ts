import type { Group, Page } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { defineListEndpoint } from '../../../components/resource-list';

/** `GET /api/user/groups/` as a list screen reads it (the list contract). */
export const groupsEndpoint = defineListEndpoint<Group>(['groups'], '/api/user/groups/');

/** Every group, for pickers and filters: `no_page=1` (a bare array is read too). */
export const allGroupsQuery = queryOptions({
  queryKey: ['groups', 'all'],
  queryFn: async ({ signal }) => {
    const body = await apiRequest<Page<Group> | Group[]>('/api/user/groups/', { query: { no_page: 1 }, signal });
    return Array.isArray(body) ? body : body.results;
  },
});

export function useAllGroups() {
  return useQuery(allGroupsQuery);
}
