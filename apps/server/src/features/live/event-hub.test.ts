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
    const national = reader(null, true);
    // The id each event went out with, as a national reader's stream got it.
    const ids = [hub.position()];
    hub.add({ reader: national, write: (text) => ids.push(/^id: (.+)$/m.exec(text)![1]!), close: () => undefined });
    for (let region = 1; region <= 5; region += 1) hub.publish(change([{ id: region, regions: [region] }]));
    // Kept: events 3, 4 and 5.
    expect(hub.replay(national, ids[2]!)).toHaveLength(3);
    expect(hub.replay(reader(4), ids[2]!)).toHaveLength(1);
    expect(hub.replay(national, ids[5]!)).toEqual([]);
    // Event 2 is gone: a resume from 1 would miss it.
    expect(hub.replay(national, ids[1]!)).toBeNull();
    // Of several ids (a tab's first reads), the oldest: 2, not 4.
    expect(hub.replay(national, `${ids[4]} ${ids[2]} nonsense`)).toHaveLength(3);
    expect(hub.replay(national, `${hub.bootId}.12`)).toBeNull();
    expect(hub.replay(national, ids[4]!.replace(hub.bootId, 'another'))).toBeNull();
    hub.breakResume();
    expect(hub.replay(national, ids[5]!)).toBeNull();
    expect(hub.replay(national, hub.position())).toEqual([]);
  });

  it('gives ids that say nothing of the events a reader was not sent, nor of how many there were (issue 56)', () => {
    const hub = createEventHub(100);
    const ganja = reader(5);
    const ids: string[] = [];
    hub.add({ reader: ganja, write: (text) => ids.push(/^id: (.+)$/m.exec(text)![1]!), close: () => undefined });
    const before = hub.position();
    hub.publish(change([{ id: 1, regions: [5] }]));
    // A Bakı change in between, which the Gəncə reader is not sent.
    hub.publish(change([{ id: 2, regions: [6] }]));
    hub.publish(change([{ id: 3, regions: [5] }]));
    expect(ids).toHaveLength(2);
    // Each id is a sealed token of its own: no number, no order, no distance; the same position reads differently.
    for (const id of [before, ...ids]) expect(id).toMatch(new RegExp(`^${hub.bootId}\\.[\\w-]{22}$`));
    expect(new Set([before, ...ids, hub.position(), hub.position()]).size).toBe(5);
    expect(ids.join(' ')).not.toMatch(/\.\d+( |$)/);
    // Yet the process resumes from each: after the first, the Gəncə reader misses the third only.
    expect(hub.replay(ganja, ids[0]!)).toHaveLength(1);
    expect(hub.replay(ganja, before)).toHaveLength(2);
    // A forged token of the right length is not ours.
    expect(hub.replay(ganja, `${hub.bootId}.${'A'.repeat(22)}`)).toBeNull();
  });

  it('sends a `bulk` of a regional list to readers of every region only, one of a list that is not regional to all', () => {
    const bulk = { ...change(null, 'bulk'), regional: true, n: 1 };
    expect(changeFor(reader(7), bulk)).toBeNull();
    expect(changeFor(reader(null, true), bulk)).toEqual({ resource: 'payments', ids: null, op: 'bulk', by: null });
    const reference = { ...change(null, 'bulk'), n: 2 };
    expect(changeFor(reader(7), reference)).toMatchObject({ op: 'bulk' });
  });
});
