import { describe, expect, it } from 'vitest';
import { availableLabel } from './available-label';

describe('a picker’s item label', () => {
  it('shows a coefficient’s value before its description, with the comma decimal', () => {
    expect(availableLabel({ id: 2, name: 'Abşeron rayonu, Sumqayıt və Gəncə şəhərləri', value: '1.5' })).toBe(
      '1,5 · Abşeron rayonu, Sumqayıt və Gəncə şəhərləri',
    );
    expect(availableLabel({ id: 1, name: 'Bakı şəhəri', value: '2' })).toBe('2 · Bakı şəhəri');
  });

  it('is the name alone for an item without a value (a region, a transport type)', () => {
    expect(availableLabel({ id: 3, name: 'Gəncə' })).toBe('Gəncə');
  });
});
