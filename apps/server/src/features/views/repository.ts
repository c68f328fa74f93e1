import type { ListDensity } from '@dnx/shared';
import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groups, savedViewGroups, savedViews, userListPreferences, users } from '../../db/schema';

export type PreferencesRow = typeof userListPreferences.$inferSelect;
export type ViewRow = typeof savedViews.$inferSelect;

export async function findPreferences(db: Executor, userId: number, list: string): Promise<PreferencesRow | null> {
  const [row] = await db
    .select()
    .from(userListPreferences)
    .where(and(eq(userListPreferences.userId, userId), eq(userListPreferences.list, list)));
  return row ?? null;
}

/** Writes the person's columns and density of a list (and the default view when given), creating the row. */
export async function upsertPreferences(
  db: Executor,
  userId: number,
  list: string,
  values: { columns?: string[] | null; density?: ListDensity; defaultViewId?: number | null },
): Promise<PreferencesRow> {
  const set = { ...values, updatedAt: new Date() };
  const [row] = await db
    .insert(userListPreferences)
    .values({ userId, list, ...values })
    .onConflictDoUpdate({ target: [userListPreferences.userId, userListPreferences.list], set })
    .returning();
  return row!;
}

/** Clears a default that names `viewId` (the view stops being the person's default). */
export async function clearDefault(db: Executor, userId: number, list: string, viewId: number) {
  await db
    .update(userListPreferences)
    .set({ defaultViewId: null, updatedAt: new Date() })
    .where(
      and(
        eq(userListPreferences.userId, userId),
        eq(userListPreferences.list, list),
        eq(userListPreferences.defaultViewId, viewId),
      ),
    );
}

/** A view is the person's own, or shared with one of their groups. */
function visibleTo(userId: number, groupIds: readonly number[]): SQL {
  const own = eq(savedViews.userId, userId);
  if (groupIds.length === 0) return own;
  return or(
    own,
    sql`exists (select 1 from ${savedViewGroups} where ${savedViewGroups.viewId} = ${savedViews.id} and ${inArray(savedViewGroups.groupId, [...groupIds])})`,
  )!;
}

const viewColumns = {
  view: savedViews,
  ownerEmail: users.email,
  sharedWith: sql<
    number[]
  >`coalesce((select array_agg(g.group_id order by g.group_id) from ${savedViewGroups} g where g.view_id = ${savedViews.id}), '{}'::integer[])`,
};

export type VisibleView = { view: ViewRow; ownerEmail: string; sharedWith: number[] };

export async function visibleViews(
  db: Executor,
  userId: number,
  groupIds: readonly number[],
  list: string | undefined,
): Promise<VisibleView[]> {
  const rows = await db
    .select(viewColumns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(and(visibleTo(userId, groupIds), list === undefined ? undefined : eq(savedViews.list, list)))
    .orderBy(asc(savedViews.list), sql`lower(${savedViews.name})`, asc(savedViews.id));
  return rows.map(normalise);
}

export async function findVisibleView(
  db: Executor,
  userId: number,
  groupIds: readonly number[],
  id: number,
): Promise<VisibleView | null> {
  const [row] = await db
    .select(viewColumns)
    .from(savedViews)
    .innerJoin(users, eq(users.id, savedViews.userId))
    .where(and(eq(savedViews.id, id), visibleTo(userId, groupIds)));
  return row ? normalise(row) : null;
}

/** PGlite answers an int[] as numbers, node-postgres too; both are kept as numbers. */
function normalise(row: { view: ViewRow; ownerEmail: string; sharedWith: number[] }): VisibleView {
  return { ...row, sharedWith: (row.sharedWith ?? []).map(Number) };
}

/** The view, locked for a change by its owner. */
export async function lockView(db: Executor, id: number): Promise<ViewRow | null> {
  const [row] = await db.select().from(savedViews).where(eq(savedViews.id, id)).for('update');
  return row ?? null;
}

export async function countViews(db: Executor, userId: number, list: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.list, list)));
  return row!.n;
}

/**
 * Whether the person gave another view of the list this name, in Azerbaijani case folding (`az_fold`: "I" is "ı");
 * the unique index's `lower()` is the last guard for what races past this check.
 */
export async function nameTaken(db: Executor, userId: number, list: string, name: string, exceptId?: number) {
  const rows = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.userId, userId),
        eq(savedViews.list, list),
        sql`az_fold(${savedViews.name}) = az_fold(${name})`,
        exceptId === undefined ? undefined : sql`${savedViews.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function existingGroupIds(db: Executor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(inArray(groups.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export interface ViewValues {
  list: string;
  name: string;
  query: Record<string, string>;
  columns: string[] | null;
}

export async function insertView(db: Executor, userId: number, values: ViewValues): Promise<ViewRow> {
  const [row] = await db
    .insert(savedViews)
    .values({ userId, ...values })
    .returning();
  return row!;
}

export async function updateView(db: Executor, id: number, values: ViewValues): Promise<void> {
  await db
    .update(savedViews)
    .set({ ...values, updatedAt: new Date(), version: sql`${savedViews.version} + 1` })
    .where(eq(savedViews.id, id));
}

export async function setViewGroups(db: Executor, viewId: number, groupIds: readonly number[]) {
  await db.delete(savedViewGroups).where(eq(savedViewGroups.viewId, viewId));
  if (groupIds.length > 0) await db.insert(savedViewGroups).values(groupIds.map((groupId) => ({ viewId, groupId })));
}

export async function deleteView(db: Executor, id: number): Promise<void> {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}
