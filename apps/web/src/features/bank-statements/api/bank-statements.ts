import type {
  BankBulkConfirm,
  BankDifference,
  BankDifferenceKind,
  BankEntry,
  BankEntryResolveAction,
  BankLinkRule,
  BankMatchState,
  BankStatement,
  BankSuggestion,
} from '@dnx/shared';
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

/** `GET /api/bank-statements/{id}/`: one statement, its credits counted by match state (current after a resolution). */
export function useStatement(id: number | null) {
  return useQuery({
    queryKey: [...key, 'statement', id],
    queryFn: ({ signal }) => apiRequest<BankStatement>(`/api/bank-statements/${id}/`, { signal }),
    enabled: id !== null,
  });
}

export interface EntryFilters {
  match_state?: BankMatchState;
  rule?: BankLinkRule;
}

/** `GET /api/bank-statements/{id}/entries/`: one page of a statement's entries, by match state and link rule. */
export function useEntries(id: number | null, filters: EntryFilters, page: number) {
  return useQuery({
    queryKey: [...key, id, 'entries', filters, page],
    queryFn: ({ signal }) =>
      apiRequest<{ count: number; results: BankEntry[] }>(`/api/bank-statements/${id}/entries/`, {
        query: { page, per_page: 20, ...filters },
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

/** `GET /api/bank-statements/entries/{id}/detail/`: one entry with its texts and links (a difference opened by its id). */
export function useEntry(id: number | null) {
  return useQuery({
    queryKey: [...key, 'entry', id],
    queryFn: ({ signal }) => apiRequest<BankEntry>(`/api/bank-statements/entries/${id}/detail/`, { signal }),
    enabled: id !== null,
  });
}

/** `GET /api/bank-statements/entries/{id}/suggestions/`: the credit's ranked candidates, or a search's (`q`). */
export function useSuggestions(id: number | null, q: string) {
  return useQuery({
    queryKey: [...key, 'suggestions', id, q],
    queryFn: ({ signal }) =>
      apiRequest<{ results: BankSuggestion[] }>(`/api/bank-statements/entries/${id}/suggestions/`, {
        query: q ? { q } : {},
        signal,
      }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export interface Resolution {
  entryId: number;
  action: BankEntryResolveAction;
  payment_id?: number | null;
  payment_ids?: number[];
  reason: string;
}

/**
 * `POST /api/bank-statements/entries/{id}/resolve/`: a link (one payment, several, or a part), not ours, a difference
 * accepted, undone or a suggestion rejected, with the reason; every list, count and suggestion is read again.
 */
export function useResolve() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, ...body }: Resolution) =>
      apiRequest<BankEntry>(`/api/bank-statements/entries/${entryId}/resolve/`, { method: 'POST', body }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** `POST /api/bank-statements/{id}/confirm-suggestions/`: each open credit's best suggestion at or above a score. */
export function useConfirmSuggestions(statementId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BankBulkConfirm) =>
      apiRequest<{ confirmed: number; skipped: number }>(`/api/bank-statements/${statementId}/confirm-suggestions/`, {
        method: 'POST',
        body,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
