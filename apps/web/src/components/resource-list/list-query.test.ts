import { describe, expect, it } from 'vitest';
import {
  changedOver,
  linkCursor,
  readListState,
  toApiQuery,
  toExportQuery,
  withFilters,
  writeListState,
  type ListState,
} from './list-query';

const filters = ['region', 'is_active'];
const sortKeys = ['email', 'date_joined'];

const read = (query: string) => readListState(new URLSearchParams(query), filters, sortKeys);

describe('readListState', () => {
  it('gives the spec defaults for an empty query: page 1, 10 per page', () => {
    expect(read('')).toEqual({ page: 1, perPage: 10, order: 'asc', orderBy: null, search: '', filters: {} });
  });

  it('reads paging, order, search and the declared filters only', () => {
    expect(read('page=3&per_page=25&order=desc&order_by=email&search=%C6%8Fli&region=4&is_active=true&x=1')).toEqual({
      page: 3,
      perPage: 25,
      order: 'desc',
      orderBy: 'email',
      search: 'Əli',
      filters: { region: '4', is_active: 'true' },
    });
  });

  it('reads "all" as the no-paging choice', () => {
    expect(read('per_page=all').perPage).toBe('all');
  });

  it('falls back on malformed values', () => {
    const state = read('page=0&per_page=7&order=up&order_by=password&region=');
    expect(state).toMatchObject({ page: 1, perPage: 10, order: 'asc', orderBy: null, filters: {} });
    expect(read('page=-2&per_page=abc').page).toBe(1);
  });

  it('uses the list default sort when the URL has none', () => {
    const state = readListState(new URLSearchParams(''), filters, sortKeys, { orderBy: 'date_joined', order: 'desc' });
    expect(state).toMatchObject({ orderBy: 'date_joined', order: 'desc' });
  });
});

describe('writeListState', () => {
  const base: ListState = { page: 1, perPage: 10, order: 'asc', orderBy: null, search: '', filters: {} };

  it('leaves defaults out of the URL', () => {
    expect(writeListState(base, new URLSearchParams(), filters).toString()).toBe('');
  });

  it('round-trips a full state', () => {
    const state: ListState = {
      page: 2,
      perPage: 'all',
      order: 'desc',
      orderBy: 'email',
      search: 'İsmayıllı',
      filters: { region: '7' },
    };
    const params = writeListState(state, new URLSearchParams(), filters);
    expect(readListState(params, filters, sortKeys)).toEqual(state);
  });

  it('keeps parameters that are not list state and drops cleared filters', () => {
    const params = writeListState(base, new URLSearchParams('tab=2&region=5&page=4'), filters);
    expect(params.toString()).toBe('tab=2');
  });
});

describe('toApiQuery', () => {
  it('asks for one page with its size', () => {
    expect(toApiQuery(read('page=2&per_page=50&order_by=email&order=desc&search=a&region=3'))).toEqual({
      page: '2',
      per_page: '50',
      order_by: 'email',
      order: 'desc',
      search: 'a',
      region: '3',
    });
  });

  it('asks for every row with no_page=1 when "all" is chosen', () => {
    expect(toApiQuery(read('per_page=all&page=3'))).toEqual({ no_page: '1' });
  });

  it('exports every row the filter selects, whatever the page (the server streams them, no paging asked)', () => {
    expect(toExportQuery(read('page=4&per_page=25&is_active=false&search=x'))).toEqual({
      is_active: 'false',
      search: 'x',
    });
  });
});

describe('withFilters', () => {
  it('goes back to the first page', () => {
    expect(withFilters({ ...read('page=5'), search: '' }, { search: 'abc' })).toMatchObject({ page: 1, search: 'abc' });
  });
});

describe('keyset paging', () => {
  it('keeps the cursor in the URL and asks for the page at it, never for page numbers or every row', () => {
    const state = read('cursor=eyJ4IjoxfQ.abcdefghijklmnop&per_page=all&page=3&region=2');
    expect(state.cursor).toBe('eyJ4IjoxfQ.abcdefghijklmnop');
    expect(toApiQuery(state, 'keyset')).toEqual({
      per_page: '10',
      cursor: 'eyJ4IjoxfQ.abcdefghijklmnop',
      region: '2',
    });
    expect(toApiQuery(read('per_page=25'), 'keyset')).toEqual({ per_page: '25' });
    expect(writeListState(state, new URLSearchParams('tab=x'), filters).get('cursor')).toBe(state.cursor);
  });

  it('reads the cursor of a next or previous link, absolute or relative', () => {
    expect(linkCursor('http://host/api/fn/forms/active-not-shared/?per_page=10&cursor=abc.def')).toBe('abc.def');
    expect(linkCursor('/api/fn/forms/active-not-shared/?cursor=first')).toBe('first');
    expect(linkCursor(null)).toBeNull();
    expect(linkCursor('/api/fn/forms/?page=2')).toBeNull();
  });

  it('starts again at the first page when the filter changes: a cursor belongs to its query', () => {
    const next = withFilters(read('cursor=abc.def&region=2'), { filters: { region: '3' } });
    expect(next.cursor).toBeUndefined();
    expect(writeListState(next, new URLSearchParams('cursor=abc.def'), filters).has('cursor')).toBe(false);
  });
});

describe('changedOver: a change made from the state shown, over the address as it is now', () => {
  it('keeps a filter chosen just before a search typed on a screen that had not yet shown it (the audit log race)', () => {
    const shown = read('page=2');
    const now = read('is_active=1');
    const next = withFilters(shown, { search: 'Audit' });
    expect(changedOver(now, shown, next)).toEqual({ ...now, search: 'Audit', page: 1, cursor: undefined });
  });

  it('sets, changes and clears the filters the change touched, and leaves the others as they are now', () => {
    const shown = read('region=2&is_active=1');
    const now = read('region=2&is_active=0&search=x');
    expect(changedOver(now, shown, withFilters(shown, { filters: { region: '3', is_active: '1' } })).filters).toEqual({
      region: '3',
      is_active: '0',
    });
    expect(changedOver(now, shown, withFilters(shown, { filters: { is_active: '1' } })).filters).toEqual({
      is_active: '0',
    });
    expect(changedOver(now, shown, withFilters(shown, { search: '', filters: {} }))).toMatchObject({
      search: 'x',
      filters: {},
    });
  });

  it('is the change itself when the screen showed the address as it is', () => {
    const shown = read('region=2&order_by=email&order=desc&page=3');
    const next = { ...shown, page: 4 };
    expect(changedOver(shown, shown, next)).toEqual(next);
  });
});
