import { describe, expect, it } from 'vitest';
import { replaceRow } from './save-record';

describe('replaceRow', () => {
  it('puts the saved record in place of its row and leaves the others', () => {
    const page = {
      count: 2,
      next: null,
      previous: null,
      results: [
        { id: 1, version: 1, name: 'Bakı' },
        { id: 2, version: 1, name: 'Gəncə' },
      ],
    };
    expect(replaceRow(page, { id: 2, version: 2, name: 'Gəncə şəhəri' })?.results).toEqual([
      { id: 1, version: 1, name: 'Bakı' },
      { id: 2, version: 2, name: 'Gəncə şəhəri' },
    ]);
    expect(replaceRow(undefined, { id: 2, version: 1 })).toBeUndefined();
  });
});
