import { userMessages, type DeleteMultipleResponse } from '@dnx/shared';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, notFound } from '../../lib/http-errors';
import { lockRows } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';
import {
  assertMayActOn,
  keepAnAdministrator,
  snapshot,
  uniqueIds,
  userScope,
  userTable,
  type AccountFactors,
} from './user-rules';

/** All or nothing: every id must be a user the actor sees, never the actor, never the last administrator. */
export async function deleteAccounts(
  db: Database,
  factors: AccountFactors,
  actor: AuthUser,
  pkList: readonly number[],
): Promise<DeleteMultipleResponse> {
  const ids = uniqueIds(pkList);
  if (ids.includes(actor.id)) throw conflict(userMessages.cannotDeleteSelf);
  const found = await repo.findUsers(db, ids, userScope(actor));
  if (found.length !== ids.length) throw notFound();
  await db.transaction(async (tx) => {
    await repo.lockAdministrators(tx);
    await lockRows(tx, userTable, ids);
    // Read again under the lock: what this delete removes, updates committed meanwhile included.
    const current = await repo.findUsers(tx, ids, userScope(actor));
    if (current.length !== ids.length) throw notFound();
    for (const user of current) await assertMayActOn(tx, actor, user);
    await factors.requireStepUp(actor, tx, 'everyone');
    const held = await repo.countFnHoldings(tx, ids);
    if (held > 0) throw conflict(userMessages.holdsFnRecords(held));
    await repo.deleteUsers(tx, ids);
    for (const user of current) {
      await recordAudit(tx, {
        actor: auditActor(actor),
        action: 'delete',
        resource: 'user',
        recordId: user.id,
        before: snapshot(user),
      });
    }
    await keepAnAdministrator(tx);
  });
  return { pkList: ids };
}
