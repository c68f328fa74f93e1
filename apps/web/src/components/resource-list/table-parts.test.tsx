import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { listExportRequest } from './list-export';
import { ListFooter } from './list-footer';
import type { ListState } from './list-query';
import { defineListEndpoint } from './resource-api';
import { rowSelectionOf, tableChangeOf } from './table-columns';
import type { ResourceListDeclaration } from './types';

/** The parts ResourceTable is composed of (issue 42): what each decides, on its own. */
interface Row {
  id: number;
  name: string;
}

const declaration: ResourceListDeclaration<Row> = {
  endpoint: defineListEndpoint<Row>(['things'], '/api/things/'),
  title: 'Things',
  exportColumns: { id: { header: 'ID', value: (r) => r.id }, name: { header: 'Name', value: (r) => r.name } },
  rowKey: (r) => r.id,
  columns: [
    { key: 'name', title: 'Name' },
    { key: 'shown_only', title: 'Not exported' },
    { key: 'id', title: 'ID' },
    { key: 'actions', title: 'Actions', screenOnly: true },
  ],
};

const state: ListState = { page: 3, perPage: 25, order: 'asc', orderBy: null, search: '', filters: {} };

describe('listExportRequest', () => {
  it("asks the list's export for the shown columns the export knows, in the screen's order", () => {
    const request = listExportRequest(declaration, declaration.columns, { search: 'a' });
    expect(request).toEqual({
      path: '/api/things/export/',
      query: { search: 'a', columns: 'name,id' },
      title: 'Things',
    });
  });

  it('reads from the export endpoint when the list names one', () => {
    const other = { ...declaration, exportEndpoint: defineListEndpoint<Row>(['all'], '/api/all-things/') };
    expect(listExportRequest(other, [], {}).path).toBe('/api/all-things/export/');
  });
});

describe('tableChangeOf', () => {
  const change = (extra: object, sorter: object = {}, pagination: object = {}) => {
    const setState = vi.fn();
    tableChangeOf<Row>(state, setState)(pagination, {}, sorter as never, extra as never);
    return setState.mock.calls[0]?.[0] as ListState | undefined;
  };

  it('a sort sets the order and goes back to the first page', () => {
    expect(change({ action: 'sort' }, { order: 'descend', columnKey: 'name' })).toMatchObject({
      orderBy: 'name',
      order: 'desc',
      page: 1,
    });
    expect(change({ action: 'sort' }, { order: undefined, columnKey: 'name' })).toMatchObject({ orderBy: null });
  });

  it('a page number moves to that page; anything else leaves the state', () => {
    expect(change({ action: 'paginate' }, {}, { current: 5 })).toMatchObject({ page: 5 });
    expect(change({ action: 'filter' })).toBeUndefined();
  });
});

describe('rowSelectionOf', () => {
  it('gives selection boxes, pinned at the start, only when rows can be selected', () => {
    expect(rowSelectionOf<Row>(false, [], () => {})).toBeUndefined();
    const setSelected = vi.fn();
    const selection = rowSelectionOf<Row>(true, [2], setSelected)!;
    expect(selection).toMatchObject({ fixed: 'start', selectedRowKeys: [2], preserveSelectedRowKeys: true });
    selection.onChange!(['3', 4], [], { type: 'multiple' });
    expect(setSelected).toHaveBeenCalledWith([3, 4]);
  });
});

describe('ListFooter', () => {
  const render = (keyset: boolean, previous: string | null, next: string | null) =>
    renderToStaticMarkup(
      <ListFooter
        count={42}
        keyset={keyset}
        state={state}
        setState={() => {}}
        previousCursor={previous}
        nextCursor={next}
        fetching={false}
      />,
    );

  it('shows the total and the page size; numbered pages have no Previous / Next', () => {
    const html = render(false, null, null);
    expect(html).toContain('data-testid="list-total"');
    expect(html).toContain('data-testid="page-size"');
    expect(html).not.toContain('data-testid="list-next"');
  });

  it('keyset pages lead by their links: a missing link disables its button', () => {
    const html = render(true, null, 'abc');
    const button = (testId: string) => new RegExp(`<button data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';
    expect(button('list-previous')).toContain('disabled=""');
    expect(button('list-next')).not.toContain('disabled');
    expect(button('list-next')).not.toBe('');
  });
});
