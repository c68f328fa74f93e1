import { queryOptions, useQuery } from '@tanstack/react-query';
import { nationalRoles, type CurrentUser, type CurrentUserResponse } from '@dnx/shared';
import { apiRequest } from './api-client';

// The shape the server declares (shared schema): id, names, region, groups, permissions and preferences.
export type { CurrentUser };

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

/** A national user (A, B) works on every region, so may choose one; a regional user sees their own region only. */
export function useNationalUser(): boolean {
  const me = useCurrentUser();
  return (me?.groups ?? []).some((g) => nationalRoles.some((r) => r === g.code));
}
