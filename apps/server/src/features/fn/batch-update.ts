import { fnMessages as m, formatFnNumber, type FnBatch, type FnBatchUpdate } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnBatches, fnForms } from '../../db/schema';
import { auditActor } from '../../lib/grants';
import { conflict, HttpError } from '../../lib/http-errors';
import { updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './batch-repository';
import {
  batchScope,
  batchSnapshot,
  batchValues,
  checkBatch,
  lockSeries,
  overlapError,
  snapshotOfInput,
  translateOverlap,
} from './batch-rules';
import { recordMovement } from './ledger';

/** Edits a batch while every form of it is new, at the version read; a new range issues its numbers again. */
export async function updateBatch(db: Database, actor: AuthUser, id: number, input: FnBatchUpdate): Promise<FnBatch> {
  try {
    return await db.transaction(async (tx) => {
      const { after } = await updateVersioned(tx, {
        target: { table: fnBatches, id: fnBatches.id, version: fnBatches.version },
        id,
        expectedVersion: input.version,
        read: (t) => repo.findBatch(t, id, batchScope(actor)),
        write: async (t, before) => {
          const moved = await repo.countMovedOn(t, [id]);
          if (moved > 0) throw conflict(m.movedOn(moved));
          await lockSeries(t, [before.series, input.series]);
          await checkBatch(t, actor, input, id);
          const other = await repo.findOverlapping(t, input.series, input.start_number, input.finish_number, id);
          if (other) throw overlapError(input.series, other);
          await t.update(fnBatches).set(batchValues(input)).where(eq(fnBatches.id, id));
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
    return translateOverlap(db, err, input, id);
  }
}
