import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applicableView, withChoices } from './apply-view';

const shape = {
  filters: [
    { name: 'status', label: 'Status', values: ['1', '2', '3'] },
    { name: 'owner_code', label: 'VÖEN' },
  ],
  sortKeys: ['id', 'total'],
  columns: [
    { key: 'id', title: '№' },
    { key: 'total', title: 'Məbləğ' },
    { key: 'status', title: 'Status' },
  ],
};

describe('a saved view applied to a list', () => {
  it('keeps what the list offers', () => {
    const view = {
      query: { status: '2', owner_code: '1234567891', order_by: 'total', order: 'desc', per_page: '50' },
      columns: ['status', 'id'],
    };
    expect(applicableView(view, shape)).toEqual({
      query: view.query,
      columns: ['status', 'id'],
      dropped: { filters: [], columns: [] },
    });
  });

  it('leaves out a filter, a choice, a sort and columns the list no longer has, and names them', () => {
    const view = {
      query: { region: '5', status: '9', order_by: 'gone', order: 'desc', search: 'x' },
      columns: ['old', 'id'],
    };
    expect(applicableView(view, shape)).toEqual({
      query: { search: 'x' },
      columns: ['id'],
      dropped: { filters: ['region', 'Status', 'order_by'], columns: ['old'] },
    });
    expect(applicableView({ query: {}, columns: ['old'] }, shape).columns).toBeNull();
  });

  it("leaves out a reference filter's value the person may no longer pick, read from the filter's choices", async () => {
    const client = new QueryClient();
    const read: string[] = [];
    const filters = [
      ...shape.filters,
      {
        name: 'operator',
        label: 'Operator',
        choices: async () => {
          read.push('operator');
          return ['11', '12'];
        },
      },
      {
        name: 'region',
        label: 'Region',
        choices: async () => {
          read.push('region');
          return ['1'];
        },
      },
      { name: 'inspector', label: 'Inspector', choices: () => Promise.reject(new Error('offline')) },
    ];
    const view = { query: { operator: '99', inspector: '5', status: '2' }, columns: null };
    const checked = await withChoices(filters, view.query, client);
    // Only the filters the view names are read; one whose choices cannot be read is left to the server's scope.
    expect(read).toEqual(['operator']);
    expect(applicableView(view, { ...shape, filters: checked })).toEqual({
      query: { inspector: '5', status: '2' },
      columns: null,
      dropped: { filters: ['Operator'], columns: [] },
    });
    const allowed = { query: { operator: '12' }, columns: null };
    expect(
      applicableView(allowed, { ...shape, filters: await withChoices(filters, allowed.query, client) }).query,
    ).toEqual({ operator: '12' });
  });
});
