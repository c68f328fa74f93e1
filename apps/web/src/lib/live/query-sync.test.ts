import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  createQuerySync,
  liveCountersKey,
  liveResourceOf,
  queryShowsResource,
  registerResourceKey,
  resourceOfPath,
} from './query-sync';

describe('events into the query cache', () => {
  it('names a resource by its API path', () => {
    expect(resourceOfPath('/api/payments/')).toBe('payments');
    expect(resourceOfPath('/api/fn/batches/')).toBe('fn-batches');
    expect(resourceOfPath('/api/online-carriers/')).toBe('online-carriers');
    expect(liveResourceOf('/api/fn/forms/active-not-shared/')).toBe('fn-forms');
    expect(liveResourceOf('/api/drivers/')).toBe('drivers');
  });

  it('matches the queries of a resource by their key, and the keys a list registered', () => {
    expect(queryShowsResource(['payments', 'list', 'list', { page: '1' }], 'payments')).toBe(true);
    expect(queryShowsResource(['payments', 'detail', 4], 'payments')).toBe(true);
    expect(queryShowsResource(['fn', 'batches', 'list', {}], 'fn-batches')).toBe(true);
    expect(queryShowsResource(['fn', 'forms', 'list', {}], 'fn-batches')).toBe(false);
    expect(queryShowsResource(['online-payments', 'list'], 'payments')).toBe(false);
    expect(queryShowsResource(['users', 'list', {}], 'user-users')).toBe(false);
    registerResourceKey('user-users', ['users']);
    expect(queryShowsResource(['users', 'list', {}], 'user-users')).toBe(true);
  });

  function seeded() {
    const client = new QueryClient();
    client.setQueryData(['payments', 'list', 'list', {}], { count: 1 });
    client.setQueryData(['fn', 'batches', 'list', {}], { count: 1 });
    client.setQueryData(['reports', 'statistics'], { results: [] });
    return client;
  }
  const stale = (client: QueryClient, key: unknown[]) => client.getQueryState(key)?.isInvalidated;

  it('a change makes its resource stale, and the home numbers a moment later', async () => {
    const client = seeded();
    const sync = createQuerySync(client, 5);
    sync.handle({ type: 'change', data: { resource: 'payments', ids: [1], op: 'insert', by: 3 } });
    expect(stale(client, ['payments', 'list', 'list', {}])).toBe(true);
    expect(stale(client, ['fn', 'batches', 'list', {}])).toBe(false);
    expect(stale(client, ['reports', 'statistics'])).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stale(client, ['reports', 'statistics'])).toBe(true);
  });

  it('a reset makes everything stale; counters are merged into their query', () => {
    const client = seeded();
    const sync = createQuerySync(client);
    sync.handle({ type: 'counters', data: { onlineRequestsWaiting: 2 } });
    sync.handle({ type: 'counters', data: { batchesToAccept: 5 } });
    expect(client.getQueryData(liveCountersKey)).toEqual({ onlineRequestsWaiting: 2, batchesToAccept: 5 });
    sync.handle({ type: 'reset', data: {} });
    expect(stale(client, ['payments', 'list', 'list', {}])).toBe(true);
    expect(stale(client, ['fn', 'batches', 'list', {}])).toBe(true);
    sync.dispose();
  });
});
