import {
  fnMessages as m,
  formatFnNumber,
  type DeleteMultipleResponse,
  type FnBatch,
  type FnBatchCreate,
  type FnBatchListQuery,
  type FnBatchUpdate,
  type Page,
} from '@dnx/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { fnBatches, fnCoefficients, fnForms, regions, transportTypes } from '../../db/schema';
import { recordAudit, type AuditSnapshot } from '../../lib/audit';
import { exclusionViolation, uniqueViolation } from '../../lib/db-errors';
import { auditActor } from '../../lib/grants';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import type { ListCaches } from '../../lib/list/list-query';
import { isInRegionScope, regionScope } from '../../lib/region-scope';
import { lockRows, updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './batch-repository';
import { batchTimeline, contiguousRuns, recordMovement } from './ledger';

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
async function lockSeries(tx: Executor, series: readonly string[]) {
  for (const s of [...new Set(series)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dnx:fn:series:${s}`}))`);
  }
}

const overlapError = (series: string, other: { id: number; start: number; finish: number }) =>
  fieldErrors({
    start_number: [m.overlap(series, formatFnNumber(other.start), formatFnNumber(other.finish), other.id)],
  });

/** The form batches (the spec's base fn, "new fn"): list, read, create, edit, delete while new, accept. */
export function createBatchService(db: Database, caches?: ListCaches) {
  const scopeOf = (actor: AuthUser) => regionScope(actor, fnBatches.regionId);

  async function visible(executor: Executor, actor: AuthUser, id: number): Promise<FnBatch> {
    const batch = await repo.findBatch(executor, id, scopeOf(actor));
    if (!batch) throw notFound();
    return batch;
  }

  /** Field errors of a create or edit: region in scope, operator of that region, references real. */
  async function check(executor: Executor, actor: AuthUser, input: FnBatchCreate, selfId?: number) {
    const errors: Record<string, string[]> = {};
    if (!isInRegionScope(actor, input.region)) errors.region = [m.regionOutOfScope];
    else if (!(await repo.exists(executor, regions, input.region))) errors.region = [m.choiceMissing];
    else if (!(await repo.isActiveUserOfRole(executor, input.operator, 'operator', input.region)))
      errors.operator = [m.operatorInvalid];
    if (!(await repo.exists(executor, transportTypes, input.transport_type))) errors.transport_type = [m.choiceMissing];
    if (!(await repo.exists(executor, fnCoefficients, input.coefficient))) errors.coefficient = [m.choiceMissing];
    if (input.fnBase !== null) {
      const parent = input.fnBase === selfId ? null : await repo.findBatch(executor, input.fnBase, scopeOf(actor));
      if (!parent) errors.fnBase = [m.fnBaseInvalid];
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  }

  const values = (input: FnBatchCreate) => ({
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
  async function translateOverlap(err: unknown, input: FnBatchCreate, selfId?: number): Promise<never> {
    if (exclusionViolation(err) !== null || uniqueViolation(err) === 'fn_forms_series_number_key') {
      const other = await repo.findOverlapping(db, input.series, input.start_number, input.finish_number, selfId);
      if (other) throw overlapError(input.series, other);
      throw fieldErrors({ start_number: [m.overlapAnother(input.series)] });
    }
    throw err;
  }

  return {
    count: (actor: AuthUser, query: FnBatchListQuery): Promise<number> =>
      repo.batchList.count(query, repo.batchSource(db), [scopeOf(actor)], caches),

    list: (actor: AuthUser, query: FnBatchListQuery, currentUrl: string): Promise<Page<FnBatch>> =>
      repo.batchList.page(query, repo.batchSource(db), { currentUrl, scope: [scopeOf(actor)], caches }),

    /** Every batch the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: FnBatchListQuery): AsyncIterable<FnBatch[]> =>
      repo.batchList.stream(query, repo.batchSource(db), { scope: [scopeOf(actor)] }),

    read: (actor: AuthUser, id: number) => visible(db, actor, id),

    history: async (actor: AuthUser, id: number) => {
      await visible(db, actor, id);
      return batchTimeline(db, id);
    },

    async create(actor: AuthUser, input: FnBatchCreate): Promise<FnBatch> {
      try {
        return await db.transaction(async (tx) => {
          await lockSeries(tx, [input.series]);
          await check(tx, actor, input);
          const other = await repo.findOverlapping(tx, input.series, input.start_number, input.finish_number);
          if (other) throw overlapError(input.series, other);
          const [row] = await tx
            .insert(fnBatches)
            .values({ ...values(input), createdBy: actor.id })
            .returning({ id: fnBatches.id });
          const id = row!.id;
          await repo.insertForms(tx, id, input.series, input.start_number, input.finish_number);
          const batch = (await repo.findBatch(tx, id))!;
          await recordMovement(tx, {
            actor: auditActor(actor),
            movement: 'create',
            batchId: id,
            series: batch.series,
            numberFrom: input.start_number,
            numberTo: input.finish_number,
            forms: batch.count,
            after: batchSnapshot(batch),
          });
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'create',
            resource: 'fnbatch',
            recordId: id,
            after: batchSnapshot(batch),
          });
          return batch;
        });
      } catch (err) {
        if (err instanceof HttpError) throw err;
        return translateOverlap(err, input);
      }
    },

    async update(actor: AuthUser, id: number, input: FnBatchUpdate): Promise<FnBatch> {
      try {
        return await db.transaction(async (tx) => {
          const { after } = await updateVersioned(tx, {
            target: { table: fnBatches, id: fnBatches.id, version: fnBatches.version },
            id,
            expectedVersion: input.version,
            read: (t) => repo.findBatch(t, id, scopeOf(actor)),
            write: async (t, before) => {
              const moved = await repo.countMovedOn(t, [id]);
              if (moved > 0) throw conflict(m.movedOn(moved));
              await lockSeries(t, [before.series, input.series]);
              await check(t, actor, input, id);
              const other = await repo.findOverlapping(t, input.series, input.start_number, input.finish_number, id);
              if (other) throw overlapError(input.series, other);
              await t.update(fnBatches).set(values(input)).where(eq(fnBatches.id, id));
              const rangeChanged =
                before.series !== input.series ||
                before.start_number !== formatFnNumber(input.start_number) ||
                before.finish_number !== formatFnNumber(input.finish_number);
              if (rangeChanged) {
                // Every form is still new: the numbers are issued again as the new range.
                await t.delete(fnForms).where(eq(fnForms.batchId, id));
                await repo.insertForms(t, id, input.series, input.start_number, input.finish_number);
              }
              await recordMovement(t, {
                actor: auditActor(actor),
                movement: 'edit',
                batchId: id,
                series: input.series,
                numberFrom: input.start_number,
                numberTo: input.finish_number,
                forms: rangeChanged ? input.finish_number - input.start_number + 1 : 0,
                before: batchSnapshot(before),
                after: { ...batchSnapshot(before), ...snapshotOfInput(input) },
              });
            },
            audit: { actor: auditActor(actor), action: 'update', resource: 'fnbatch', snapshot: batchSnapshot },
          });
          return after;
        });
      } catch (err) {
        if (err instanceof HttpError) throw err;
        return translateOverlap(err, input, id);
      }
    },

    async deleteMany(actor: AuthUser, ids: readonly number[]): Promise<DeleteMultipleResponse> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        await lockRows(tx, { table: fnBatches, id: fnBatches.id }, unique);
        const batches = await repo.findBatches(tx, unique, scopeOf(actor));
        // All or nothing: an unknown or out-of-region id deletes nothing.
        if (batches.length !== unique.length) throw notFound();
        const moved = await repo.countMovedOn(tx, unique);
        if (moved > 0) throw conflict(m.movedOn(moved));
        await tx.delete(fnBatches).where(inArray(fnBatches.id, unique));
        const ordered = [...batches].sort((a, b) => a.id - b.id);
        for (const batch of ordered) {
          await recordMovement(tx, {
            actor: auditActor(actor),
            movement: 'delete',
            batchId: batch.id,
            series: batch.series,
            numberFrom: Number(batch.start_number),
            numberTo: Number(batch.finish_number),
            forms: batch.count,
            before: batchSnapshot(batch),
          });
        }
        for (const batch of ordered) {
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'delete',
            resource: 'fnbatch',
            recordId: batch.id,
            before: batchSnapshot(batch),
          });
        }
        return { pkList: unique };
      });
    },

    /** The batch's operator accepts it: its new forms become active (status 0). Accepting again changes nothing. */
    async accept(actor: AuthUser, id: number): Promise<FnBatch> {
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: fnBatches.id })
          .from(fnBatches)
          .where(and(eq(fnBatches.id, id), scopeOf(actor)))
          .for('update');
        if (!locked) throw notFound();
        const before = (await repo.findBatch(tx, id))!;
        if (before.operator !== actor.id) throw new HttpError(403, { detail: m.notTheOperator });
        if (before.status === 'accepted') return before;
        const moved = await tx
          .update(fnForms)
          .set({ stage: 'active', status: 0, stageAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(fnForms.batchId, id), eq(fnForms.stage, 'new')))
          .returning({ number: fnForms.number });
        await tx
          .update(fnBatches)
          .set({
            status: 'accepted',
            acceptedAt: sql`now()`,
            acceptedBy: actor.id,
            version: sql`${fnBatches.version} + 1`,
          })
          .where(eq(fnBatches.id, id));
        const after = (await repo.findBatch(tx, id))!;
        // One ledger row per contiguous run (a form voided while new stays voided and is left out).
        const runs = contiguousRuns(moved.map((r) => r.number));
        // Every form voided while new: the acceptance of the batch itself is still a movement.
        if (runs.length === 0) {
          await recordMovement(tx, {
            actor: auditActor(actor),
            movement: 'accept',
            batchId: id,
            series: after.series,
            numberFrom: null,
            numberTo: null,
            forms: 0,
            before: { status: before.status },
            after: { status: after.status },
          });
        }
        for (const run of runs) {
          await recordMovement(tx, {
            actor: auditActor(actor),
            movement: 'accept',
            batchId: id,
            series: after.series,
            numberFrom: run.from,
            numberTo: run.to,
            forms: run.count,
            before: { stage: 'new', status: null },
            after: { stage: 'active', status: 0 },
          });
        }
        await recordAudit(tx, {
          actor: auditActor(actor),
          action: 'update',
          resource: 'fnbatch',
          recordId: id,
          before: batchSnapshot(before),
          after: batchSnapshot(after),
        });
        return after;
      });
    },
  };
}

function snapshotOfInput(input: FnBatchUpdate): AuditSnapshot {
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

export type BatchService = ReturnType<typeof createBatchService>;
