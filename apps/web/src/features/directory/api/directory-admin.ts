import type { DirectoryPreview, DirectoryProviderState } from '@dnx/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/admin/directory/providers/`: each directory, its state and last error (issue 59). */
export function useDirectoryProviders() {
  return useQuery({
    queryKey: ['directory-providers'],
    queryFn: ({ signal }) => apiRequest<DirectoryProviderState[]>('/api/admin/directory/providers/', { signal }),
  });
}

/** `POST /api/admin/directory/preview/`: what a sign-in with these claims would grant, nothing saved. */
export function useDirectoryPreview() {
  return useMutation({
    mutationFn: (body: { provider: string; claims: Record<string, unknown> }) =>
      apiRequest<DirectoryPreview>('/api/admin/directory/preview/', { method: 'POST', body }),
  });
}
