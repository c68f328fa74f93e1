import { resources, type Page, type ResourceDefinition, type ResourceRecord } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { recordQuery } from './get-record';

export interface SaveRecordInput {
  id: number | null;
  body: Record<string, unknown>;
}

/** `POST <apiPath>` (201) to create, `PUT <apiPath>{id}/` to update; both answer the record. */
export function saveRecord(resource: ResourceDefinition, { id, body }: SaveRecordInput): Promise<ResourceRecord> {
  return id === null
    ? apiRequest<ResourceRecord>(resource.apiPath, { method: 'POST', body })
    : apiRequest<ResourceRecord>(`${resource.apiPath}${id}/`, { method: 'PUT', body });
}

/** A page of the list with the saved record in place of its old row. */
export function replaceRow(page: Page<ResourceRecord> | undefined, saved: ResourceRecord) {
  return page && { ...page, results: page.results.map((row) => (row.id === saved.id ? saved : row)) };
}

/** The resource and those whose records show its name (`brand_name` on models and automobiles). */
const shownIn = (resource: ResourceDefinition) => [
  resource.key,
  ...resources.filter((r) => r.fields.some((f) => f.reference === resource.key)).map((r) => r.key),
];

/**
 * Saves a record. An updated one replaces its row in the lists held at once; then every list, record and
 * picker of the resource (and of those that show its name) is asked again, so a created one appears where
 * the list's order puts it.
 */
export function useSaveRecord(resource: ResourceDefinition) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveRecordInput) => saveRecord(resource, input),
    onSuccess: (saved) => {
      queryClient.setQueryData(recordQuery(resource, saved.id).queryKey, saved);
      queryClient.setQueriesData<Page<ResourceRecord>>({ queryKey: [resource.key, 'list'] }, (page) =>
        replaceRow(page, saved),
      );
      return Promise.all(shownIn(resource).map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
    },
  });
}
