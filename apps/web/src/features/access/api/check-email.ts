import type { Page, User } from '@dnx/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Spec section 5: `GET /api/user/users/?email=` answers a count above 0 when the address is taken. */
export async function isEmailTaken(email: string, signal?: AbortSignal): Promise<boolean> {
  const page = await apiRequest<Page<User>>('/api/user/users/', { query: { email, per_page: 100 }, signal });
  // Should the filter match parts of addresses, only the same address counts as taken.
  return page.count > 0 && page.results.some((u) => u.email.toLowerCase() === email);
}

export const emailTakenQuery = (email: string) =>
  queryOptions({
    queryKey: ['users', 'email-taken', email],
    queryFn: ({ signal }) => isEmailTaken(email, signal),
    staleTime: 0,
  });
