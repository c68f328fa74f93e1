import { nationalRoles, type Language, type NavigationLayout } from '@dnx/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { groupPermissions, groups, permissions, sessions, userGroups, userPermissions, users } from '../db/schema';

/** The signed-in user of a request, as the database holds it now (see `requestUserCache` in auth.ts). */
export interface AuthUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  regionId: number | null;
  /** Interface preferences, answered with current-user. */
  layout: NavigationLayout;
  /** ISO time the guided tour was finished or skipped; null: not yet. */
  tourSeenAt: string | null;
  /**
   * The interface's language and themes (issue 30); the server's messages to this user are in the language.
   * Absent for an actor outside a request (a scheduled job), which speaks Azerbaijani.
   */
  language?: Language;
  darkTheme?: boolean;
  compactTheme?: boolean;
  groups: { id: number; name: string; code: string | null }[];
  permissions: Set<string>;
  /** In group admin or central: sees every region. */
  isNational: boolean;
  /** The sign-in (session) the access token belongs to. */
  sessionId: number;
}

/** The signed-in user as the auth plugin and the services load them: row, session, groups and permissions. */

/** The user with groups and effective permissions (groups' and own), for the request and for current-user. */
export async function loadUserAccess(db: Database, userId: number) {
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      regionId: users.regionId,
      layout: users.layout,
      isActive: users.isActive,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  return { ...user, ...(await loadUserGrants(db, userId)) };
}

type Grants = { groups: { id: number; name: string; code: string | null }[]; permissions: string[] };

/**
 * What a signed-in request needs of its user, in one cheap round trip: the user row and whether the token's
 * session is still open. Null when the user no longer exists.
 */
export async function loadRequestUser(db: Database, userId: number, sessionId: number | undefined) {
  type Row = {
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    phone: string;
    region_id: number | null;
    is_active: boolean;
    layout: NavigationLayout;
    tour_seen_at: Date | string | null;
    language: Language;
    dark_theme: boolean;
    compact_theme: boolean;
    session_active: boolean;
  };
  // Both drivers answer raw statements with `{ rows }`.
  const result = (await db.execute(sql`
    select u.id, u.email, u.first_name, u.last_name, u.phone, u.region_id, u.is_active, u.layout, u.tour_seen_at,
      u.language, u.dark_theme, u.compact_theme,
      exists(
        select 1 from ${sessions} s
        where s.id = ${sessionId ?? null} and s.user_id = u.id and s.revoked_at is null
      ) as session_active
    from ${users} u where u.id = ${userId}`)) as unknown as { rows: Row[] };
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    regionId: row.region_id,
    isActive: row.is_active,
    layout: row.layout,
    tourSeenAt: row.tour_seen_at === null ? null : new Date(row.tour_seen_at).toISOString(),
    language: row.language,
    darkTheme: row.dark_theme,
    compactTheme: row.compact_theme,
    sessionActive: row.session_active,
  };
}

/** A user's groups and effective permissions (the groups' and their own). */
export async function loadUserGrants(db: Database, userId: number): Promise<Grants> {
  const [groupRows, permissionRows] = await Promise.all([
    db
      .select({ id: groups.id, name: groups.name, code: groups.code })
      .from(userGroups)
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .where(eq(userGroups.userId, userId))
      .orderBy(asc(groups.id)),
    db
      .select({ code: permissions.code })
      .from(permissions)
      .where(
        sql`${permissions.id} in (
          select ${groupPermissions.permissionId} from ${groupPermissions}
            join ${userGroups} on ${userGroups.groupId} = ${groupPermissions.groupId}
            where ${userGroups.userId} = ${userId}
          union
          select ${userPermissions.permissionId} from ${userPermissions} where ${userPermissions.userId} = ${userId}
        )`,
      )
      .orderBy(asc(permissions.code)),
  ]);
  return { groups: groupRows, permissions: permissionRows.map((p) => p.code) };
}

/**
 * A user as the services take them outside a request (a scheduled job acting for them): their groups,
 * permissions and region scope as a request of theirs would have them. Null when the user is gone or inactive.
 */
export async function loadActor(db: Database, userId: number): Promise<AuthUser | null> {
  const access = await loadUserAccess(db, userId);
  if (!access?.isActive) return null;
  const { isActive: _active, permissions: granted, ...user } = access;
  return {
    ...user,
    tourSeenAt: null,
    permissions: new Set(granted),
    isNational: user.groups.some((g) => g.code !== null && (nationalRoles as readonly string[]).includes(g.code)),
    sessionId: 0,
  };
}
