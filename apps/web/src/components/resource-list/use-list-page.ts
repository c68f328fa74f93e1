import { useEffect } from 'react';
import { allPageSize, type ListState } from './list-query';

/**
 * The rows' count and the page size a page shows ("Hamısı": all of them); a page past the end (after a delete, or
 * an old link) moves to the last page that has rows.
 */
export function useListPage(
  state: ListState,
  setState: (next: ListState) => void,
  list: { data?: { count: number }; isSuccess: boolean; isPlaceholderData: boolean },
  keyset: boolean,
) {
  const count = list.data?.count ?? 0;
  const pageSize = state.perPage === allPageSize ? Math.max(count, 1) : state.perPage;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  const pastEnd = !keyset && list.isSuccess && !list.isPlaceholderData && state.page > lastPage;
  useEffect(() => {
    if (pastEnd) setState({ ...state, page: lastPage });
  }, [pastEnd, lastPage, state, setState]);
  return { count, pageSize };
}
