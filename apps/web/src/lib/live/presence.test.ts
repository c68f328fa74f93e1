import { describe, expect, it } from 'vitest';
import { noPresence, presenceAfter, withEditors } from './presence';

describe('presence on a record', () => {
  const record = { resource: 'payments', id: 7, me: 1, someone: 'Another user' };

  it('shows the others from presence events of this record only', () => {
    const ali = { userId: 2, name: 'Əli Kassir' };
    let state = presenceAfter(
      noPresence,
      { type: 'presence', data: { resource: 'payments', id: 7, editors: [ali] } },
      record,
    );
    expect(state.editors).toEqual([ali]);
    state = presenceAfter(state, { type: 'presence', data: { resource: 'payments', id: 8, editors: [] } }, record);
    state = presenceAfter(state, { type: 'presence', data: { resource: 'fn-forms', id: 7, editors: [] } }, record);
    expect(state.editors).toEqual([ali]);
  });

  it('names who saved the record, even after they closed it; not for one’s own save, nor another record', () => {
    let state = withEditors(noPresence, [{ userId: 2, name: 'Əli Kassir' }]);
    state = presenceAfter(state, { type: 'presence', data: { resource: 'payments', id: 7, editors: [] } }, record);
    const change = (ids: number[] | null, by: number | null) =>
      ({ type: 'change', data: { resource: 'payments', ids, op: 'update', by } }) as const;
    expect(presenceAfter(state, change([7], 1), record).savedBy).toBeNull();
    expect(presenceAfter(state, change([8], 2), record).savedBy).toBeNull();
    expect(presenceAfter(state, change(null, 2), record).savedBy).toBeNull();
    expect(presenceAfter(state, change([6, 7], 2), record).savedBy).toBe('Əli Kassir');
    expect(presenceAfter(state, change([7], 9), record).savedBy).toBe('Another user');
    // A plain edit names no writer: the one other editor seen on the record it was, else "another user".
    expect(presenceAfter(state, change([7], null), record).savedBy).toBe('Əli Kassir');
    const two = withEditors(state, [{ userId: 3, name: 'Vəli' }]);
    expect(presenceAfter(two, change([7], null), record).savedBy).toBe('Another user');
    expect(presenceAfter(noPresence, change([7], null), record).savedBy).toBe('Another user');
  });
});
