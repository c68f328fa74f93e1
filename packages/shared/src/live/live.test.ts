import { describe, expect, it } from 'vitest';
import {
  liveChangeSchema,
  liveCountersSchema,
  liveEventId,
  parseLiveEvent,
  parseLiveEventId,
  parseLiveEventIds,
  presenceParamsSchema,
  presenceRenewMs,
  presenceExpiryMs,
} from './index';

describe('live events contract', () => {
  it('parses each event type and refuses unknown types and bad bodies', () => {
    expect(parseLiveEvent('change', '{"resource":"payments","ids":[3],"op":"insert","by":7}')).toEqual({
      type: 'change',
      data: { resource: 'payments', ids: [3], op: 'insert', by: 7 },
    });
    expect(parseLiveEvent('change', '{"resource":"payments","ids":null,"op":"bulk","by":null}')?.type).toBe('change');
    expect(parseLiveEvent('counters', '{"batchesToAccept":2}')).toEqual({
      type: 'counters',
      data: { batchesToAccept: 2 },
    });
    expect(parseLiveEvent('presence', '{"resource":"payments","id":5,"editors":[{"userId":2,"name":"Ali"}]}')).toEqual({
      type: 'presence',
      data: { resource: 'payments', id: 5, editors: [{ userId: 2, name: 'Ali' }] },
    });
    expect(parseLiveEvent('reset', '{}')).toEqual({ type: 'reset', data: {} });
    expect(parseLiveEvent('other', '{}')).toBeNull();
    expect(parseLiveEvent('change', 'not json')).toBeNull();
    expect(parseLiveEvent('change', '{"resource":"payments","ids":[],"op":"insert","by":null}')).toBeNull();
    expect(liveChangeSchema.safeParse({ resource: 'Payments!', ids: null, op: 'bulk', by: null }).success).toBe(false);
    expect(liveCountersSchema.safeParse({ batchesToAccept: -1 }).success).toBe(false);
  });

  it('reads back the ids it writes and nothing else', () => {
    expect(parseLiveEventId(liveEventId('k3v9', 'Qx_9-a'))).toEqual({ bootId: 'k3v9', token: 'Qx_9-a' });
    expect(parseLiveEventId('12')).toBeNull();
    expect(parseLiveEventId('a.b.c')).toBeNull();
    expect(parseLiveEventId('a. b')).toBeNull();
    expect(parseLiveEventId(undefined)).toBeNull();
    // A resume may name several (a tab's first reads), never more than 16.
    expect(parseLiveEventIds('k.a k.b nonsense k.c')).toEqual([
      { bootId: 'k', token: 'a' },
      { bootId: 'k', token: 'b' },
      { bootId: 'k', token: 'c' },
    ]);
    expect(parseLiveEventIds(Array.from({ length: 20 }, (_, i) => `k.t${i}`).join(' '))).toHaveLength(16);
  });

  it('takes a presence path of a resource and a canonical id, and expires after more than one renewal', () => {
    expect(presenceParamsSchema.parse({ resource: 'payments', id: '12' })).toEqual({ resource: 'payments', id: 12 });
    expect(presenceParamsSchema.safeParse({ resource: 'payments', id: '012' }).success).toBe(false);
    expect(presenceParamsSchema.safeParse({ resource: '../x', id: '1' }).success).toBe(false);
    expect(presenceExpiryMs).toBeGreaterThan(2 * presenceRenewMs);
  });
});
