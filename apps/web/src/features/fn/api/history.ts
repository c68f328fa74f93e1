import type { FnHistoryEntry } from '@dnx/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Whose timeline a drawer shows: a batch's or one form's. */
export type HistorySubject = { kind: 'batches' | 'forms'; id: number; title: string };

/** A history's answer: a form's is paged (issue 56: its inspectors' checks are any number), a batch's is whole. */
export type HistoryAnswer = { results: FnHistoryEntry[]; next?: string | null };

/** The next page's path and query (the server writes `next` absolute, at its public address); none: the last. */
export function nextHistoryPage(last: HistoryAnswer): string | undefined {
  if (!last.next) return undefined;
  const url = new URL(last.next, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

/**
 * `GET /api/fn/batches/{id}/history/` or `/api/fn/forms/{id}/history/`: the ledger's movements, oldest first; a
 * form's next pages one `fetchNextPage` at a time.
 */
export function useFnHistory(subject: HistorySubject | null) {
  return useInfiniteQuery({
    queryKey: ['fn', subject?.kind, 'history', subject?.id],
    queryFn: ({ signal, pageParam }) =>
      apiRequest<HistoryAnswer>(pageParam ?? `/api/fn/${subject!.kind}/${subject!.id}/history/`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: nextHistoryPage,
    select: (data) => data.pages.flatMap((page) => page.results),
    enabled: subject !== null,
  });
}
