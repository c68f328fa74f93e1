import type { Job } from '@dnx/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const jobsKey = ['jobs'] as const;

/** `GET /api/jobs/`: the scheduled jobs with their next and last runs; read again every 10 s while open. */
export function useJobs() {
  return useQuery({
    queryKey: jobsKey,
    queryFn: ({ signal }) => apiRequest<Job[]>('/api/jobs/', { signal }),
    refetchInterval: 10_000,
  });
}

/** `POST /api/jobs/{name}/run/`: queued now; the list is read again once it has had time to run. */
export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => apiRequest<{ detail: string }>(`/api/jobs/${name}/run/`, { method: 'POST' }),
    onSettled: () => setTimeout(() => void queryClient.invalidateQueries({ queryKey: jobsKey }), 3_000),
  });
}
