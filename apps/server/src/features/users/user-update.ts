import { userMessages } from '@dnx/shared';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, HttpError } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { authErrors, type AuthUser } from '../../plugins/auth';
import { revokeOtherSessions, revokeUserSessions } from '../auth';
import * as repo from './repository';
import {
  changeAccount,
  checkUser,
  isTopAdministrator,
  keepAnAdministrator,
  snapshot,
  translateWriteError,
  userColumns,
  visibleUser,
  type AccountFactors,
  type UserUpdate,
} from './user-rules';

/** Refused with 409 when `version` is not the account's (someone saved it since); 404 when it is gone. */
export async function updateAccount(db: Database, factors: AccountFactors, actor: AuthUser, input: UserUpdate) {
  // Hashing is slow: done before the transaction, and only for an account the actor may see.
  await visibleUser(db, actor, input.id);
  // Anyone else sends the reset mail: a password set by an editor would let them sign in as that person.
  if (input.password && !isTopAdministrator(actor)) {
    throw new HttpError(403, { detail: userMessages.passwordSetByAdministrator });
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const saved = await db
    .transaction(async (tx) => {
      const { before, after } = await changeAccount(tx, actor, input, {
        write: async (writer, current) => {
          if (current.is_active !== input.is_active && !actor.permissions.has('activate_user')) {
            throw authErrors.permissionDenied();
          }
          if (current.is_active && !input.is_active && current.id === actor.id) {
            throw conflict(userMessages.cannotDeactivateSelf);
          }
          const { groupIds, permissionIds } = await checkUser(writer, actor, input, current);
          const same = (a: readonly number[], b: readonly number[]) =>
            a.length === b.length && [...a].sort().join() === [...b].sort().join();
          const rightsChange = !same(groupIds, current.groups) || !same(permissionIds, current.user_permissions);
          const guarded =
            rightsChange ||
            passwordHash !== undefined ||
            input.email.toLowerCase() !== current.email.toLowerCase() ||
            input.is_active !== current.is_active;
          if (current.id !== actor.id && guarded) await factors.requireStepUp(actor, writer, 'everyone');
          else if (rightsChange) await factors.requireStepUp(actor, writer, 'factor');
          const columns = { ...userColumns(input), ...(passwordHash ? { passwordHash } : {}) };
          await repo.updateUser(writer, current.id, columns);
          await repo.setUserGroups(writer, current.id, groupIds);
          await repo.setUserPermissions(writer, current.id, permissionIds);
          // A group that requires a second factor the account lacks: its sessions end, the next sign-in enrols.
          if (rightsChange) await factors.endSessionsLackingFactor(writer, current.id);
        },
        audit: { actor: auditActor(actor), action: 'update', resource: 'user', snapshot },
      });
      const deactivating = before.is_active && !after.is_active;
      if (passwordHash) {
        await recordAudit(tx, {
          actor: auditActor(actor),
          action: 'set_password',
          resource: 'user',
          recordId: before.id,
        });
      }
      // A new password or a deactivation ends the account's sessions (but not the editor's own request).
      if (deactivating) await revokeUserSessions(tx, before.id, 'deactivated');
      else if (passwordHash && before.id === actor.id) {
        await revokeOtherSessions(tx, before.id, actor.sessionId, 'password_change');
      } else if (passwordHash) await revokeUserSessions(tx, before.id, 'password_change');
      await keepAnAdministrator(tx);
      return after;
    })
    .catch(translateWriteError);
  return { data: { data: saved } };
}
