import type { Operator } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * `GET /api/user/users/inspectors/?region=`: the active inspectors (role C) of the payment's region, for a row's
 * inspector. The server opens it to `view_active_fn` only, so the form asks only when the user holds it.
 */
export function useRegionInspectors(region: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'inspectors', region ?? null],
    queryFn: ({ signal }) =>
      apiRequest<{ data: Operator[] }>('/api/user/users/inspectors/', { query: { region }, signal }),
    select: (body) => body.data,
    staleTime: 60_000,
    enabled: enabled && region !== undefined,
  });
}

/** "Quliyev Rəşad (inspector@demo.az)": the name a row's inspector is picked by. */
export const inspectorLabel = (person: Pick<Operator, 'last_name' | 'first_name' | 'email'>) =>
  `${`${person.last_name} ${person.first_name}`.trim() || person.email} (${person.email})`;
