import type { ResourceDefinition, ResourceRecord } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET <apiPath>{id}/`: one record, to edit. */
export const recordQuery = (resource: ResourceDefinition, id: number) =>
  queryOptions({
    queryKey: [resource.key, 'detail', id],
    queryFn: ({ signal }) => apiRequest<ResourceRecord>(`${resource.apiPath}${id}/`, { signal }),
  });

export function useRecord(resource: ResourceDefinition, id: number | null) {
  return useQuery({ ...recordQuery(resource, id ?? 0), enabled: id !== null });
}
