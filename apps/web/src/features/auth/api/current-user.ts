import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface CurrentUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  region: number | null;
  groups: { id: number; name: string; code: string | null }[];
  permissions: string[];
}

interface CurrentUserResponse {
  result: boolean;
  user: CurrentUser | null;
  error: string | null;
}

async function fetchCurrentUser(): Promise<CurrentUser> {
  const res = await apiRequest<CurrentUserResponse>('/api/user/current-user/', { method: 'POST' });
  if (!res.result || !res.user) throw new Error(res.error ?? 'current user unavailable');
  return res.user;
}

export const currentUserQuery = queryOptions({
  queryKey: ['session', 'current-user'],
  queryFn: fetchCurrentUser,
  staleTime: 5 * 60_000,
});

/** The signed-in user; inside /app it is always loaded (the /app loader fetched it). */
export function useCurrentUser(): CurrentUser | undefined {
  return useQuery(currentUserQuery).data;
}
