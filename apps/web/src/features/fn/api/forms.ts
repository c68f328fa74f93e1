import type { FnForm } from '@dnx/shared';
import { useQuery } from '@tanstack/react-query';
import { defineListEndpoint } from '../../../components/resource-list';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/fn/forms/`: every form of the user's regions (general-fn), paged, filtered, exported. */
export const formsEndpoint = defineListEndpoint<FnForm>(['fn', 'forms'], '/api/fn/forms/');

/**
 * `GET /api/fn/forms/active-not-shared/`: active forms shared to nobody, by keyset pages only (its `next` and
 * `previous` links carry a cursor), so a list that others share from never skips or repeats a form.
 */
export const activeNotSharedEndpoint = defineListEndpoint<FnForm>(
  ['fn', 'forms', 'active-not-shared'],
  '/api/fn/forms/active-not-shared/',
);

/** `GET /api/fn/forms/{id}/`: one form (another region's answers 404). */
export function useFnForm(id: number | null) {
  return useQuery({
    queryKey: ['fn', 'forms', 'detail', id],
    queryFn: ({ signal }) => apiRequest<FnForm>(`/api/fn/forms/${id}/`, { signal }),
    enabled: id !== null,
  });
}

/**
 * What a form search box means to the form lists: a series (letters), a number (digits: the list starts at that
 * number), or both ("AB 120" is series AB from 000120). Text that is neither finds nothing.
 */
export function formSearchQuery(text: string): Record<string, string> {
  const match = /^\s*([A-Za-z]{1,3})?\s*(\d{1,6})?\s*$/.exec(text);
  if (!text.trim()) return {};
  if (!match) return { series: text.trim().toUpperCase() };
  const query: Record<string, string> = {};
  if (match[1]) query.series = match[1].toUpperCase();
  if (match[2]) query.number_from = match[2].padStart(6, '0');
  return query;
}
