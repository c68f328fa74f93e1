import type { RowDiff } from '../change-feed';
import { isPositions, positionStep, stretchOf, type CountEntry, type PositionEntry } from './kept-figures';
import { visibleIn } from './list-snapshot';

/** A stretch between two positions grown past this many rows is read anew, in the background. */
export const rebuildAbove = 4 * positionStep;

/** A write as the kept figures take it: a statement's rows of one table, in the order the feed brought them. */
export interface Change {
  seq: number;
  table: string;
  /** null: the change cannot be placed (a TRUNCATE): whatever reads the table is dropped. */
  xid: bigint | null;
  pairs: RowDiff['pairs'];
}

/** The list's own table and the tables it reads under another name (an alias: a batch's operator is a user). */
export interface ListTables {
  main: string;
  readAs: ReadonlySet<string>;
}

/** The columns an update changed, by the row's JSON before and after. */
function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(after).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/**
 * Moves one kept figure by one change: a change its snapshot saw is skipped, a write to a table the query does not
 * read leaves it, an update of columns it does not read moves nothing, and each changed row is probed (was it in
 * the query, is it now, and where in the order). False when the figure can no longer be kept; `rebuild` is asked
 * for a stretch of positions grown too long.
 */
export async function applyChange(
  entry: CountEntry | PositionEntry,
  change: Change,
  tables: ListTables,
  rebuild: (entry: PositionEntry) => void,
): Promise<boolean> {
  if (change.xid !== null && visibleIn(entry.snapshot, change.xid)) return true;
  const { reads } = entry;
  if (change.table !== tables.main)
    return !reads.all && !reads.tables.has(change.table) && !tables.readAs.has(change.table);
  if (change.xid === null || !change.pairs) return false;
  for (const [before, after] of change.pairs) {
    // An update of columns the query does not read moves nothing.
    if (before && after && !reads.all && !changedColumns(before, after).some((column) => reads.columns.has(column)))
      continue;
    if (!isPositions(entry) && !entry.where) {
      entry.n += (after ? 1 : 0) - (before ? 1 : 0);
      continue;
    }
    if (isPositions(entry) && entry.kinds.includes('unknown')) return false;
    if (!entry.source.probe) return false;
    const rows = [before, after].filter((row): row is Record<string, unknown> => row !== null);
    const found = await entry.source.probe(tables.main, rows, entry.where, isPositions(entry) ? entry.plan.marks : []);
    const [was, is] = before ? [found[0], after ? found[1] : undefined] : [undefined, found[0]];
    if (!isPositions(entry)) {
      entry.n += (is?.matched ? 1 : 0) - (was?.matched ? 1 : 0);
      if (entry.n < 0) return false;
      continue;
    }
    for (const [probe, step] of [
      [was, -1],
      [is, 1],
    ] as const) {
      if (!probe?.matched) continue;
      const at = stretchOf(entry, probe.marks);
      entry.counts[at] = entry.counts[at]! + step;
      if (entry.counts[at]! < 0) return false;
      entry.prefix = null;
      if (entry.counts[at]! > rebuildAbove) rebuild(entry);
    }
  }
  return true;
}
