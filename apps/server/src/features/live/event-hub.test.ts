import { liveEventId } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../plugins/auth';
import { changeFor, createEventHub, type KeptChange } from './event-hub';

const reader = (regionId: number | null, isNational = false, permissions = ['view_payment']): AuthUser =>
  ({ id: 1, regionId, isNational, permissions: new Set(permissions), groups: [], sessionId: 1 }) as unknown as AuthUser;

const change = (rows: KeptChange['rows'], op: KeptChange['op'] = 'update'): Omit<KeptChange, 'n'> => ({
  resource: 'payments',
  op,
  by: null,
  read: { permissions: ['view_payment'] },
  rows,
});

describe('the event hub', () => {
  it("shows a reader the rows of their region, before or after the write, and a bulk only by the resource's permission", () => {
    const kept = {
      ...change([
        { id: 1, regions: [5] },
        { id: 2, regions: [6] },
        { id: 3, regions: [6, 5] },
      ]),
      n: 1,
    };
    expect(changeFor(reader(5), kept)?.ids).toEqual([1, 3]);
    expect(changeFor(reader(7), kept)).toBeNull();
    expect(changeFor(reader(null), kept)).toBeNull();
    expect(changeFor(reader(null, true), kept)?.ids).toEqual([1, 2, 3]);
    expect(changeFor(reader(5, false, []), kept)).toBeNull();
    const bulk = { ...change(null, 'bulk'), n: 2 };
    expect(changeFor(reader(7), bulk)).toEqual({ resource: 'payments', ids: null, op: 'bulk', by: null });
    expect(changeFor(reader(7, false, ['view_fnbatch']), bulk)).toBeNull();
  });

  it('replays what a reader missed while it is kept, and nothing it cannot vouch for', () => {
    const hub = createEventHub(3);
    for (let region = 1; region <= 5; region += 1) hub.publish(change([{ id: region, regions: [region] }]));
    const national = reader(null, true);
    // Kept: events 3, 4 and 5.
    expect(hub.replay(national, liveEventId(hub.bootId, 2))).toHaveLength(3);
    expect(hub.replay(reader(4), liveEventId(hub.bootId, 2))).toHaveLength(1);
    expect(hub.replay(national, liveEventId(hub.bootId, 5))).toEqual([]);
    // Event 2 is gone: a resume from 1 would miss it.
    expect(hub.replay(national, liveEventId(hub.bootId, 1))).toBeNull();
    expect(hub.replay(national, liveEventId(hub.bootId, 6))).toBeNull();
    expect(hub.replay(national, liveEventId('another', 4))).toBeNull();
    hub.breakResume();
    expect(hub.replay(national, liveEventId(hub.bootId, 5))).toBeNull();
    expect(hub.replay(national, liveEventId(hub.bootId, hub.seq))).toEqual([]);
  });
});
