import type { SQL } from 'drizzle-orm';
import type { ChangeFeed, RowDiff } from '../change-feed';
import { sqlKey, type SortValues } from './sql-key';

/**
 * What a list keeps between writes to its table (issue 31): the counts of its queries and the page positions of
 * their orders, moved by each write as far as the write moves them instead of being thrown away.
 *
 * The database announces every statement's rows before and after, with the writing transaction's id (migration
 * 0045). Every kept figure was read together with the snapshot of its statement, so each change is applied exactly
 * once: a change the snapshot already saw is skipped, any other is applied when it arrives (or, for one that
 * arrived while the figure was being read, when the figure is stored). Changes are applied one at a time, in the
 * order they arrive; a request waits for those that arrived before it. Applying one costs one indexed probe of the
 * changed row per kept query that reads what changed, and nothing for the others.
 */

/** Rows between page positions when they are read: a page walks at most about this many rows from the nearest. */
export const positionStep = 200;
/** A stretch between two positions grown past this many rows is read anew, in the background. */
const rebuildAbove = 4 * positionStep;
/** Changes kept for figures being read while they arrive. */
const recentLimit = 5_000;

/** How the database orders a sort value, as far as it can be compared here: anything else is 'unknown'. */
export type KeyKind = 'int' | 'decimal' | 'bytes' | 'text' | 'unknown';

/** A statement's snapshot (`pg_current_snapshot()`): which transactions it saw. */
export interface Snapshot {
  xmin: bigint;
  xmax: bigint;
  xip: ReadonlySet<bigint>;
}

export function parseSnapshot(text: string): Snapshot {
  const [xmin = '0', xmax = '0', xip = ''] = text.split(':');
  return { xmin: BigInt(xmin), xmax: BigInt(xmax), xip: new Set(xip.split(',').filter(Boolean).map(BigInt)) };
}

/** Whether the transaction `xid` had committed for a reader with snapshot `s`. */
export function visibleIn(s: Snapshot, xid: bigint): boolean {
  return xid < s.xmin || (xid < s.xmax && !s.xip.has(xid));
}

function compareDecimal(a: string, b: string): number {
  const negative = a.startsWith('-');
  if (negative !== b.startsWith('-')) return negative ? -1 : 1;
  const sign = negative ? -1 : 1;
  const [ai = '', af = ''] = (negative ? a.slice(1) : a).split('.');
  const [bi = '', bf = ''] = (negative ? b.slice(1) : b).split('.');
  if (ai.length !== bi.length) return sign * (ai.length - bi.length);
  if (ai !== bi) return sign * (ai < bi ? -1 : 1);
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : sign * (fa < fb ? -1 : 1);
}

/** One sort value against another as PostgreSQL orders them ascending (NULLs last). */
export function compareSortValue(kind: KeyKind, a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  switch (kind) {
    case 'int': {
      const x = BigInt(a);
      const y = BigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case 'decimal':
      return compareDecimal(a, b);
    case 'bytes':
      // COLLATE "C": byte order of the UTF-8 text (code point order, which UTF-16 comparison is not).
      return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
    default:
      throw new Error(`a ${kind} sort value cannot be compared here`);
  }
}

function compareMarks(kinds: readonly KeyKind[], descending: boolean, a: SortValues, b: SortValues): number {
  for (let i = 0; i < kinds.length; i += 1) {
    const c = compareSortValue(kinds[i]!, a[i] ?? null, b[i] ?? null);
    if (c !== 0) return descending ? -c : c;
  }
  return 0;
}

/** What the cache reads through a list's source (`listReads` in list-query.ts makes them). */
export interface LiveSource {
  count(where: SQL | undefined): Promise<number>;
  /** The count with its statement's snapshot; without it a count is not kept across writes. */
  countAt?(where: SQL | undefined): Promise<{ n: number; snapshot: string }>;
  /**
   * The values of every `every`-th row in order (positions 1, 1 + every, ...) and of the last row, with their
   * positions, in one statement with its snapshot; `bytesOrdered` says the database orders text by its bytes.
   */
  bounds?(
    where: SQL | undefined,
    values: SQL[],
    orderBy: SQL[],
    every: number,
  ): Promise<{ rows: { values: SortValues; n: number }[]; snapshot: string; bytesOrdered: boolean }>;
  /** For rows of `table` as they were or are (JSON), whether each matches `where` and its `marks`. */
  probe?(
    table: string,
    rows: Record<string, unknown>[],
    where: SQL | undefined,
    marks: SQL[],
  ): Promise<{ matched: boolean; marks: SortValues }[]>;
}

/** A list query's order, as the positions need it. */
export interface PositionPlan {
  /** The conditions and order as text: the key, and what tables and columns the query reads. */
  signature: string;
  where: SQL | undefined;
  orderBy: SQL[];
  /** The sort values a seek compares with (the tie-breaker last). */
  values: SQL[];
  /** Each sort value in a form ordered as `kinds` say, and whether the order is descending. */
  marks: SQL[];
  kinds: KeyKind[];
  descending: boolean;
}

/** Where a row at an offset is found: from `from` (null: the first row), skipping `skip` rows. */
export interface PositionFound {
  from: SortValues | null;
  skip: number;
}

interface Entry {
  key: string;
  /** The SQL text the entry depends on: a write to a table or column it names may change it. */
  text: string;
  where: SQL | undefined;
  source: LiveSource;
  snapshot: Snapshot;
  used: number;
}

interface CountEntry extends Entry {
  n: number;
}

interface PositionEntry extends Entry {
  plan: PositionPlan;
  kinds: KeyKind[];
  /** Seek values and marks of the bounds: the rows at positions 1, 1 + step, ... when read. */
  bounds: SortValues[];
  marks: SortValues[];
  /** counts[0]: rows before the first bound; counts[i + 1]: rows from bound i up to the next. */
  counts: number[];
  prefix: number[] | null;
  rebuilding: boolean;
}

interface Change {
  seq: number;
  table: string;
  /** null: the change cannot be placed (a TRUNCATE): whatever reads the table is dropped. */
  xid: bigint | null;
  pairs: RowDiff['pairs'];
}

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

const names = (text: string, name: string) => text.includes(`"${name}"`);

/** The columns an update changed, by the row's JSON before and after. */
function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * The kept counts and positions of a list whose rows are `tables[0]`. A write to another table drops the kept
 * figures whose SQL names it; `tables[1..]` are read under another name (an alias: a batch's operator is a user),
 * and a write to one of them drops every kept figure.
 */
export function createListCaches(
  feed: ChangeFeed,
  tables: readonly string[],
  limits = { counts: 256, positions: 32 },
): ListCaches {
  const main = tables[0]!;
  const readAs = new Set(tables.slice(1));
  const counts = new Map<string, CountEntry>();
  const positions = new Map<string, PositionEntry>();
  const countLoads = new Map<string, Promise<number>>();
  const positionLoads = new Map<string, Promise<PositionEntry | null>>();
  const recent: Change[] = [];
  let seq = 0;
  /** Figures being read and not yet installed. */
  let reading = 0;
  let clock = 0;
  let generation = 0;
  let tail: Promise<void> = Promise.resolve();

  const enqueue = <R>(work: () => Promise<R>): Promise<R> => {
    const run = tail.then(work);
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  function evict<E extends Entry>(map: Map<string, E>, limit: number) {
    while (map.size > limit) {
      let oldest: E | undefined;
      for (const entry of map.values()) if (!oldest || entry.used < oldest.used) oldest = entry;
      map.delete(oldest!.key);
    }
  }

  function locate(entry: PositionEntry, marks: SortValues): number {
    // The last bound at or before the row: its stretch holds it (0: before the first bound).
    let low = 0;
    let high = entry.marks.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (compareMarks(entry.kinds, entry.plan.descending, entry.marks[mid]!, marks) <= 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Applies one change to an entry; false when the entry can no longer be kept. */
  async function apply(entry: CountEntry | PositionEntry, change: Change): Promise<boolean> {
    if (change.xid !== null && visibleIn(entry.snapshot, change.xid)) return true;
    if (change.table !== main) return !names(entry.text, change.table) && !readAs.has(change.table);
    if (change.xid === null || !change.pairs) return false;
    const isCount = 'n' in entry;
    for (const [before, after] of change.pairs) {
      // An update of columns the query does not read moves nothing.
      if (before && after && !changedColumns(before, after).some((column) => names(entry.text, column))) continue;
      if (isCount && !entry.where) {
        entry.n += (after ? 1 : 0) - (before ? 1 : 0);
        continue;
      }
      if (!isCount && entry.kinds.includes('unknown')) return false;
      if (!entry.source.probe) return false;
      const rows = [before, after].filter((row): row is Record<string, unknown> => row !== null);
      const found = await entry.source.probe(main, rows, entry.where, isCount ? [] : entry.plan.marks);
      const [was, is] = before ? [found[0], after ? found[1] : undefined] : [undefined, found[0]];
      if (isCount) {
        entry.n += (is?.matched ? 1 : 0) - (was?.matched ? 1 : 0);
        if (entry.n < 0) return false;
        continue;
      }
      for (const [probe, step] of [
        [was, -1],
        [is, 1],
      ] as const) {
        if (!probe?.matched) continue;
        const at = locate(entry, probe.marks);
        entry.counts[at] = entry.counts[at]! + step;
        if (entry.counts[at]! < 0) return false;
        entry.prefix = null;
        if (entry.counts[at]! > rebuildAbove) rebuild(entry);
      }
    }
    return true;
  }

  async function applyAll(change: Change) {
    for (const map of [counts, positions] as Map<string, CountEntry | PositionEntry>[]) {
      for (const entry of [...map.values()]) {
        let keep: boolean;
        try {
          keep = await apply(entry, change);
        } catch {
          keep = false;
        }
        if (keep || map.get(entry.key) !== entry) continue;
        map.delete(entry.key);
        // Positions in use are read anew in the background: no request waits for a full pass.
        if ('plan' in entry && clock - entry.used < 1_000) rebuild(entry);
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
    return enqueue(async () => {
      if (gen !== generation || !feed.live) return;
      if (recent.length > 0 && recent[0]!.seq > from) return; // too many changes meanwhile: read again later
      for (const change of recent) {
        if (change.seq < from) continue;
        if (change.seq > to) break;
        if (!(await apply(entry, change).catch(() => false))) return;
      }
      map.set(entry.key, entry);
      evict(map, 'plan' in entry ? limits.positions : limits.counts);
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
    // Another table's rows are never read here: a change to it only drops what names it.
    const event: Change = diff
      ? { seq, table: diff.table, xid: diff.xid, pairs: diff.table === main ? diff.pairs : null }
      : { seq, table: change.slice('rows:'.length), xid: null, pairs: null };
    recent.push(event);
    if (recent.length > recentLimit) recent.splice(0, recent.length - recentLimit);
    void enqueue(() => applyAll(event));
  });

  async function loadCount(key: string, where: SQL | undefined, source: LiveSource): Promise<number> {
    const gen = generation;
    const from = seq + 1;
    // Read until installed: the changes meanwhile are kept for it to replay, even with nothing kept yet.
    reading += 1;
    let installed: Promise<void> = Promise.resolve();
    try {
      const { n, snapshot } = await source.countAt!(where);
      const entry: CountEntry = { key, text: key, where, source, snapshot: parseSnapshot(snapshot), used: ++clock, n };
      installed = install(counts, entry, gen, from);
      return n;
    } finally {
      const done = () => {
        reading -= 1;
      };
      installed.then(done, done);
    }
  }

  async function loadPositions(plan: PositionPlan, source: LiveSource): Promise<PositionEntry | null> {
    const gen = generation;
    const from = seq + 1;
    reading += 1;
    try {
      return await readPositions(plan, source, gen, from);
    } finally {
      reading -= 1;
    }
  }

  async function readPositions(
    plan: PositionPlan,
    source: LiveSource,
    gen: number,
    from: number,
  ): Promise<PositionEntry | null> {
    const width = plan.values.length;
    const read = await source.bounds!(plan.where, [...plan.values, ...plan.marks], plan.orderBy, positionStep);
    const last = read.rows.at(-1);
    if (!last) return null;
    const kept = read.rows.filter((row) => (row.n - 1) % positionStep === 0);
    const entry: PositionEntry = {
      key: plan.signature,
      text: plan.signature,
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
    await install(positions, entry, gen, from);
    return entry;
  }

  function sharedLoad<V>(loads: Map<string, Promise<V>>, key: string, load: () => Promise<V>): Promise<V> {
    const running = loads.get(key);
    if (running) return running;
    const started = load().finally(() => loads.delete(key));
    loads.set(key, started);
    return started;
  }

  function rebuild(entry: PositionEntry) {
    if (entry.rebuilding) return;
    entry.rebuilding = true;
    void sharedLoad(positionLoads, entry.key, () => loadPositions(entry.plan, entry.source))
      .catch(() => null)
      .finally(() => {
        entry.rebuilding = false;
      });
  }

  function find(entry: PositionEntry, offset: number): PositionFound {
    if (!entry.prefix) {
      entry.prefix = [0];
      for (const n of entry.counts) entry.prefix.push(entry.prefix.at(-1)! + n);
    }
    const prefix = entry.prefix;
    // The last stretch starting at or before the offset.
    let low = 0;
    let high = entry.counts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (prefix[mid]! <= offset) low = mid;
      else high = mid - 1;
    }
    return { from: low === 0 ? null : entry.bounds[low - 1]!, skip: offset - prefix[low]! };
  }

  return {
    async count(where, source) {
      if (!feed.live || !source.countAt) return source.count(where);
      await tail;
      const key = where ? sqlKey(where) : '';
      const known = counts.get(key);
      if (known) {
        known.used = ++clock;
        return known.n;
      }
      return sharedLoad(countLoads, key, () => loadCount(key, where, source));
    },
    async position(plan, source, offset) {
      if (!feed.live || !source.bounds) return null;
      await tail;
      let entry = positions.get(plan.signature) ?? null;
      if (!entry) entry = await sharedLoad(positionLoads, plan.signature, () => loadPositions(plan, source));
      if (!entry) return null;
      entry.used = ++clock;
      return find(entry, offset);
    },
    settled: () => tail,
    get size() {
      return { counts: counts.size, positions: positions.size };
    },
  };
}
