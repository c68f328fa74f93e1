import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { changeChannel, createChangeFeed, createTaggedCache, type ChangeFeed } from './change-feed';

/** The feed and its cache on a real database (PGlite, or PostgreSQL in CI's second pass). */
describe('change feed', () => {
  let database: TestDatabase;
  let feed: ChangeFeed;
  beforeAll(async () => {
    database = await openTestDatabase();
    feed = await createChangeFeed(database.handle);
  });
  afterAll(async () => {
    await feed.close();
    await database.dispose();
  });

  const announce = async (change: string) => {
    await database.handle.db.execute(sql`select pg_notify(${changeChannel}, ${change})`);
    await feed.sync();
  };

  /** A cache whose loads are counted; each load answers the next number. */
  function countedCache() {
    const cache = createTaggedCache<number>(feed);
    let loads = 0;
    const get = (key: string, tags: string[]) => cache.get(key, tags, async () => ++loads);
    return { cache, get, loads: () => loads };
  }

  it('is live once listening, and sync waits for notices committed before it', async () => {
    expect(feed.live).toBe(true);
    const seen: string[] = [];
    feed.onChange((change) => seen.push(change));
    await database.handle.db.execute(sql`select pg_notify(${changeChannel}, 'rows:drivers')`);
    await feed.sync();
    expect(seen).toContain('rows:drivers');
    expect(seen.some((change) => change.startsWith('sync:'))).toBe(false);
  });

  it('keeps a value until a change names one of its tags; `all` drops everything', async () => {
    const { get, loads } = countedCache();
    expect(await get('a', ['user:1', 'access'])).toBe(1);
    expect(await get('b', ['rows:drivers'])).toBe(2);
    expect(await get('a', ['user:1', 'access'])).toBe(1);
    expect(loads()).toBe(2);

    await announce('user:2');
    expect(await get('a', ['user:1', 'access'])).toBe(1);
    await announce('access');
    expect(await get('a', ['user:1', 'access'])).toBe(3);
    expect(await get('b', ['rows:drivers'])).toBe(2);
    await announce('all');
    expect(await get('b', ['rows:drivers'])).toBe(4);
  });

  it('does not keep a value whose load overlapped a change', async () => {
    const cache = createTaggedCache<string>(feed);
    let loads = 0;
    const load = async () => {
      loads += 1;
      // Another transaction commits while this load reads: what it read may already be stale.
      if (loads === 1) await announce('rows:automobiles');
      return `load ${loads}`;
    };
    expect(await cache.get('k', ['user:9'], load)).toBe('load 1');
    expect(await cache.get('k', ['user:9'], load)).toBe('load 2');
    expect(await cache.get('k', ['user:9'], load)).toBe('load 2');
  });

  it('reads through while the feed is lost, and keeps values again once it listens anew', async () => {
    const { get, loads } = countedCache();
    await get('x', ['rows:drivers']);
    const epoch = feed.epoch;
    feed.restart();
    expect(feed.live).toBe(false);
    expect(feed.epoch).toBeGreaterThan(epoch);
    // Not live: every read loads, nothing is kept.
    expect(await get('x', ['rows:drivers'])).toBe(2);
    await expect.poll(() => feed.live, { timeout: 10_000 }).toBe(true);
    const settled = loads();
    expect(await get('x', ['rows:drivers'])).toBe(settled + 1);
    expect(await get('x', ['rows:drivers'])).toBe(settled + 1);
  });
});
