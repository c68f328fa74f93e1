import { paymentTag, type SnapshotMark } from '@dnx/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * The marks of the inspectors' snapshots (issue 46), read in one REPEATABLE READ transaction: a full read, or the
 * changes since a cursor. The cursor is the xmin of the read's snapshot: every transaction whose id is below it had
 * ended when the read was made, so a change written (fn_form_changes, or fn_batch_changes for a batch's new forms, migration 0057) by a transaction that was still
 * running, even one that began long before, has an id at or above it and comes in the next delta.
 */

/** A form as the snapshot reads it (dates and amounts as text, never a float). */
export interface MarkRow {
  series: string;
  number: number;
  stage: string;
  annulled: boolean;
  plate: string | null;
  transport_type: string | null;
  valid_from: string | null;
  valid_to: string | null;
  amount: string | null;
  verify_code: string | null;
  /** The reason a voided blank was voided with (fn_forms.void_reason); absent or null otherwise. */
  void_reason?: string | null;
}

/** A key of fn_form_changes whose form is no longer in the regions read (deleted, or its batch moved away). */
export interface RemovedRow {
  series: string;
  number: number;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The tuple of a mark: only a paid form carries its vehicle, validity, amount and payment (nothing else personal); a
 * voided blank carries the reason it was voided with, a state of its own (issue 56), never "not issued".
 */
export function markTuple(row: MarkRow): SnapshotMark {
  const number = String(row.number).padStart(6, '0');
  if (row.stage === 'voided')
    return [row.series, number, 'voided', null, null, null, null, null, null, row.void_reason ?? null];
  if (row.stage !== 'paid') return [row.series, number, 'not_issued', null, null, null, null, null, null];
  return [
    row.series,
    number,
    row.annulled ? 'annulled' : 'valid',
    row.plate,
    row.transport_type,
    row.valid_from,
    row.valid_to,
    row.amount,
    row.verify_code === null ? null : paymentTag(row.verify_code),
  ];
}

const markColumns = sql`
  f.series, f.number, f.stage, f.annulled, r.plate, t.name AS transport_type, f.valid_from::text AS valid_from,
  f.valid_to::text AS valid_to, r.tax_price::text AS amount, p.verify_code, f.void_reason`;
// The row of the payment that holds (or paid) the form, its payment and the row's transport type.
const paymentJoins = sql`
  LEFT JOIN payments p ON p.id = f.payment_id AND f.stage = 'paid'
  LEFT JOIN payment_rows r ON r.payment_id = p.id AND r.form_id = f.id
  LEFT JOIN transport_types t ON t.id = r.transport_type_id`;

/** null: every region. */
const inRegions = (column: SQL, regions: number[] | null) =>
  regions === null ? sql`true` : sql`${column} = ANY(${sql.raw(`'{${regions.join(',')}}'::int[]`)})`;

/** The read's snapshot xmin: the next cursor. */
export async function snapshotXmin(tx: Executor): Promise<string> {
  const [row] = rowsOf<{ xmin: string }>(
    await tx.execute(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`),
  );
  return row!.xmin;
}

/** Every mark of the regions, in no order (the phone keys them; a sort costs a full snapshot a third more). */
export async function allMarks(tx: Executor, regions: number[] | null): Promise<MarkRow[]> {
  return rowsOf<MarkRow>(
    await tx.execute(sql`
      SELECT ${markColumns}
      FROM fn_forms f JOIN fn_batches b ON b.id = f.batch_id ${paymentJoins}
      WHERE ${inRegions(sql`b.region_id`, regions)}`),
  );
}

/**
 * The marks changed by transactions with ids in [since, until) in the regions: those still there, and those gone
 * from them (removed).
 */
export async function changedMarks(
  tx: Executor,
  regions: number[] | null,
  since: string,
  until: string,
): Promise<{ marks: MarkRow[]; removed: RemovedRow[] }> {
  const rows = rowsOf<MarkRow & { present: boolean }>(
    await tx.execute(sql`
      SELECT DISTINCT ON (c.series, c.number) c.series, c.number, (b.id IS NOT NULL) AS present,
        f.stage, f.annulled, r.plate, t.name AS transport_type, f.valid_from::text AS valid_from,
        f.valid_to::text AS valid_to, r.tax_price::text AS amount, p.verify_code, f.void_reason
      FROM (
        SELECT c.series, c.number FROM fn_form_changes c
        WHERE c.xid >= ${since}::xid8 AND c.xid < ${until}::xid8 AND ${inRegions(sql`c.region_id`, regions)}
        UNION ALL
        -- The forms of the batches made in the range, named by each batch's one row (migration 0057).
        SELECT m.series, m.number FROM fn_batch_changes n
        JOIN fn_batches mb ON mb.id = n.batch_id JOIN fn_forms m ON m.batch_id = n.batch_id
        WHERE n.xid >= ${since}::xid8 AND n.xid < ${until}::xid8 AND ${inRegions(sql`mb.region_id`, regions)}
      ) c
      LEFT JOIN fn_forms f ON f.series = c.series AND f.number = c.number
      LEFT JOIN fn_batches b ON b.id = f.batch_id AND ${inRegions(sql`b.region_id`, regions)}
      ${paymentJoins}
      ORDER BY c.series, c.number`),
  );
  return {
    marks: rows.filter((r) => r.present),
    removed: rows.filter((r) => !r.present).map((r) => ({ series: r.series, number: r.number })),
  };
}

/** Whether `cursor` (an xid8 as text) is not past the current snapshot's xmin (a cursor of this database). */
export async function cursorUsable(tx: Executor, cursor: string): Promise<boolean> {
  const [row] = rowsOf<{ ok: boolean }>(
    await tx.execute(sql`SELECT ${cursor}::xid8 <= pg_snapshot_xmin(pg_current_snapshot()) AS ok`),
  );
  return row!.ok;
}

/** Where a read stands: its snapshot's xmin (the next cursor) and the snapshot itself (which transactions it sees). */
export interface ReadPosition {
  xmin: string;
  snapshot: string;
}

/** The position of the transaction's snapshot (the first statement of a REPEATABLE READ transaction fixes it). */
export async function readPosition(tx: Executor): Promise<ReadPosition> {
  const [row] = rowsOf<ReadPosition>(
    await tx.execute(sql`SELECT pg_snapshot_xmin(s)::text AS xmin, s::text AS snapshot FROM pg_current_snapshot() s`),
  );
  return row!;
}

/**
 * Whether a mark changed in a transaction the read at `position` did not see (one still running then, or begun
 * after). A change it saw is in what it read, even above its xmin: a transaction of another database on the server
 * holds the xmin low for as long as it runs, and a kept full read would otherwise never be reused meanwhile.
 */
export async function changedSince(tx: Executor, position: ReadPosition): Promise<boolean> {
  const unseen = (table: SQL) => sql`EXISTS (SELECT 1 FROM ${table}
    WHERE xid >= ${position.xmin}::xid8 AND NOT pg_visible_in_snapshot(xid, ${position.snapshot}::pg_snapshot))`;
  const [row] = rowsOf<{ changed: boolean }>(
    await tx.execute(sql`SELECT ${unseen(sql`fn_form_changes`)} OR ${unseen(sql`fn_batch_changes`)} AS changed`),
  );
  return row!.changed;
}

/**
 * How many marks a delta of [since, until) in the regions would bring, counted no further than `limit` + 1 (a
 * batch made in the range as its numbers): the index of each table is read for at most that many rows.
 */
export async function deltaSize(
  tx: Executor,
  regions: number[] | null,
  since: string,
  until: string,
  limit: number,
): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      SELECT (SELECT count(*) FROM (
          SELECT 1 FROM fn_form_changes c
          WHERE c.xid >= ${since}::xid8 AND c.xid < ${until}::xid8 AND ${inRegions(sql`c.region_id`, regions)}
          LIMIT ${limit + 1}) f)
        + (SELECT coalesce(sum(n.forms), 0) FROM (
          SELECT b.finish_number - b.start_number + 1 AS forms
          FROM fn_batch_changes n JOIN fn_batches b ON b.id = n.batch_id
          WHERE n.xid >= ${since}::xid8 AND n.xid < ${until}::xid8 AND ${inRegions(sql`b.region_id`, regions)}
          LIMIT ${limit + 1}) n) AS n`),
  );
  return Number(row!.n);
}
