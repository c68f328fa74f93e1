import { apiRequest } from '../../../lib/api-client';

/** `GET /api/inspect/snapshot/?since=`: the signed snapshot (full without a usable cursor, else the changes). */
export function fetchSnapshot(since: string | undefined): Promise<unknown> {
  return apiRequest<unknown>('/api/inspect/snapshot/', { query: { since } });
}
