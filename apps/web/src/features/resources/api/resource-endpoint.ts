import type { ResourceDefinition, ResourceRecord } from '@dnx/shared';
import { defineListEndpoint, type ListEndpoint } from '../../../components/resource-list';

const endpoints = new Map<string, ListEndpoint<ResourceRecord>>();

/**
 * `GET <apiPath>` as the list reads it. Every query of a resource starts with its key, so one invalidation
 * refreshes its lists, records and pickers (`available/`).
 */
export function resourceEndpoint(resource: ResourceDefinition): ListEndpoint<ResourceRecord> {
  let endpoint = endpoints.get(resource.key);
  if (!endpoint) {
    endpoint = defineListEndpoint<ResourceRecord>([resource.key], resource.apiPath);
    endpoints.set(resource.key, endpoint);
  }
  return endpoint;
}
