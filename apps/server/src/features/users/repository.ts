import { userListSpec, type Operator, type User, type UserListQuery } from '@dnx/shared';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  fnBatches,
  fnForms,
  groupPermissions,
  groups,
  permissions,
  regions,
  userGroups,
  userPermissions,
  users,
} from '../../db/schema';
import { azSortKey } from '../../lib/az-text';
import { createTaggedCache, type ChangeFeed } from '../../lib/change-feed';
import {
  applyList,
  countWithSnapshot,
  createListCaches,
  defineList,
  listCounts,
  listReads,
  sqlKey,
  type ListCaches,
  type ListSource,
} from '../../lib/list/list-query';

export const userList = defineList({
  spec: userListSpec,
  filters: {
    id: users.id,
    // Addresses are stored lower-cased: the exact filter the form's live uniqueness check uses.
    email: (value) => eq(users.email, value.toLowerCase()),
    first_name: users.firstName,
    last_name: users.lastName,
    parent_name: users.parentName,
    phone: users.phone,
    region: users.regionId,
    is_active: users.isActive,
    groups: (groupId) =>
      sql`exists (select 1 from ${userGroups} where ${userGroups.userId} = ${users.id} and ${userGroups.groupId} = ${groupId})`,
    date_of_birth: users.dateOfBirth,
  },
  orderBy: {
    id: users.id,
    email: { expr: users.email, text: true },
    first_name: { expr: users.firstName, text: true },
    last_name: { expr: users.lastName, text: true },
    parent_name: { expr: users.parentName, text: true },
    phone: users.phone,
    region: { expr: regions.name, text: true },
    is_active: users.isActive,
    date_of_birth: users.dateOfBirth,
    date_joined: users.dateJoined,
    last_login: users.lastLogin,
  },
  search: [users.email, users.firstName, users.lastName, users.parentName, users.phone],
  defaultOrderBy: 'id',
  tieBreaker: users.id,
  // The spec's users list shows every user with "Hamısı"; staff are thousands at most.
  unboundedAll: true,
});

// A user's groups (ids and names, by id) and direct permissions (by id) come with the row, as arrays of correlated
// subqueries: a page of users is one query, whatever its size (issue 31; before, two more queries per page).
const groupIdsOf = sql<number[]>`array(select ${userGroups.groupId} from ${userGroups}
  where ${userGroups.userId} = ${users.id} order by ${userGroups.groupId})`;
const groupNamesOf = sql<string[]>`array(select ${groups.name} from ${userGroups}
  join ${groups} on ${groups.id} = ${userGroups.groupId}
  where ${userGroups.userId} = ${users.id} order by ${groups.id})`;
const permissionIdsOf = sql<number[]>`array(select ${userPermissions.permissionId} from ${userPermissions}
  where ${userPermissions.userId} = ${users.id} order by ${userPermissions.permissionId})`;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  parentName: users.parentName,
  phone: users.phone,
  regionId: users.regionId,
  regionName: regions.name,
  isActive: users.isActive,
  dateOfBirth: users.dateOfBirth,
  dateJoined: users.dateJoined,
  lastLogin: users.lastLogin,
  version: users.version,
  groupIds: groupIdsOf.as('group_ids'),
  groupNames: groupNamesOf.as('group_names'),
  permissionIds: permissionIdsOf.as('permission_ids'),
};

type UserRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  parentName: string;
  phone: string;
  regionId: number | null;
  regionName: string | null;
  isActive: boolean;
  dateOfBirth: string | null;
  dateJoined: Date;
  lastLogin: Date | null;
  version: number;
  groupIds: number[];
  groupNames: string[];
  permissionIds: number[];
};

const selectUsers = (db: Executor) =>
  db.select(userColumns).from(users).leftJoin(regions, eq(regions.id, users.regionId)).$dynamic();

/** A row as the API reads it. */
function asUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    parent_name: row.parentName,
    phone: row.phone,
    region: row.regionId,
    region_name: row.regionName,
    is_active: row.isActive,
    date_of_birth: row.dateOfBirth,
    groups: row.groupIds.map(Number),
    group_names: row.groupNames,
    user_permissions: row.permissionIds.map(Number),
    date_joined: row.dateJoined.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
    version: row.version,
  };
}

/** What the users list keeps between writes to the tables it reads (`createUserListCaches`). */
export interface UserListCaches {
  counts: ListCaches;
  pages: ReturnType<typeof createTaggedCache<User[]>>;
}

/** What the users list's counts read: a write to one of these tables drops them. */
export const userListTables = ['users', 'user_groups'] as const;

// What a page reads: the users (rows:users, migration 0047), their regions' names, memberships, groups and direct
// permissions (`access` announces every write to user_groups, user_permissions, groups and permissions).
const pageTags = ['rows:users', 'rows:user_groups', 'rows:regions', 'access'];

/**
 * The users list's counts and its pages (up to 100 users each, the largest page), kept until the change feed
 * announces a write to a table they read: staff lists are read far more often than accounts change, and a kept
 * page is exact as a kept count is (docs/decisions/0008-change-feed-and-list-caches.md).
 */
export function createUserListCaches(feed: ChangeFeed): UserListCaches {
  return { counts: createListCaches(feed, userListTables), pages: createTaggedCache<User[]>(feed, 200) };
}

/**
 * The users list's rows with their groups and permissions, one query a page; `caches` keeps its counts and pages
 * until the change feed announces a write to users, memberships, groups, permissions or regions.
 */
function userSource(db: Executor, caches?: UserListCaches): ListSource<User> {
  const read = async (where: SQL | undefined, orderBy: SQL[], window: { limit: number; offset: number } | null) =>
    (await applyList(selectUsers(db), where, orderBy, window)).map(asUser);
  return {
    ...listCounts((where) => db.select(countWithSnapshot).from(users).where(where)),
    rows: (where, orderBy, window) => {
      // A page is kept; every user at once (no_page, thousands) is read each time.
      if (!caches || !window) return read(where, orderBy, window);
      const key = `${where ? sqlKey(where) : ''}\u0001${sqlKey(sql.join(orderBy, sql`, `))}\u0002${window.limit}:${window.offset}`;
      // A copy: the list machinery reverses a page read from the far end in place.
      return caches.pages.get(key, pageTags, () => read(where, orderBy, window)).then((rows) => [...rows]);
    },
    ...listReads(db, (columns) =>
      db.select(columns).from(users).leftJoin(regions, eq(regions.id, users.regionId)).$dynamic(),
    ),
  };
}

export function listUsers(
  db: Executor,
  query: UserListQuery,
  currentUrl: string,
  scope: SQL | undefined,
  caches?: UserListCaches,
) {
  return userList.page(query, userSource(db, caches), { currentUrl, scope: [scope], caches: caches?.counts });
}

/** Every user the list selects with `query` within `scope`, chunk by chunk in its order (the list's export). */
export const streamUsers = (db: Executor, query: UserListQuery, scope: SQL | undefined) =>
  userList.stream(query, userSource(db), { scope: [scope] });

export const countUsers = (db: Executor, query: UserListQuery, scope: SQL | undefined, caches?: UserListCaches) =>
  userList.count(query, userSource(db, caches), [scope], caches?.counts);

export async function findUser(db: Executor, id: number): Promise<User | null> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row ? asUser(row) : null;
}

export async function findUsers(db: Executor, ids: readonly number[], scope: SQL | undefined): Promise<User[]> {
  if (ids.length === 0) return [];
  return (await selectUsers(db).where(and(inArray(users.id, [...ids]), scope))).map(asUser);
}

export async function isEmailTaken(db: Executor, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), exceptId === undefined ? undefined : ne(users.id, exceptId)));
  return rows.length > 0;
}

export async function regionExists(db: Executor, id: number): Promise<boolean> {
  return (await db.select({ id: regions.id }).from(regions).where(eq(regions.id, id))).length > 0;
}

export async function existingGroupIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

/** The permission codes groups and direct permissions give, or null when an id does not exist. */
export async function grantedCodes(
  db: Executor,
  groupIds: readonly number[],
  permissionIds: readonly number[],
): Promise<{ codes: Set<string>; missingPermission: boolean }> {
  const direct =
    permissionIds.length === 0
      ? []
      : await db
          .select({ code: permissions.code })
          .from(permissions)
          .where(inArray(permissions.id, [...permissionIds]));
  const viaGroups =
    groupIds.length === 0
      ? []
      : await db
          .select({ code: permissions.code })
          .from(groupPermissions)
          .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
          .where(inArray(groupPermissions.groupId, [...groupIds]));
  return {
    codes: new Set([...direct, ...viaGroups].map((r) => r.code)),
    missingPermission: direct.length !== new Set(permissionIds).size,
  };
}

export interface UserValues {
  email: string;
  firstName: string;
  lastName: string;
  parentName: string;
  phone: string;
  dateOfBirth: string;
  regionId: number;
  isActive: boolean;
}

export async function insertUser(db: Executor, values: UserValues & { passwordHash: string }): Promise<number> {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Executor, id: number, values: Partial<UserValues> & { passwordHash?: string }) {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function setUserGroups(db: Executor, userId: number, groupIds: readonly number[]) {
  await db.delete(userGroups).where(eq(userGroups.userId, userId));
  if (groupIds.length > 0) await db.insert(userGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
}

export async function setUserPermissions(db: Executor, userId: number, permissionIds: readonly number[]) {
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  if (permissionIds.length > 0) {
    await db.insert(userPermissions).values(permissionIds.map((permissionId) => ({ userId, permissionId })));
  }
}

/** Batches issued to the users and forms shared to them: they keep the accounts (a foreign key refuses the delete). */
export async function countFnHoldings(db: Executor, ids: readonly number[]): Promise<number> {
  const [batches] = await db
    .select({ n: count() })
    .from(fnBatches)
    .where(inArray(fnBatches.operatorId, [...ids]));
  const [forms] = await db
    .select({ n: count() })
    .from(fnForms)
    .where(inArray(fnForms.inspectorId, [...ids]));
  return (batches?.n ?? 0) + (forms?.n ?? 0);
}

export async function deleteUsers(db: Executor, ids: readonly number[]) {
  await db.delete(users).where(inArray(users.id, [...ids]));
}

/** Serialises the changes that could leave no active administrator, across processes. */
/** What an account can do: its permission codes (groups' and direct) and whether it is a top administrator (A). */
export async function accountReach(db: Executor, user: Pick<User, 'groups' | 'user_permissions'>) {
  const { codes } = await grantedCodes(db, user.groups, user.user_permissions);
  const adminGroups =
    user.groups.length === 0
      ? []
      : await db
          .select({ id: groups.id })
          .from(groups)
          .where(and(inArray(groups.id, [...user.groups]), eq(groups.code, 'admin')));
  return { codes, isAdministrator: adminGroups.length > 0 };
}

export async function lockAdministrators(db: Executor) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('dnx:administrators'))`);
}

export async function countActiveAdministrators(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${users.id})::int` })
    .from(users)
    .innerJoin(userGroups, eq(userGroups.userId, users.id))
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(and(eq(groups.code, 'admin'), eq(users.isActive, true)));
  return row!.n;
}

/** Active users of the operator role group (role F), by name in the Azerbaijani alphabet. */
/** Active users of one role group (operators F, inspectors C) among `conditions`, by name. */
export async function listOperators(
  db: Executor,
  conditions: (SQL | undefined)[],
  code: 'operator' | 'inspector' = 'operator',
): Promise<Operator[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.firstName,
      last_name: users.lastName,
      parent_name: users.parentName,
      region: users.regionId,
      region_name: regions.name,
    })
    .from(users)
    .leftJoin(regions, eq(regions.id, users.regionId))
    .where(
      and(
        eq(users.isActive, true),
        sql`exists (select 1 from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId}
              where ${userGroups.userId} = ${users.id} and ${groups.code} = ${code})`,
        ...conditions,
      ),
    )
    .orderBy(azSortKey(users.lastName), azSortKey(users.firstName), asc(users.id));
  return rows;
}
