import { describe, expect, it } from 'vitest';
import { applicableView, viewPath } from './apply-view';

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

  it("opens at its list's address, with its tab and columns", () => {
    expect(viewPath({ list: 'fn-payment', query: { status: '2' }, columns: null })).toBe('/app/fn-payment?status=2');
    expect(viewPath({ list: 'active-fn:by-inspector', query: {}, columns: ['series', 'number'] })).toBe(
      '/app/active-fn?tab=by-inspector&columns=series%2Cnumber',
    );
  });
});
