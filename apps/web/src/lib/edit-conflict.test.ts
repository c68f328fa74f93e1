import { describe, expect, it } from 'vitest';
import { editConflict, pickValues } from './edit-conflict';

describe('an edit conflict (issue 56)', () => {
  const base = { name: 'Bakı', phone: '+994501112233', note: null, day: '2026-01-01' };

  it("names the fields the other person changed, the person's own, and those both changed differently", () => {
    const mine = { ...base, phone: '+994509998877', note: 'mənim qeydim' };
    const fresh = { ...base, name: 'Bakı şəhəri', phone: '+994505554433' };
    expect(editConflict(base, mine, fresh)).toEqual({
      theirs: ['name', 'phone'],
      mine: ['phone', 'note'],
      both: ['phone'],
    });
    expect(pickValues(mine, ['phone', 'note'])).toEqual({ phone: '+994509998877', note: 'mənim qeydim' });
  });

  it('sees no conflict on a field both set alike, and nothing when nobody typed', () => {
    const same = { ...base, name: 'Gəncə' };
    expect(editConflict(base, same, same)).toEqual({ theirs: ['name'], mine: ['name'], both: [] });
    expect(editConflict(base, base, { ...base, note: 'x' })).toEqual({ theirs: ['note'], mine: [], both: [] });
    // A day as a picker holds it (an object with toJSON) equals its text.
    const picked = { ...base, day: { toJSON: () => '2026-01-01' } };
    expect(editConflict(base, picked, base)).toEqual({ theirs: [], mine: [], both: [] });
  });
});
