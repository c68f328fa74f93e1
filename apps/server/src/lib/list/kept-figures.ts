import type { SQL } from 'drizzle-orm';
import type { ReadSet } from './list-reads';
import type { Snapshot } from './list-snapshot';
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

/** Drops the least recently used entries beyond `limit`. */
export function evict<E extends Entry>(map: Map<string, E>, limit: number) {
  while (map.size > limit) {
    let oldest: E | undefined;
    for (const entry of map.values()) if (!oldest || entry.used < oldest.used) oldest = entry;
    map.delete(oldest!.key);
  }
}
