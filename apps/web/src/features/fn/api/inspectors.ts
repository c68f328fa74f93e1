import type { Operator } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/user/users/inspectors/?region=`: active inspectors (role C) forms can be shared to. */
export function useInspectors(region?: number, enabled = true) {
  return useQuery({
    queryKey: ['fn', 'inspectors', region ?? null],
    queryFn: ({ signal }) =>
      apiRequest<{ data: Operator[] }>('/api/user/users/inspectors/', { query: { region }, signal }),
    select: (body) => body.data,
    staleTime: 60_000,
    enabled,
  });
}
