import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnBatches } from '../../db/schema';
import type { ChangeFeed, RowDiff } from '../../lib/change-feed';
import type { ChangedRow, EventHub } from './event-hub';
import { opOf, type FeedRow, type LiveTable } from './live-tables';

/** Batches whose region a process remembers for the forms' changes (a batch's region rarely moves). */
const batchRegionLimit = 20_000;

/**
 * Turns the change feed's row diffs of the lists' tables into events (issue 47). The notices of one statement come
 * one a row: those of one table, transaction and kind that arrive together become one event naming every row. A
 * form's region is its batch's, looked up (and remembered) when the form's change arrives; the events keep the
 * feed's order.
 */
export function startChangeIntake(
  db: Database,
  feed: ChangeFeed,
  tables: ReadonlyMap<string, LiveTable>,
  hub: EventHub,
  /** Tables written, once each turn of the intake (the counters follow them). */
  onTables: (tables: Set<string>) => void,
) {
  const batchRegions = new Map<number, number | null>();
  let pending: { table: string; live: LiveTable; diff: RowDiff }[] = [];
  let scheduled = false;
  let chain = Promise.resolve();

  async function regionsOfBatches(ids: number[]) {
    const unknown = [...new Set(ids)].filter((id) => !batchRegions.has(id));
    if (!unknown.length) return;
    const rows = await db
      .select({ id: fnBatches.id, regionId: fnBatches.regionId })
      .from(fnBatches)
      .where(inArray(fnBatches.id, unknown));
    if (batchRegions.size + rows.length > batchRegionLimit) batchRegions.clear();
    // A batch already gone (its forms deleted with it) has no region: such a form is shown to national readers only.
    for (const id of unknown) batchRegions.set(id, rows.find((row) => row.id === id)?.regionId ?? null);
  }

  const regionOf = (live: LiveTable, row: FeedRow): number | null => {
    if (!live.region) return null;
    const value =
      'column' in live.region ? row[live.region.column] : batchRegions.get(row[live.region.batchOf] as number);
    return typeof value === 'number' ? value : null;
  };

  async function flush(batch: typeof pending) {
    const formBatches = batch
      .filter((entry) => entry.live.region && 'batchOf' in entry.live.region)
      .flatMap((entry) => entry.diff.pairs ?? [])
      .flatMap((pair) => pair.filter((row): row is FeedRow => row !== null).map((row) => row.batch_id as number));
    if (formBatches.length) await regionsOfBatches(formBatches).catch(() => undefined);

    // One event per table, transaction and kind, in the order of their first notice.
    const groups = new Map<
      string,
      { live: LiveTable; op: ReturnType<typeof opOf> | 'bulk'; by: number | null; rows: ChangedRow[] | null }
    >();
    for (const { table, live, diff } of batch) {
      if (diff.pairs === null) {
        groups.set(`${table}:${diff.xid}:bulk`, { live, op: 'bulk', by: null, rows: null });
        continue;
      }
      for (const [before, after] of diff.pairs) {
        const row = (after ?? before)!;
        const op = opOf(before, after);
        const key = `${table}:${diff.xid}:${op}`;
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { live, op, by: live.by?.(before, after) ?? null, rows: [] }));
        const id = row.id as number;
        group.rows!.push({
          id,
          ...(live.region ? { regions: [before, after].filter((r) => r !== null).map((r) => regionOf(live, r)) } : {}),
        });
      }
    }
    for (const group of groups.values()) {
      hub.publish({
        resource: group.live.resource,
        op: group.op,
        by: group.by,
        read: group.live.read,
        regional: group.live.region !== undefined,
        rows: group.rows,
      });
    }
  }

  feed.onChange((change, diff) => {
    if (change === 'all') return;
    if (!change.startsWith('rows:')) return;
    const table = change.slice(5);
    // A batch's region may have moved: its forms' region is looked up again.
    if (table === 'fn_batches' && diff?.pairs)
      for (const [before] of diff.pairs) if (before) batchRegions.delete(before.id as number);
    const live = tables.get(table);
    if (!live) return;
    pending.push({ table, live, diff: diff ?? { table, xid: 0n, pairs: null } });
    if (scheduled) return;
    scheduled = true;
    // The other notices of the same statement are already in the socket: they are read in this turn.
    setImmediate(() => {
      scheduled = false;
      const batch = pending;
      pending = [];
      const written = new Set(batch.map((entry) => entry.table));
      chain = chain
        .then(() => flush(batch))
        .then(() => onTables(written))
        .catch(() => undefined);
    });
  });
}
