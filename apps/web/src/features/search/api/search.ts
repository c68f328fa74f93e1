import type { SearchAnswer } from '@dnx/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const key = ['search'] as const;

/** `GET /api/search/?q=`: grouped results of what is typed (nothing under two characters). */
export function useSearch(q: string) {
  return useQuery({
    queryKey: [...key, q],
    queryFn: ({ signal }) => apiRequest<SearchAnswer>('/api/search/', { query: { q }, signal }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** `GET /api/search/recent/`: the person's last searches. */
export function useRecentSearches() {
  return useQuery({
    queryKey: [...key, 'recent'],
    queryFn: ({ signal }) => apiRequest<{ results: string[] }>('/api/search/recent/', { signal }),
  });
}

/** `POST /api/search/recent/`: a search that led somewhere is kept. */
export function useRememberSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (q: string) =>
      apiRequest<{ results: string[] }>('/api/search/recent/', { method: 'POST', body: { q } }),
    onSuccess: (answer) => client.setQueryData([...key, 'recent'], answer),
  });
}
