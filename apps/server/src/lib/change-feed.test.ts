import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { changeChannel, createChangeFeed, createTaggedCache, parseRowDiff, type ChangeFeed } from './change-feed';

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

  /**
   * The `diff:` and `bulk:` notices of table `table` that `write` sends, as this test's own listening connection
   * receives them: all of them, once a notice sent after the write has arrived there too (notices reach a connection
   * in the order their transactions committed).
   */
  async function noticesOf(table: string, write: () => Promise<unknown>) {
    const payloads: string[] = [];
    const marker = `probe-end:${Math.random()}`;
    let arrived!: () => void;
    const ended = new Promise<void>((resolve) => (arrived = resolve));
    const listener = await database.handle.listen(changeChannel, {
      notice: (payload) => {
        if (payload === marker) arrived();
        else if (payload.startsWith(`diff:${table}:`) || payload.startsWith(`bulk:${table}:`)) payloads.push(payload);
      },
      live: () => {},
    });
    await write();
    await database.handle.db.execute(sql`select pg_notify(${changeChannel}, ${marker})`);
    await ended;
    await listener.stop();
    return payloads;
  }

  it("sends a statement's rows before and after in as few notices as fit, none lost (issue 41)", async () => {
    const execute = (query: SQL) => database.handle.db.execute(query);
    await execute(sql`create table feed_probe (id integer primary key, note text not null)`);
    await execute(sql`create trigger feed_probe_diff_insert after insert on feed_probe
      referencing new table as new_rows for each statement execute function notify_row_diffs()`);
    await execute(sql`create trigger feed_probe_diff_update after update on feed_probe
      referencing old table as old_rows new table as new_rows for each statement execute function notify_row_diffs()`);
    try {
      // Ten short rows (a payment's forms): one notice with all ten.
      const few = await noticesOf('feed_probe', () =>
        execute(sql`insert into feed_probe select g, 'row ' || g from generate_series(1, 10) g`),
      );
      expect(few).toHaveLength(1);
      const diff = parseRowDiff(few[0]!)!;
      expect(diff.table).toBe('feed_probe');
      expect(diff.pairs!.map(([before, after]) => [before, after?.id])).toEqual(
        Array.from({ length: 10 }, (_, i) => [null, i + 1]),
      );

      // Ten rows of 1,000 bytes after: several notices under the queue's 8,000 bytes, all of one xid.
      const wide = await noticesOf('feed_probe', () =>
        execute(sql`update feed_probe set note = repeat('x', 1000) where id <= 10`),
      );
      expect(wide.length).toBeGreaterThan(1);
      expect(wide.every((payload) => Buffer.byteLength(payload) < 8_000)).toBe(true);
      const diffs = wide.map((payload) => parseRowDiff(payload)!);
      expect(new Set(diffs.map((d) => d.xid)).size).toBe(1);
      const pairs = diffs.flatMap((d) => d.pairs!);
      expect(pairs.map(([before, after]) => [before?.id, after?.id, (after?.note as string).length]).sort()).toEqual(
        Array.from({ length: 10 }, (_, i) => [i + 1, i + 1, 1000]).sort(),
      );

      // A row that alone passes the limit: the statement is announced without its rows.
      const huge = await noticesOf('feed_probe', () =>
        execute(sql`update feed_probe set note = repeat('y', 8000) where id = 1`),
      );
      expect(huge).toHaveLength(1);
      expect(parseRowDiff(huge[0]!)!.pairs).toBeNull();
    } finally {
      await execute(sql`drop table feed_probe`);
    }
  });

  it('reads a notice of one pair as it was sent before the pairs were packed', () => {
    expect(parseRowDiff('diff:drivers:42:[null, {"id": 7}]')).toEqual({
      table: 'drivers',
      xid: 42n,
      pairs: [[null, { id: 7 }]],
    });
    expect(parseRowDiff('diff:drivers:42:*[[{"id": 7}, null], [{"id": 8}, null]]')!.pairs).toEqual([
      [{ id: 7 }, null],
      [{ id: 8 }, null],
    ]);
    expect(parseRowDiff('bulk:drivers:42')).toEqual({ table: 'drivers', xid: 42n, pairs: null });
  });
});
