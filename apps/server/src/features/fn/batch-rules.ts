import { fnMessages as m, formatFnNumber, type FnBatch, type FnBatchCreate, type FnBatchUpdate } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { fnBatches, fnCoefficients, regions, transportTypes } from '../../db/schema';
import type { AuditSnapshot } from '../../lib/audit';
import { exclusionViolation, uniqueViolation } from '../../lib/db-errors';
import { fieldErrors, notFound } from '../../lib/http-errors';
import { isInRegionScope, regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './batch-repository';

/** What the batches' operations share: the snapshot kept of a batch, the region scope, the checks of an input. */

/** What the ledger and the audit trail keep of a batch. */
export function batchSnapshot(batch: FnBatch): AuditSnapshot {
  return {
    series: batch.series,
    start_number: batch.start_number,
    finish_number: batch.finish_number,
    operator: batch.operator,
    region: batch.region,
    transport_type: batch.transport_type,
    coefficient: batch.coefficient,
    fnBase: batch.fnBase,
    expire_date: batch.expire_date,
    expire_date_type: batch.expire_date_type,
    status: batch.status,
  };
}

// Creates and edits of one series queue here, so two ranges are never checked against each other half-written
// (concurrent conflicting inserts into an exclusion constraint can otherwise deadlock instead of failing).
export async function lockSeries(tx: Executor, series: readonly string[]) {
  for (const s of [...new Set(series)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dnx:fn:series:${s}`}))`);
  }
}

export const overlapError = (series: string, other: { id: number; start: number; finish: number }) =>
  fieldErrors({
    start_number: [m.overlap(series, formatFnNumber(other.start), formatFnNumber(other.finish), other.id)],
  });

/** The batches an actor may see: their region's, or every one. */
export const batchScope = (actor: AuthUser) => regionScope(actor, fnBatches.regionId);

/** A batch the actor may see; 404 otherwise. */
export async function visibleBatch(executor: Executor, actor: AuthUser, id: number): Promise<FnBatch> {
  const batch = await repo.findBatch(executor, id, batchScope(actor));
  if (!batch) throw notFound();
  return batch;
}

/** Field errors of a create or edit: region in scope, operator of that region, references real. */
export async function checkBatch(executor: Executor, actor: AuthUser, input: FnBatchCreate, selfId?: number) {
  const errors: Record<string, string[]> = {};
  if (!isInRegionScope(actor, input.region)) errors.region = [m.regionOutOfScope];
  else if (!(await repo.exists(executor, regions, input.region))) errors.region = [m.choiceMissing];
  else if (!(await repo.isActiveUserOfRole(executor, input.operator, 'operator', input.region)))
    errors.operator = [m.operatorInvalid];
  if (!(await repo.exists(executor, transportTypes, input.transport_type))) errors.transport_type = [m.choiceMissing];
  if (!(await repo.exists(executor, fnCoefficients, input.coefficient))) errors.coefficient = [m.choiceMissing];
  if (input.fnBase !== null) {
    const parent = input.fnBase === selfId ? null : await repo.findBatch(executor, input.fnBase, batchScope(actor));
    if (!parent) errors.fnBase = [m.fnBaseInvalid];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** A batch's columns from a create or edit. */
export const batchValues = (input: FnBatchCreate) => ({
  series: input.series,
  startNumber: input.start_number,
  finishNumber: input.finish_number,
  operatorId: input.operator,
  regionId: input.region,
  transportTypeId: input.transport_type,
  coefficientId: input.coefficient,
  parentBatchId: input.fnBase,
  expireDate: input.expire_date,
  expireDateType: input.expire_date_type,
});

/** A write that still met the exclusion constraint (a race the series lock should prevent) answers in its slot. */
export async function translateOverlap(
  db: Database,
  err: unknown,
  input: FnBatchCreate,
  selfId?: number,
): Promise<never> {
  if (exclusionViolation(err) !== null || uniqueViolation(err) === 'fn_forms_series_number_key') {
    const other = await repo.findOverlapping(db, input.series, input.start_number, input.finish_number, selfId);
    if (other) throw overlapError(input.series, other);
    throw fieldErrors({ start_number: [m.overlapAnother(input.series)] });
  }
  throw err;
}

/** What the ledger keeps of an edit's input, as `batchSnapshot` keeps of a batch. */
export function snapshotOfInput(input: FnBatchUpdate): AuditSnapshot {
  return {
    series: input.series,
    start_number: formatFnNumber(input.start_number),
    finish_number: formatFnNumber(input.finish_number),
    operator: input.operator,
    region: input.region,
    transport_type: input.transport_type,
    coefficient: input.coefficient,
    fnBase: input.fnBase,
    expire_date: input.expire_date,
    expire_date_type: input.expire_date_type,
  };
}
