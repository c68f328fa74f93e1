import type { FnForm } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { defineListEndpoint } from '../../../components/resource-list';
import { apiRequest } from '../../../lib/api-client';
import type { FnMoved } from './share';

/** `GET /api/fn/paid/`: paid forms not annulled (paid-fn), paged and filtered like the other form lists. */
export const paidEndpoint = defineListEndpoint<FnForm>(['fn', 'paid'], '/api/fn/paid/');

/** `POST /api/fn/paid/delete-multiple/ {pkList, reason}`: annul paid forms (the spec's soft delete), all or none. */
export function useAnnulPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { pkList: number[]; reason: string }) =>
      apiRequest<FnMoved>('/api/fn/paid/delete-multiple/', { method: 'POST', body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['fn'] }),
  });
}
