import type { FnForm } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `POST /api/fn/forms/{id}/void/ {reason}`: a spoiled or lost form (new, active or shared) is voided, never deleted. */
export function useVoidForm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<FnForm>(`/api/fn/forms/${id}/void/`, { method: 'POST', body: { reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fn'] }),
  });
}
