import type { FnShareInput } from '@dnx/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The answer of a move of several forms: the ids moved. */
export interface FnMoved {
  pkList: number[];
  count: number;
}

export type ShareMove = 'share' | 'unshare';

/**
 * `POST /api/fn/forms/share/` or `/unshare/` with `{inspector, forms}` or `{inspector, series, number_from,
 * number_to}`: all or none (409 when a form is not in the stage the move needs).
 */
export function moveForms(move: ShareMove, body: FnShareInput): Promise<FnMoved> {
  return apiRequest<FnMoved>(`/api/fn/forms/${move}/`, { method: 'POST', body });
}

export function useMoveForms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ move, body }: { move: ShareMove; body: FnShareInput }) => moveForms(move, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['fn'] }),
  });
}
