import { describe, expect, it } from 'vitest';
import { fieldChanges } from './record-history';

describe('fieldChanges', () => {
  it('names each changed field before and after, child lists whole and in order, and leaves the ignored out', () => {
    const before = { fare: '0.40', name: 'A', points: [{ name: 'X' }, { name: 'Y' }], version: 1 };
    const after = { fare: '0.50', name: 'A', points: [{ name: 'Y' }, { name: 'X' }], version: 2 };
    expect(fieldChanges(before, after, ['version'])).toEqual([
      { field: 'fare', before: '0.40', after: '0.50' },
      { field: 'points', before: [{ name: 'X' }, { name: 'Y' }], after: [{ name: 'Y' }, { name: 'X' }] },
    ]);
  });

  it('sees no change in the order of an object’s keys, and a created record changes every field from null', () => {
    expect(fieldChanges({ a: { x: 1, y: 2 } }, { a: { y: 2, x: 1 } })).toEqual([]);
    expect(fieldChanges(null, { a: 1, b: null })).toEqual([
      { field: 'a', before: null, after: 1 },
      { field: 'b', before: null, after: null },
    ]);
  });
});
