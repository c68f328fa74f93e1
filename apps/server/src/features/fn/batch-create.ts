import type { FnBatch, FnBatchCreate } from '@dnx/shared';
import type { Database } from '../../db/client';
import { fnBatches } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { HttpError } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './batch-repository';
import { batchSnapshot, batchValues, checkBatch, lockSeries, overlapError, translateOverlap } from './batch-rules';
import { recordMovement } from './ledger';

/** Issues a batch: the batch and its forms (stage new) in one transaction, its ledger row and its audit row. */
export async function createBatch(db: Database, actor: AuthUser, input: FnBatchCreate): Promise<FnBatch> {
  try {
    return await db.transaction(async (tx) => {
      await lockSeries(tx, [input.series]);
      await checkBatch(tx, actor, input);
      const other = await repo.findOverlapping(tx, input.series, input.start_number, input.finish_number);
      if (other) throw overlapError(input.series, other);
      const [row] = await tx
        .insert(fnBatches)
        .values({ ...batchValues(input), createdBy: actor.id })
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
    return translateOverlap(db, err, input);
  }
}
