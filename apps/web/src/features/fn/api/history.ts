import type { FnHistoryEntry } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whose timeline a drawer shows: a batch's or one form's. */
export type HistorySubject = { kind: 'batches' | 'forms'; id: number; title: string };

/** `GET /api/fn/batches/{id}/history/` or `/api/fn/forms/{id}/history/`: the ledger's movements, oldest first. */
export function useFnHistory(subject: HistorySubject | null) {
  return useQuery({
    queryKey: ['fn', subject?.kind, 'history', subject?.id],
    queryFn: ({ signal }) =>
      apiRequest<{ results: FnHistoryEntry[] }>(`/api/fn/${subject!.kind}/${subject!.id}/history/`, { signal }),
    select: (body) => body.results,
    enabled: subject !== null,
  });
}
