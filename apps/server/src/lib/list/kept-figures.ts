import type { SQL } from 'drizzle-orm';
import { readSetOf, type ReadSet } from './list-reads';
import { parseSnapshot, type Snapshot } from './list-snapshot';
import { compareMarks, type KeyKind } from './sort-order';
import type { SortValues } from './sql-key';

/**
 * What a list keeps between writes (issue 31): a count of a query, or the page positions of a query's order, each
 * read with its statement's snapshot.
 */

/** Rows between page positions when they are read: a page walks at most about this many rows from the nearest. */
export const positionStep = 200;

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
  /** The conditions and order as text: the key of the kept positions. */
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

export interface Entry {
  key: string;
  /** What the entry's query reads: a write to a table or column it names may change it. */
  reads: ReadSet;
  where: SQL | undefined;
  source: LiveSource;
  snapshot: Snapshot;
  used: number;
}

export interface CountEntry extends Entry {
  n: number;
}

export interface PositionEntry extends Entry {
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

export const isPositions = (entry: CountEntry | PositionEntry): entry is PositionEntry => 'plan' in entry;

/** The plan's bounds read in one statement, as an entry (not yet stored); null for an empty list. */
export async function readPositionEntry(
  plan: PositionPlan,
  source: LiveSource,
  used: number,
): Promise<PositionEntry | null> {
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
    used,
    plan,
    kinds: plan.kinds.map((kind) => (kind === 'text' ? (read.bytesOrdered ? 'bytes' : 'unknown') : kind)),
    bounds: kept.map((row) => row.values.slice(0, width)),
    marks: kept.map((row) => row.values.slice(width)),
    counts: [0, ...kept.map((row, i) => (kept[i + 1]?.n ?? last.n + 1) - row.n)],
    prefix: null,
    rebuilding: false,
  };
}

/** The stretch of kept positions that holds a row with these marks (0: before the first bound). */
export function stretchOf(entry: PositionEntry, marks: SortValues): number {
  let low = 0;
  let high = entry.marks.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (compareMarks(entry.kinds, entry.plan.descending, entry.marks[mid]!, marks) <= 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The nearest kept position at or before `offset`, and the rows to skip from it. */
export function positionAt(entry: PositionEntry, offset: number): PositionFound {
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

/** A count read at its statement's snapshot, as an entry (not yet stored). */
export function countEntry(
  key: string,
  where: SQL | undefined,
  source: LiveSource,
  read: { n: number; snapshot: string },
  used: number,
): CountEntry {
  return { key, reads: readSetOf(where), where, source, snapshot: parseSnapshot(read.snapshot), used, n: read.n };
}

/** Drops the least recently used entries beyond `limit`. */
function evict<E extends Entry>(map: Map<string, E>, limit: number) {
  while (map.size > limit) {
    let oldest: E | undefined;
    for (const entry of map.values()) if (!oldest || entry.used < oldest.used) oldest = entry;
    map.delete(oldest!.key);
  }
}

/**
 * The figures one list keeps: counts and positions by key, the least recently used dropped past the limits. A
 * `generation` counts the times everything was dropped, so a figure read before a drop is not stored after it.
 */
export function keptFigures(limits: { counts: number; positions: number }) {
  const counts = new Map<string, CountEntry>();
  const positions = new Map<string, PositionEntry>();
  let clock = 0;
  let generation = 0;
  return {
    counts,
    positions,
    /** A new mark of use (an entry's `used`): the higher, the more recent. */
    tick: () => ++clock,
    /** Whether an entry was used within the last thousand uses (a position in use is read anew when dropped). */
    inUse: (entry: Entry) => clock - entry.used < 1_000,
    get generation() {
      return generation;
    },
    get empty() {
      return counts.size === 0 && positions.size === 0;
    },
    clear() {
      generation += 1;
      counts.clear();
      positions.clear();
    },
    store(entry: CountEntry | PositionEntry) {
      if (isPositions(entry)) {
        positions.set(entry.key, entry);
        evict(positions, limits.positions);
      } else {
        counts.set(entry.key, entry);
        evict(counts, limits.counts);
      }
    },
    /** Every kept entry now, with a function that drops it (unless it was replaced meanwhile). */
    *entries(): Generator<[CountEntry | PositionEntry, () => boolean]> {
      for (const map of [counts, positions] as Map<string, CountEntry | PositionEntry>[])
        for (const entry of [...map.values()])
          yield [entry, () => map.get(entry.key) === entry && map.delete(entry.key)];
    },
  };
}
