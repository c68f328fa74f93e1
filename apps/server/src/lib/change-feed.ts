import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ChannelListener, DatabaseHandle } from '../db/client';

/** The channel the database announces its changes on (migration 0011). */
export const changeChannel = 'dnx_changes';

/** How long `sync` waits for its own notice before it stops trusting the caches and listens anew. */
const syncTimeoutMs = 2_000;

/**
 * What a statement wrote to a list's table (migration 0045): its transaction id and, for a statement of a few rows,
 * each row before and after (null where there is none); `pairs` is null for a larger statement.
 */
export interface RowDiff {
  table: string;
  xid: bigint;
  pairs: [Record<string, unknown> | null, Record<string, unknown> | null][] | null;
}

type ChangeListener = (change: string, diff?: RowDiff) => void;

/**
 * A `diff:` or `bulk:` notice as the `rows:<table>` change it also is, with its detail; null for anything else. A
 * statement's diff may come in several notices of the same transaction, each with some of its pairs.
 */
export function parseRowDiff(payload: string): RowDiff | null {
  const match = /^(diff|bulk):([a-z_0-9]+):(\d+)(?::([\s\S]*))?$/.exec(payload);
  if (!match) return null;
  const [, kind, table, xid, json] = match;
  if (kind === 'bulk') return { table: table!, xid: BigInt(xid!), pairs: null };
  try {
    // Since issue 41 a notice carries a statement's pairs packed ('*[pair, ...]', as many as fit); before, one pair.
    const pairs = json?.startsWith('*')
      ? (JSON.parse(json.slice(1)) as NonNullable<RowDiff['pairs']>)
      : [JSON.parse(json ?? '') as NonNullable<RowDiff['pairs']>[number]];
    return { table: table!, xid: BigInt(xid!), pairs };
  } catch {
    return { table: table!, xid: BigInt(xid!), pairs: null };
  }
}

/**
 * What the database announces, as it commits, about data a server process keeps in memory: `user:<id>`,
 * `access`, `rows:<table>` or `all` (migration 0011 lists them). Caches built on it (`createTaggedCache`) are
 * used only while the feed is live, so a lost connection can never leave a stale answer in place; each process,
 * however many there are, hears every change.
 */
export interface ChangeFeed {
  /** Notices are arriving: cached answers may be used and stored. */
  readonly live: boolean;
  /** Changes (and losses of the feed) so far: a load that saw the epoch move may have read stale data. */
  readonly epoch: number;
  /** Times the feed was lost and listened anew (metrics: a rising count is a flaky connection to the database). */
  readonly reconnects: number;
  /**
   * Calls `listener` with each change; `all` when everything must be dropped (also on every loss of the feed). A
   * `rows:<table>` change comes with the statement's row diff when the database sent one (migration 0045).
   */
  onChange(listener: ChangeListener): void;
  /**
   * Resolves once every change committed before the call has reached this process: a write request answers only
   * after it, so the writer's next read never sees a cache from before its own write.
   */
  sync(): Promise<void>;
  /** Drops the listening connection and listens anew (what `sync` does when its notice does not come). */
  restart(): void;
  close(): Promise<void>;
}

export async function createChangeFeed(database: DatabaseHandle): Promise<ChangeFeed> {
  const listeners: ChangeListener[] = [];
  const pendingSyncs = new Map<string, () => void>();
  const syncPrefix = `sync:${randomBytes(6).toString('hex')}:`;
  let syncCount = 0;
  let live = false;
  let epoch = 0;
  let lost = 0;
  let reconnects = 0;

  const announce = (change: string, diff?: RowDiff) => {
    epoch += 1;
    for (const listener of listeners) listener(change, diff);
  };

  const listener: ChannelListener = await database.listen(changeChannel, {
    notice(payload) {
      if (payload.startsWith('sync:')) {
        pendingSyncs.get(payload)?.();
        pendingSyncs.delete(payload);
        return;
      }
      const diff = parseRowDiff(payload);
      if (diff) announce(`rows:${diff.table}`, diff);
      else announce(payload);
    },
    live(isLive) {
      if (!isLive) lost += 1;
      else if (lost > reconnects) reconnects += 1;
      live = isLive;
      // Notices sent while nobody listened are lost: nothing cached before can be trusted.
      announce('all');
      if (!isLive) {
        for (const resolve of pendingSyncs.values()) resolve();
        pendingSyncs.clear();
      }
    },
  });

  const feed: ChangeFeed = {
    get live() {
      return live;
    },
    get epoch() {
      return epoch;
    },
    get reconnects() {
      return reconnects;
    },
    onChange(callback) {
      listeners.push(callback);
    },
    async sync() {
      if (!live) return;
      syncCount += 1;
      const payload = `${syncPrefix}${syncCount}`;
      let timer: NodeJS.Timeout | undefined;
      const arrived = new Promise<boolean>((resolve) => {
        pendingSyncs.set(payload, () => resolve(true));
        timer = setTimeout(() => resolve(false), syncTimeoutMs);
      });
      let inTime: boolean;
      try {
        await database.db.execute(sql`select pg_notify(${changeChannel}, ${payload})`);
        inTime = await arrived;
      } catch {
        // The database is out of reach: the write's answer stands, and the caches wait for the feed to return.
        inTime = false;
      }
      clearTimeout(timer);
      if (!inTime) {
        pendingSyncs.delete(payload);
        feed.restart();
      }
    },
    restart() {
      listener.restart();
    },
    close: () => listener.stop(),
  };
  return feed;
}

/**
 * Values read from the database, kept under tags named as the feed's changes (`user:7`, `rows:drivers`): a
 * change drops every entry carrying its tag, `all` drops everything. While the feed is not live every read goes
 * to the database and nothing is stored; a value whose load overlapped a change is returned but not stored.
 */
export function createTaggedCache<V>(feed: ChangeFeed, limit = 5_000) {
  const entries = new Map<string, { value: V; tags: readonly string[] }>();
  const keysByTag = new Map<string, Set<string>>();

  const clear = () => {
    entries.clear();
    keysByTag.clear();
  };
  feed.onChange((change) => {
    if (change === 'all') return clear();
    const keys = keysByTag.get(change);
    if (!keys) return;
    keysByTag.delete(change);
    for (const key of keys) entries.delete(key);
  });

  return {
    async get(key: string, tags: readonly string[], load: () => Promise<V>): Promise<V> {
      if (!feed.live) return load();
      const known = entries.get(key);
      if (known) return known.value;
      const epoch = feed.epoch;
      const value = await load();
      if (!feed.live || feed.epoch !== epoch) return value;
      if (entries.size >= limit) clear();
      entries.set(key, { value, tags });
      for (const tag of tags) {
        let keys = keysByTag.get(tag);
        if (!keys) keysByTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      return value;
    },
    /** The kept value, without loading it when absent. */
    peek(key: string): V | undefined {
      return feed.live ? entries.get(key)?.value : undefined;
    },
    get size() {
      return entries.size;
    },
  };
}
