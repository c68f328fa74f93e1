import type { FeeGroup } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** A region the carrier may address a request to. */
export interface PublicRegion {
  id: number;
  name: string;
}

/** A transport type a carrier may ask marks for, with how it is priced (seats, load or flat). */
export interface PublicTransportType {
  id: number;
  name: string;
  fee_group: FeeGroup;
}

/** `GET /api/public/online/regions/`, no sign-in. */
export const publicRegionsQuery = queryOptions({
  queryKey: ['online', 'public', 'regions'],
  queryFn: ({ signal }) =>
    apiRequest<{ data: PublicRegion[] }>('/api/public/online/regions/', { bearer: 'none', signal }),
  select: (answer: { data: PublicRegion[] }) => answer.data,
  staleTime: 10 * 60_000,
});

/** `GET /api/public/online/transport-types/`, no sign-in (the staff's review names the types with it too). */
export const publicTransportTypesQuery = queryOptions({
  queryKey: ['online', 'public', 'transport-types'],
  queryFn: ({ signal }) =>
    apiRequest<{ data: PublicTransportType[] }>('/api/public/online/transport-types/', { bearer: 'none', signal }),
  select: (answer: { data: PublicTransportType[] }) => answer.data,
  staleTime: 10 * 60_000,
});

export const usePublicRegions = () => useQuery(publicRegionsQuery);
export const usePublicTransportTypes = () => useQuery(publicTransportTypesQuery);
