import { groupListSpec, permissionCodes, type Group, type GroupListQuery, type Permission } from '@dnx/shared';
import { asc, count, eq, inArray, ne, and } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groupPermissions, groups, permissions, userGroups } from '../../db/schema';
import { azFoldEquals } from '../../lib/az-text';
import { applyList, defineList, listReads, type ListSource } from '../../lib/list/list-query';

export const groupList = defineList({
  spec: groupListSpec,
  filters: { id: groups.id, name: groups.name },
  orderBy: { id: groups.id, name: { expr: groups.name, text: true } },
  search: [groups.name],
  defaultOrderBy: 'id',
  tieBreaker: groups.id,
});

const groupColumns = {
  id: groups.id,
  name: groups.name,
  code: groups.code,
  mfa_required: groups.mfaRequired,
  passkey_sign_in: groups.passkeySignIn,
  version: groups.version,
};

/** Groups with their permission ids, in the order given. */
async function withPermissions(db: Executor, rows: Omit<Group, 'permissions'>[]) {
  if (rows.length === 0) return [];
  const links = await db
    .select({ groupId: groupPermissions.groupId, permissionId: groupPermissions.permissionId })
    .from(groupPermissions)
    .where(
      inArray(
        groupPermissions.groupId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(groupPermissions.permissionId));
  const byGroup = new Map<number, number[]>();
  for (const link of links) byGroup.set(link.groupId, [...(byGroup.get(link.groupId) ?? []), link.permissionId]);
  return rows.map((row): Group => ({ ...row, permissions: byGroup.get(row.id) ?? [] }));
}

/** The groups list's rows, with their permission ids. */
function groupSource(db: Executor): ListSource<Group> {
  return {
    count: async (where) => (await db.select({ n: count() }).from(groups).where(where))[0]!.n,
    rows: async (where, orderBy, window) =>
      withPermissions(db, await applyList(db.select(groupColumns).from(groups).$dynamic(), where, orderBy, window)),
    ...listReads(db, (columns) => db.select(columns).from(groups).$dynamic()),
  };
}

export function listGroups(db: Executor, query: GroupListQuery, currentUrl: string) {
  return groupList.page(query, groupSource(db), { currentUrl });
}

/** Every group the list selects with `query`, chunk by chunk in its order (the list's export). */
export const streamGroups = (db: Executor, query: GroupListQuery) => groupList.stream(query, groupSource(db));

export const countGroups = (db: Executor, query: GroupListQuery) => groupList.count(query, groupSource(db));

export async function findGroup(db: Executor, id: number): Promise<Group | null> {
  const rows = await db.select(groupColumns).from(groups).where(eq(groups.id, id));
  const [group] = await withPermissions(db, rows);
  return group ?? null;
}

/** Another group already has this name, by its search key: regardless of case and Azerbaijani letters. */
export async function isGroupNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(azFoldEquals(groups.name, name), exceptId === undefined ? undefined : ne(groups.id, exceptId)));
  return rows.length > 0;
}

/** How a group's members sign in: a second factor required, a passkey alone allowed (issue 27). */
export interface GroupSignIn {
  mfa_required?: boolean;
  passkey_sign_in?: boolean;
}

export async function insertGroup(db: Executor, name: string, signIn: GroupSignIn): Promise<number> {
  const [row] = await db
    .insert(groups)
    .values({ name, mfaRequired: signIn.mfa_required ?? false, passkeySignIn: signIn.passkey_sign_in ?? false })
    .returning({ id: groups.id });
  return row!.id;
}

/** Its name, and its sign-in settings that are given (an absent one stays as it is). */
export async function updateGroup(db: Executor, id: number, name: string, signIn: GroupSignIn) {
  await db
    .update(groups)
    .set({ name, mfaRequired: signIn.mfa_required, passkeySignIn: signIn.passkey_sign_in })
    .where(eq(groups.id, id));
}

export async function setGroupPermissions(db: Executor, groupId: number, permissionIds: readonly number[]) {
  await db.delete(groupPermissions).where(eq(groupPermissions.groupId, groupId));
  if (permissionIds.length > 0) {
    await db.insert(groupPermissions).values(permissionIds.map((permissionId) => ({ groupId, permissionId })));
  }
}

export async function deleteGroup(db: Executor, id: number) {
  await db.delete(groups).where(eq(groups.id, id));
}

export async function countGroupUsers(db: Executor, groupId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(userGroups).where(eq(userGroups.groupId, groupId));
  return row!.n;
}

/** Every permission, in the order of the shared catalogue. */
export async function listPermissions(db: Executor): Promise<Permission[]> {
  const rows = await db
    .select({ id: permissions.id, code: permissions.code, name: permissions.name, resource: permissions.resource })
    .from(permissions);
  const position = new Map<string, number>(permissionCodes.map((code, index) => [code, index]));
  return rows.sort((a, b) => (position.get(a.code) ?? Infinity) - (position.get(b.code) ?? Infinity) || a.id - b.id);
}

/** The codes of the given permission ids; ids that do not exist are missing from the answer. */
export async function permissionCodesOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: permissions.id, code: permissions.code })
    .from(permissions)
    .where(inArray(permissions.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.code]));
}
