import type { BankDifference, BankDifferenceKind, BankEntry, BankMatchState, BankStatement } from '@dnx/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const key = ['bank-statements'] as const;

/** `GET /api/bank-statements/`: the statements, the newest first. */
export function useStatements(page: number) {
  return useQuery({
    queryKey: [...key, 'list', page],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; results: BankStatement[] }>('/api/bank-statements/', {
        query: { page, per_page: 10 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/bank-statements/{id}/entries/`: one page of a statement's entries, by match state. */
export function useEntries(id: number | null, state: BankMatchState | undefined, page: number) {
  return useQuery({
    queryKey: [...key, id, 'entries', state ?? 'all', page],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; results: BankEntry[] }>(`/api/bank-statements/${id}/entries/`, {
        query: { page, per_page: 20, ...(state ? { match_state: state } : {}) },
        signal,
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/bank-statements/differences/`: the open differences across statements. */
export function useDifferences(kind: BankDifferenceKind | undefined, page: number) {
  return useQuery({
    queryKey: [...key, 'differences', kind ?? 'all', page],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; results: BankDifference[] }>('/api/bank-statements/differences/', {
        query: { page, per_page: 20, ...(kind ? { kind } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /api/bank-statements/` (multipart): the statement, new or imported before. */
export function useUploadStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return apiRequest<{ statement: BankStatement; already_imported: boolean }>('/api/bank-statements/', {
        method: 'POST',
        body,
      });
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export interface Resolution {
  entryId: number;
  action: 'link' | 'not_ours' | 'accept_difference';
  payment_id: number | null;
  reason: string;
}

/** `POST /api/bank-statements/entries/{id}/resolve/`: linked by hand, not ours, or its difference accepted, with the reason. */
export function useResolve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ...body }: Resolution) =>
      apiRequest<BankEntry>(`/api/bank-statements/entries/${entryId}/resolve/`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
