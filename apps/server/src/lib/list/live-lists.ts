import type { SQL } from 'drizzle-orm';
import type { ChangeFeed } from '../change-feed';
import { applyChange, type Change, type ListTables } from './change-apply';
import {
  evict,
  isPositions,
  positionAt,
  positionStep,
  type CountEntry,
  type LiveSource,
  type PositionEntry,
  type PositionFound,
  type PositionPlan,
} from './kept-figures';
import { readSetOf } from './list-reads';
import { parseSnapshot } from './list-snapshot';
import { sqlKey } from './sql-key';

export { positionStep, type LiveSource, type PositionFound, type PositionPlan } from './kept-figures';
export { parseSnapshot, visibleIn, type Snapshot } from './list-snapshot';
export { compareSortValue, type KeyKind } from './sort-order';

/**
 * What a list keeps between writes to its table (issue 31): the counts of its queries and the page positions of
 * their orders, moved by each write as far as the write moves them instead of being thrown away. The parts:
 * kept-figures.ts (what is kept), change-apply.ts (how a change moves it), list-reads.ts (what a query reads, from
 * its declaration), list-snapshot.ts and sort-order.ts; this file is the one entry point, with the order of work.
 *
 * The database announces every statement's rows before and after, with the writing transaction's id (migration
 * 0045). Every kept figure was read together with the snapshot of its statement, so each change is applied exactly
 * once: a change the snapshot already saw is skipped, any other is applied when it arrives (or, for one that
 * arrived while the figure was being read, when the figure is stored). Changes are applied one at a time, in the
 * order they arrive; a request waits for those that arrived before it. Applying one costs one indexed probe of the
 * changed row per kept query that reads what changed, and nothing for the others.
 */

/** Changes kept for figures being read while they arrive. */
const recentLimit = 5_000;

export interface ListCaches {
  /** The count of rows `where` selects, kept across writes when the source can say its snapshot. */
  count(where: SQL | undefined, source: LiveSource): Promise<number>;
  /** Where the row at `offset` of the plan's order is; null when positions are not kept. */
  position(plan: PositionPlan, source: LiveSource, offset: number): Promise<PositionFound | null>;
  /** Every change that has arrived is applied (tests, and a writer's next read). */
  settled(): Promise<void>;
  /** What is kept (metrics and tests). */
  readonly size: { counts: number; positions: number };
}

/** Work done one piece at a time, in the order asked: the changes and the stores of figures read meanwhile. */
function workQueue() {
  let tail: Promise<void> = Promise.resolve();
  return {
    enqueue<R>(work: () => Promise<R>): Promise<R> {
      const run = tail.then(work);
      tail = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    },
    /** Resolves once everything asked so far is done. */
    idle: () => tail,
  };
}

/** One load of a key at a time: a second caller of a key being loaded waits for the same load. */
function sharedLoads<V>() {
  const loads = new Map<string, Promise<V>>();
  return (key: string, load: () => Promise<V>): Promise<V> => {
    const running = loads.get(key);
    if (running) return running;
    const started = load().finally(() => loads.delete(key));
    loads.set(key, started);
    return started;
  };
}

/**
 * The kept counts and positions of a list whose rows are `tables[0]`. A write to another table drops the kept
 * figures whose query reads it; `tables[1..]` are read under another name (an alias: a batch's operator is a user),
 * and a write to one of them drops every kept figure.
 */
export function createListCaches(
  feed: ChangeFeed,
  tables: readonly string[],
  limits = { counts: 256, positions: 32 },
): ListCaches {
  const listTables: ListTables = { main: tables[0]!, readAs: new Set(tables.slice(1)) };
  const counts = new Map<string, CountEntry>();
  const positions = new Map<string, PositionEntry>();
  const loadCountOnce = sharedLoads<number>();
  const loadPositionsOnce = sharedLoads<PositionEntry | null>();
  const work = workQueue();
  const recent: Change[] = [];
  let seq = 0;
  /** Figures being read and not yet installed. */
  let reading = 0;
  let clock = 0;
  let generation = 0;

  const apply = (entry: CountEntry | PositionEntry, change: Change) =>
    applyChange(entry, change, listTables, rebuild).catch(() => false);

  async function applyAll(change: Change) {
    for (const map of [counts, positions] as Map<string, CountEntry | PositionEntry>[]) {
      for (const entry of [...map.values()]) {
        if ((await apply(entry, change)) || map.get(entry.key) !== entry) continue;
        map.delete(entry.key);
        // Positions in use are read anew in the background: no request waits for a full pass.
        if (isPositions(entry) && clock - entry.used < 1_000) rebuild(entry);
      }
    }
  }

  /**
   * Stores a figure read at its snapshot, after the changes that arrived while it was read. A change that arrives
   * after this call waits in line behind the store and moves the stored figure on its own turn: the replay stops at
   * the last change before the call, so no change is applied twice.
   */
  function install<E extends CountEntry | PositionEntry>(map: Map<string, E>, entry: E, gen: number, from: number) {
    const to = seq;
    return work.enqueue(async () => {
      if (gen !== generation || !feed.live) return;
      if (recent.length > 0 && recent[0]!.seq > from) return; // too many changes meanwhile: read again later
      for (const change of recent) {
        if (change.seq < from) continue;
        if (change.seq > to) break;
        if (!(await apply(entry, change))) return;
      }
      map.set(entry.key, entry);
      evict(map, isPositions(entry) ? limits.positions : limits.counts);
    });
  }

  feed.onChange((change, diff) => {
    if (change === 'all') {
      generation += 1;
      counts.clear();
      positions.clear();
      recent.length = 0;
      return;
    }
    if (!change.startsWith('rows:')) return;
    seq += 1;
    // Nothing kept and nothing being read: no figure for the change to move (most changes, on a busy writer).
    if (reading === 0 && counts.size === 0 && positions.size === 0) return;
    // Another table's rows are never read here: a change to it only drops what reads it.
    const event: Change = diff
      ? { seq, table: diff.table, xid: diff.xid, pairs: diff.table === listTables.main ? diff.pairs : null }
      : { seq, table: change.slice('rows:'.length), xid: null, pairs: null };
    recent.push(event);
    if (recent.length > recentLimit) recent.splice(0, recent.length - recentLimit);
    void work.enqueue(() => applyAll(event));
  });

  /** Counts a figure as being read until `installed` settles: the changes meanwhile are kept for it to replay. */
  async function whileReading<R>(read: () => Promise<{ result: R; installed: Promise<void> }>): Promise<R> {
    reading += 1;
    let installed: Promise<void> = Promise.resolve();
    try {
      const done = await read();
      installed = done.installed;
      return done.result;
    } finally {
      const finish = () => {
        reading -= 1;
      };
      installed.then(finish, finish);
    }
  }

  function loadCount(key: string, where: SQL | undefined, source: LiveSource): Promise<number> {
    const gen = generation;
    const from = seq + 1;
    return whileReading(async () => {
      const { n, snapshot } = await source.countAt!(where);
      const entry: CountEntry = {
        key,
        reads: readSetOf(where),
        where,
        source,
        snapshot: parseSnapshot(snapshot),
        used: ++clock,
        n,
      };
      return { result: n, installed: install(counts, entry, gen, from) };
    });
  }

  function loadPositions(plan: PositionPlan, source: LiveSource): Promise<PositionEntry | null> {
    const gen = generation;
    const from = seq + 1;
    return whileReading(async () => {
      const entry = await readPositions(plan, source);
      const installed = entry ? install(positions, entry, gen, from) : Promise.resolve();
      await installed;
      return { result: entry, installed };
    });
  }

  /** The plan's bounds read in one statement, as an entry (not yet stored); null for an empty list. */
  async function readPositions(plan: PositionPlan, source: LiveSource): Promise<PositionEntry | null> {
    const width = plan.values.length;
    const read = await source.bounds!(plan.where, [...plan.values, ...plan.marks], plan.orderBy, positionStep);
    const last = read.rows.at(-1);
    if (!last) return null;
    const kept = read.rows.filter((row) => (row.n - 1) % positionStep === 0);
    return {
      key: plan.signature,
      reads: readSetOf(plan.where, ...plan.orderBy, ...plan.values, ...plan.marks),
      where: plan.where,
      source,
      snapshot: parseSnapshot(read.snapshot),
      used: ++clock,
      plan,
      kinds: plan.kinds.map((kind) => (kind === 'text' ? (read.bytesOrdered ? 'bytes' : 'unknown') : kind)),
      bounds: kept.map((row) => row.values.slice(0, width)),
      marks: kept.map((row) => row.values.slice(width)),
      counts: [0, ...kept.map((row, i) => (kept[i + 1]?.n ?? last.n + 1) - row.n)],
      prefix: null,
      rebuilding: false,
    };
  }

  function rebuild(entry: PositionEntry) {
    if (entry.rebuilding) return;
    entry.rebuilding = true;
    void loadPositionsOnce(entry.key, () => loadPositions(entry.plan, entry.source))
      .catch(() => null)
      .finally(() => {
        entry.rebuilding = false;
      });
  }

  return {
    async count(where, source) {
      if (!feed.live || !source.countAt) return source.count(where);
      await work.idle();
      const key = where ? sqlKey(where) : '';
      const known = counts.get(key);
      if (known) {
        known.used = ++clock;
        return known.n;
      }
      return loadCountOnce(key, () => loadCount(key, where, source));
    },
    async position(plan, source, offset) {
      if (!feed.live || !source.bounds) return null;
      await work.idle();
      let entry = positions.get(plan.signature) ?? null;
      if (!entry) entry = await loadPositionsOnce(plan.signature, () => loadPositions(plan, source));
      if (!entry) return null;
      entry.used = ++clock;
      return positionAt(entry, offset);
    },
    settled: () => work.idle(),
    get size() {
      return { counts: counts.size, positions: positions.size };
    },
  };
}
