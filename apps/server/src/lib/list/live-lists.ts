import type { SQL } from 'drizzle-orm';
import type { ChangeFeed, RowDiff } from '../change-feed';
import { applyChange, type Change, type ListTables } from './change-apply';
import {
  countEntry,
  isPositions,
  keptFigures,
  positionAt,
  readPositionEntry,
  type CountEntry,
  type LiveSource,
  type PositionEntry,
  type PositionFound,
  type PositionPlan,
} from './kept-figures';
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
 * The changes that arrived lately, numbered: a figure read meanwhile replays those after its read began. Kept in
 * arrival order from `start`; the array is cut only once its dropped head is as long as the limit, so keeping a
 * change costs the same however many are kept (a cut of the head on every change moved all of them, issue 41).
 */
export function recentChanges(limit = recentLimit) {
  let kept: Change[] = [];
  let start = 0;
  let seq = 0;
  return {
    /** The number of the last change that arrived. */
    get seq() {
      return seq;
    },
    next: () => (seq += 1),
    keep(change: Change) {
      kept.push(change);
      if (kept.length - start > limit) start = kept.length - limit;
      if (start >= limit) {
        kept = kept.slice(start);
        start = 0;
      }
    },
    clear() {
      kept = [];
      start = 0;
    },
    /** The changes numbered `from` to `to`; null when some of them are no longer kept. */
    between(from: number, to: number): Change[] | null {
      if (kept.length > start && kept[start]!.seq > from) return null;
      const found: Change[] = [];
      for (let i = kept.length - 1; i >= start && kept[i]!.seq >= from; i -= 1) {
        if (kept[i]!.seq <= to) found.push(kept[i]!);
      }
      return found.reverse();
    },
  };
}

/** Figures being read and not yet stored: while there are any, the changes that arrive are kept for them. */
function readingCounter() {
  let reading = 0;
  return {
    get none() {
      return reading === 0;
    },
    /** Runs `read`, counted until the store it returns settles. */
    async during<R>(read: () => Promise<{ result: R; installed: Promise<void> }>): Promise<R> {
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
    },
  };
}

/**
 * Stores a figure read at its snapshot, after the changes that arrived while it was read. A change that arrives after
 * this call waits in line behind the store and moves the stored figure on its own turn: the replay stops at the last
 * change before the call, so no change is applied twice.
 */
function installRead(
  cache: {
    feed: ChangeFeed;
    kept: ReturnType<typeof keptFigures>;
    work: ReturnType<typeof workQueue>;
    recent: ReturnType<typeof recentChanges>;
    apply: (entry: CountEntry | PositionEntry, change: Change) => Promise<boolean>;
  },
  entry: CountEntry | PositionEntry,
  gen: number,
  from: number,
): Promise<void> {
  const { feed, kept, work, recent, apply } = cache;
  const to = recent.seq;
  return work.enqueue(async () => {
    if (gen !== kept.generation || !feed.live) return;
    // Too many changes meanwhile (null): it is read again later.
    const missed = recent.between(from, to);
    if (!missed) return;
    for (const change of missed) if (!(await apply(entry, change))) return;
    kept.store(entry);
  });
}

/**
 * A change of the feed as a list sees it, numbered in arrival order; null for what is not a change of rows. Another
 * table's rows are never read here: a change to it keeps only the table's name, and drops what reads it.
 */
function listChange(
  change: string,
  diff: RowDiff | undefined,
  recent: ReturnType<typeof recentChanges>,
  listTables: ListTables,
): Change | null {
  if (!change.startsWith('rows:')) return null;
  const seq = recent.next();
  return diff
    ? { seq, table: diff.table, xid: diff.xid, pairs: diff.table === listTables.main ? diff.pairs : null }
    : { seq, table: change.slice('rows:'.length), xid: null, pairs: null };
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
  const kept = keptFigures(limits);
  const loadCountOnce = sharedLoads<number>();
  const loadPositionsOnce = sharedLoads<PositionEntry | null>();
  const work = workQueue();
  const recent = recentChanges();
  const reading = readingCounter();

  const apply = (entry: CountEntry | PositionEntry, change: Change) =>
    applyChange(entry, change, listTables, rebuild).catch(() => false);

  async function applyAll(change: Change) {
    for (const [entry, drop] of kept.entries()) {
      if ((await apply(entry, change)) || !drop()) continue;
      // Positions in use are read anew in the background: no request waits for a full pass.
      if (isPositions(entry) && kept.inUse(entry)) rebuild(entry);
    }
  }

  const install = (entry: CountEntry | PositionEntry, gen: number, from: number) =>
    installRead({ feed, kept, work, recent, apply }, entry, gen, from);

  feed.onChange((change, diff) => {
    if (change === 'all') {
      kept.clear();
      recent.clear();
      return;
    }
    const event = listChange(change, diff, recent, listTables);
    if (!event) return;
    // A change is kept only for the figures being read: a read that begins later starts after it.
    if (reading.none) recent.clear();
    else recent.keep(event);
    // Nothing kept and nothing being read: no figure for the change to move (most changes, on a busy writer).
    if (reading.none && kept.empty) return;
    void work.enqueue(() => applyAll(event));
  });

  function loadCount(key: string, where: SQL | undefined, source: LiveSource): Promise<number> {
    const gen = kept.generation;
    const from = recent.seq + 1;
    return reading.during(async () => {
      const read = await source.countAt!(where);
      return { result: read.n, installed: install(countEntry(key, where, source, read, kept.tick()), gen, from) };
    });
  }

  function loadPositions(plan: PositionPlan, source: LiveSource): Promise<PositionEntry | null> {
    const gen = kept.generation;
    const from = recent.seq + 1;
    return reading.during(async () => {
      const entry = await readPositionEntry(plan, source, kept.tick());
      const installed = entry ? install(entry, gen, from) : Promise.resolve();
      await installed;
      return { result: entry, installed };
    });
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
      const known = kept.counts.get(key);
      if (known) {
        known.used = kept.tick();
        return known.n;
      }
      return loadCountOnce(key, () => loadCount(key, where, source));
    },
    async position(plan, source, offset) {
      if (!feed.live || !source.bounds) return null;
      await work.idle();
      let entry = kept.positions.get(plan.signature) ?? null;
      if (!entry) entry = await loadPositionsOnce(plan.signature, () => loadPositions(plan, source));
      if (!entry) return null;
      entry.used = kept.tick();
      return positionAt(entry, offset);
    },
    settled: () => work.idle(),
    get size() {
      return { counts: kept.counts.size, positions: kept.positions.size };
    },
  };
}
