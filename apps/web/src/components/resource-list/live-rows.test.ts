import { describe, expect, it } from 'vitest';
import { diffPage, type PendingChanges } from './live-rows';

interface Payment {
  id: number;
  status: number;
}
const row = (id: number, status = 1): Payment => ({ id, status });
const key = (p: Payment) => p.id;
const named = (...ids: number[]): PendingChanges => ({ ids: new Set(ids), deleted: new Set() });
const page = (rows: Payment[], count: number) => ({ rows, count });

describe("a list's page after others' changes", () => {
  const shown = [row(5), row(4), row(3)];

  it('in place: a new row shows marked new, a changed one marked changed, a row pushed to the next page goes', () => {
    const diff = diffPage(shown, page([row(6), row(5, 2), row(4)], 4), 3, named(6, 5), key, 'in-place');
    expect(diff.rows.map(key)).toEqual([6, 5, 4]);
    expect([...diff.marks]).toEqual([
      [6, 'new'],
      [5, 'changed'],
    ]);
    expect(diff.held).toBe(0);
  });

  it('a row that moved up from the next page is not new; a row named and gone is kept and marked', () => {
    const pending: PendingChanges = { ids: new Set([4, 3]), deleted: new Set([3]) };
    const diff = diffPage(shown, page([row(5), row(2)], 3), 3, pending, key, 'in-place');
    expect(diff.rows.map(key)).toEqual([5, 4, 3, 2]);
    expect([...diff.marks]).toEqual([
      [4, 'left'],
      [3, 'deleted'],
    ]);
  });

  it('bar: new rows are held behind the bar, the rows shown keep their places and take their changes', () => {
    const diff = diffPage(shown, page([row(8), row(7), row(6)], 6), 3, named(8, 7, 6, 4), key, 'bar');
    expect(diff.held).toBe(3);
    // Rows 5, 4 and 3 are pushed off the fresh page by the new ones, but stay where the reader has them; row 4 was
    // named by a change and is not on the fresh page: it says it left.
    expect(diff.rows.map(key)).toEqual([5, 4, 3]);
    expect(diff.marks.get(4)).toBe('left');
  });

  it('bar: an update in place with nothing new shows at once', () => {
    const diff = diffPage(shown, page([row(5), row(4, 3), row(3)], 3), 3, named(4), key, 'bar');
    expect(diff.held).toBe(0);
    expect(diff.rows.map((r) => r.status)).toEqual([1, 3, 1]);
    expect(diff.marks.get(4)).toBe('changed');
  });

  it('bar: counts a new row that falls beyond the page by the total', () => {
    const diff = diffPage(shown, page([row(5), row(4), row(3)], 4), 3, named(1), key, 'bar');
    expect(diff.held).toBe(1);
    expect(diff.rows.map(key)).toEqual([5, 4, 3]);
  });

  it('after a bulk change every row is named', () => {
    const diff = diffPage(
      shown,
      page([row(9), row(5), row(4)], 4),
      3,
      { ids: 'all', deleted: new Set() },
      key,
      'in-place',
    );
    expect(diff.marks.get(9)).toBe('new');
    expect(diff.marks.get(3)).toBe('left');
  });
});
