import type { OnlineStatusAnswer } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/public/online/status/?code=&voen=`, no sign-in: a request's status, and what to pay once priced. */
export function fetchRequestStatus(code: string, voen: string, signal?: AbortSignal): Promise<OnlineStatusAnswer> {
  return apiRequest<OnlineStatusAnswer>('/api/public/online/status/', {
    query: { code, voen },
    bearer: 'none',
    signal,
  });
}

/** The status of the code and VÖEN in the address; idle until both are given. */
export function useRequestStatus(code: string, voen: string) {
  return useQuery({
    queryKey: ['online', 'public', 'status', code, voen],
    queryFn: ({ signal }) => fetchRequestStatus(code, voen, signal),
    enabled: code !== '' && voen !== '',
    // A 404 is an answer (no such request), and a 429 will not pass by trying again at once.
    retry: false,
  });
}
