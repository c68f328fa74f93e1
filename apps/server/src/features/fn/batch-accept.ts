import { fnMessages as m, type FnBatch } from '@dnx/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnBatches, fnForms } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { HttpError, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './batch-repository';
import { batchScope, batchSnapshot } from './batch-rules';
import { contiguousRuns, recordMovement } from './ledger';

/** The batch's operator accepts it: its new forms become active (status 0). Accepting again changes nothing. */
export async function acceptBatch(db: Database, actor: AuthUser, id: number): Promise<FnBatch> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: fnBatches.id })
      .from(fnBatches)
      .where(and(eq(fnBatches.id, id), batchScope(actor)))
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
}
