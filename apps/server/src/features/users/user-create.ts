import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { hashPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';
import { answer, checkUser, snapshot, translateWriteError, userColumns, type UserCreate } from './user-rules';

/** A new account with its groups and permissions, and its audit row. */
export async function createAccount(db: Database, actor: AuthUser, input: UserCreate) {
  const { groupIds, permissionIds } = await checkUser(db, actor, input, null);
  const passwordHash = await hashPassword(input.password);
  const id = await db
    .transaction(async (tx) => {
      const userId = await repo.insertUser(tx, { ...userColumns(input), passwordHash });
      await repo.setUserGroups(tx, userId, groupIds);
      await repo.setUserPermissions(tx, userId, permissionIds);
      const created = (await repo.findUser(tx, userId))!;
      await recordAudit(tx, {
        actor: auditActor(actor),
        action: 'create',
        resource: 'user',
        recordId: userId,
        after: snapshot(created),
      });
      return userId;
    })
    .catch(translateWriteError);
  return answer(db, id);
}
