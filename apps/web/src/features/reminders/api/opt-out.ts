import type { ReminderOptOut } from '@dnx/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const path = (token: string) => `/api/public/reminders/${encodeURIComponent(token)}/`;
const key = (token: string) => ['reminder-opt-out', token];

/** `GET /api/public/reminders/{token}/`: whose reminders the link stops (no sign-in). */
export function useReminderOptOut(token: string) {
  return useQuery({
    queryKey: key(token),
    queryFn: ({ signal }) => apiRequest<ReminderOptOut>(path(token), { bearer: 'none', signal }),
    retry: false,
  });
}

/** `POST …/opt-out/`: the carrier stops them. */
export function useOptOut(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ReminderOptOut>(`${path(token)}opt-out/`, { method: 'POST', bearer: 'none' }),
    onSuccess: (answer) => client.setQueryData(key(token), answer),
  });
}
