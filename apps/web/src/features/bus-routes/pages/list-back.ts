/** The list as the user left it (page, filters, search), from the state its links hand over. */
export function listBack(state: unknown): string {
  const search = (state as { listSearch?: unknown } | null)?.listSearch;
  return `/app/bus-routes${typeof search === 'string' && search.startsWith('?') ? search : ''}`;
}
