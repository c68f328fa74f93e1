import { userMessages, type Group, type GroupListQuery } from '@dnx/shared';
import type { Database, Executor } from '../../db/client';
import { groups } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { auditActor, ungrantable } from '../../lib/grants';
import { conflict, fieldErrors, notFound } from '../../lib/http-errors';
import { lockRows, updateVersioned, type VersionedTable } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

type ValidGroupInput = { name: string; permissions: number[] } & repo.GroupSignIn;

const snapshot = (group: Pick<Group, 'name' | 'permissions' | 'mfa_required' | 'passkey_sign_in'>) => ({
  name: group.name,
  mfa_required: group.mfa_required,
  passkey_sign_in: group.passkey_sign_in,
  permissions: [...group.permissions].sort((a, b) => a - b),
});

const groupTable: VersionedTable = { table: groups, id: groups.id, version: groups.version };

/** Name free and permissions real and grantable; field errors otherwise. */
async function check(db: Executor, actor: AuthUser, input: ValidGroupInput, existing: Group | null) {
  const errors: Record<string, string[]> = {};
  if (await repo.isGroupNameTaken(db, input.name, existing?.id)) errors.name = [userMessages.groupNameTaken];
  const ids = [...new Set(input.permissions)];
  const codes = await repo.permissionCodesOf(db, ids);
  if (codes.size !== ids.length) {
    errors.permissions = [userMessages.choiceMissing];
  } else {
    const held = existing ? (await repo.permissionCodesOf(db, existing.permissions)).values() : [];
    if (ungrantable(actor, codes.values(), held).length > 0) errors.permissions = [userMessages.grantBeyondOwn];
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return ids.sort((a, b) => a - b);
}

/** A concurrent request took the name between the check and the write. */
function translateWriteError(err: unknown): never {
  if (uniqueViolation(err)?.startsWith('groups_name')) throw fieldErrors({ name: [userMessages.groupNameTaken] });
  throw err;
}

// Role groups are re-synced from the shared matrix at every start: an edit would not hold.
function protectRoleGroup(group: Group) {
  if (group.code !== null) throw conflict(userMessages.roleGroupProtected);
}

async function editable(db: Executor, id: number): Promise<Group> {
  const group = await repo.findGroup(db, id);
  if (!group) throw notFound();
  protectRoleGroup(group);
  return group;
}

/**
 * Groups and the permission catalogue. The six role groups are system data: read only. `endSessionsLackingFactor`
 * ends, in the change's transaction, the sessions of a group's members who have no second factor once the group
 * requires one (issue 40: a session opened before the rule must not outlive it).
 */
export function createGroupService(
  db: Database,
  endSessionsLackingFactor: (executor: Executor, groupId: number) => Promise<void>,
) {
  return {
    list: (query: GroupListQuery, currentUrl: string) => repo.listGroups(db, query, currentUrl),
    /** Every group the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (query: GroupListQuery) => repo.streamGroups(db, query),
    count: (query: GroupListQuery) => repo.countGroups(db, query),

    async read(id: number): Promise<Group> {
      const group = await repo.findGroup(db, id);
      if (!group) throw notFound();
      return group;
    },

    async create(actor: AuthUser, input: ValidGroupInput): Promise<Group> {
      const permissionIds = await check(db, actor, input, null);
      const id = await db
        .transaction(async (tx) => {
          const groupId = await repo.insertGroup(tx, input.name, input);
          await repo.setGroupPermissions(tx, groupId, permissionIds);
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'create',
            resource: 'group',
            recordId: groupId,
            after: snapshot({
              name: input.name,
              permissions: permissionIds,
              mfa_required: input.mfa_required ?? false,
              passkey_sign_in: input.passkey_sign_in ?? false,
            }),
          });
          return groupId;
        })
        .catch(translateWriteError);
      return (await repo.findGroup(db, id))!;
    },

    /** Refused with 409 when `version` is not the group's (someone saved it since); 404 when it is gone. */
    async update(actor: AuthUser, id: number, input: ValidGroupInput & { version: number }): Promise<Group> {
      const { after } = await db
        .transaction((tx) =>
          updateVersioned<Group>(tx, {
            target: groupTable,
            id,
            expectedVersion: input.version,
            read: (reader) => repo.findGroup(reader, id),
            guard: protectRoleGroup,
            write: async (writer, before) => {
              const permissionIds = await check(writer, actor, input, before);
              await repo.updateGroup(writer, id, input.name, input);
              await repo.setGroupPermissions(writer, id, permissionIds);
              if (input.mfa_required && !before.mfa_required) await endSessionsLackingFactor(writer, id);
            },
            audit: { actor: auditActor(actor), action: 'update', resource: 'group', snapshot },
          }),
        )
        .catch(translateWriteError);
      return after;
    },

    /** A group still given to users is not deleted (409 naming how many): removing it would silently take access. */
    async delete(actor: AuthUser, id: number): Promise<{ pk: number }> {
      await editable(db, id);
      const users = await repo.countGroupUsers(db, id);
      if (users > 0) throw conflict(userMessages.groupInUse(users));
      await db
        .transaction(async (tx) => {
          await lockRows(tx, groupTable, [id]);
          // Read again under the lock: an update that committed meanwhile is what this delete removes.
          const current = await repo.findGroup(tx, id);
          if (!current) throw notFound();
          await repo.deleteGroup(tx, id);
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'delete',
            resource: 'group',
            recordId: id,
            before: snapshot(current),
          });
        })
        .catch(async (err: unknown) => {
          if (foreignKeyViolation(err) === null) throw err;
          throw conflict(userMessages.groupInUse(await repo.countGroupUsers(db, id)));
        });
      return { pk: id };
    },

    permissions: () => repo.listPermissions(db),
  };
}
