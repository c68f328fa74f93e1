import { formatFnNumber, type FnForm, type FnHistoryEntry, type FnMovement } from '@dnx/shared';
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { fnLedger } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { defineHashChain } from '../../lib/hash-chain';

/** The forms' ledger: a second hash chain of the audit trail's kind (lib/hash-chain.ts). */
export const fnLedgerChain = defineHashChain(fnLedger);

/** One movement: of a batch alone (forms 0), or of the contiguous run number_from..number_to of one batch. */
export interface FnLedgerEntry {
  actor: AuditActor | null;
  movement: FnMovement;
  batchId: number;
  series: string;
  numberFrom: number | null;
  numberTo: number | null;
  forms: number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
}

/** Appends a movement inside the transaction that made it (written as it commits, lib/hash-chain.ts). */
export async function recordMovement(tx: Transaction, entry: FnLedgerEntry): Promise<void> {
  await fnLedgerChain.append(tx, {
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    movement: entry.movement,
    batchId: entry.batchId,
    series: entry.series,
    numberFrom: entry.numberFrom,
    numberTo: entry.numberTo,
    forms: entry.forms,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  });
}

/** Splits numbers (of one batch) into contiguous runs, one ledger row each. */
export function contiguousRuns(numbers: readonly number[]): { from: number; to: number; count: number }[] {
  const sorted = [...numbers].sort((a, b) => a - b);
  const runs: { from: number; to: number; count: number }[] = [];
  for (const n of sorted) {
    const last = runs.at(-1);
    if (last && n === last.to + 1) {
      last.to = n;
      last.count += 1;
    } else runs.push({ from: n, to: n, count: 1 });
  }
  return runs;
}

function asEntry(row: typeof fnLedger.$inferSelect): FnHistoryEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actorId,
    actor_email: row.actorEmail,
    movement: row.movement,
    batch: row.batchId,
    forms: row.forms,
    number_from: row.numberFrom === null ? null : formatFnNumber(row.numberFrom),
    number_to: row.numberTo === null ? null : formatFnNumber(row.numberTo),
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

async function timeline(db: Executor, where: SQL | undefined): Promise<FnHistoryEntry[]> {
  const rows = await db.select().from(fnLedger).where(where).orderBy(asc(fnLedger.id)).limit(1000);
  return rows.map(asEntry);
}

/** A batch's movements, oldest first. */
export const batchTimeline = (db: Executor, batchId: number) => timeline(db, eq(fnLedger.batchId, batchId));

/** The movements that included one form (its series and number), oldest first. */
export const formTimeline = (db: Executor, batchId: number, series: string, number: number) =>
  timeline(
    db,
    and(
      eq(fnLedger.batchId, batchId),
      eq(fnLedger.series, series),
      lte(fnLedger.numberFrom, number),
      gte(fnLedger.numberTo, number),
    ),
  );

/**
 * The end of a paid form's validity as a read on `today` (a UTC day) sees it: an entry dated the start of the day
 * after `valid_to`, never written (a read does not write the ledger), or null while the form is still valid.
 */
export function seenExpiry(form: FnForm, today: string): FnHistoryEntry | null {
  if (form.stage !== 'paid' || form.annulled || form.valid_to === null || form.valid_to >= today) return null;
  const dayAfter = new Date(Date.parse(`${form.valid_to}T00:00:00Z`) + 86_400_000);
  return {
    id: null,
    at: dayAfter.toISOString(),
    actor: null,
    actor_email: null,
    movement: 'expire',
    batch: form.batch,
    forms: 1,
    number_from: form.number,
    number_to: form.number,
    before: null,
    after: { status: 1 },
    reason: null,
  };
}
