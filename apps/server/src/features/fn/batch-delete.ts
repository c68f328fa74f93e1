import { fnMessages as m, type DeleteMultipleResponse } from '@dnx/shared';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnBatches } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, notFound } from '../../lib/http-errors';
import { lockRows } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './batch-repository';
import { batchScope, batchSnapshot } from './batch-rules';
import { recordMovement } from './ledger';

/** Deletes batches whose forms are all still new, all or none. */
export async function deleteBatches(
  db: Database,
  actor: AuthUser,
  ids: readonly number[],
): Promise<DeleteMultipleResponse> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    await lockRows(tx, { table: fnBatches, id: fnBatches.id }, unique);
    const batches = await repo.findBatches(tx, unique, batchScope(actor));
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
}
