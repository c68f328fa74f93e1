import { nationalRoles, type Language, type NavigationLayout } from '@dnx/shared';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { currentClientInfo } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import {
  groupPermissions,
  groups,
  passwordResetTokens,
  permissions,
  rateLimitHits,
  refreshTokens,
  sessions,
  userGroups,
  userPermissions,
  users,
  type SessionEndReason,
} from '../../db/schema';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findUserState(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

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

export async function setLastLogin(db: Database, userId: number) {
  await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, userId));
}

export async function setPassword(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

// Sessions and refresh tokens

/** A new session, with the address and User-Agent of the request that opens it. */
export async function createSession(db: Database, userId: number): Promise<number> {
  const { ip, userAgent } = currentClientInfo();
  const [row] = await db
    .insert(sessions)
    .values({ userId, ip, userAgent, lastUsedAt: sql`now()` })
    .returning({ id: sessions.id });
  return row!.id;
}

/** Whether the user signed in before from a browser that sent this User-Agent (a device seen before). */
export async function deviceSeen(db: Database, userId: number, userAgent: string | null, exceptSession: number) {
  const [row] = await db
    .select({ seen: sql<boolean>`bool_or(${sessions.userAgent} is not distinct from ${userAgent})`, n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, exceptSession)));
  return { seen: row?.seen ?? false, earlier: row?.n ?? 0 };
}

/** The user's sessions still open (not ended, within their lifetime), the newest first. */
export async function openSessions(db: Database, userId: number, lifetimeSeconds: number) {
  return db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${lifetimeSeconds})`),
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
}

/** Ends one session of the user (signed out from another device); false when it is not theirs or already ended. */
export async function revokeOwnSession(db: Database, userId: number, sessionId: number): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'logout' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

export async function isSessionActive(db: Database, sessionId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row !== undefined;
}

export async function addRefreshToken(db: Database, token: { jti: string; sessionId: number; expiresAt: Date }) {
  await db.insert(refreshTokens).values(token);
}

/** The ids and issue time (seconds) of the pair a refresh token is rotated into. */
export interface Successor {
  refreshJti: string;
  accessJti: string;
  issuedAt: number;
}

/**
 * Marks an unused refresh token used and records its successor, in one statement; null when it cannot be spent
 * (unknown, used, expired, or its session ended or older than `sessionMaxLifetime` seconds).
 */
export async function spendRefreshToken(db: Database, jti: string, successor: Successor, sessionMaxLifetime: number) {
  const [row] = await db
    .update(refreshTokens)
    .set({
      usedAt: new Date(),
      successorJti: successor.refreshJti,
      successorAccessJti: successor.accessJti,
      successorIssuedAt: new Date(successor.issuedAt * 1000),
    })
    .where(
      and(
        eq(refreshTokens.jti, jti),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, new Date()),
        inArray(
          refreshTokens.sessionId,
          db
            .select({ id: sessions.id })
            .from(sessions)
            .where(
              and(
                isNull(sessions.revokedAt),
                gt(sessions.createdAt, sql`now() - make_interval(secs => ${sessionMaxLifetime})`),
              ),
            ),
        ),
      ),
    )
    .returning({ sessionId: refreshTokens.sessionId });
  return row ?? null;
}

/** A refresh: the session is in use now; answers when it began (its absolute lifetime counts from there). */
export async function touchSession(db: Database, sessionId: number): Promise<Date | null> {
  const [row] = await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .returning({ createdAt: sessions.createdAt });
  return row?.createdAt ?? null;
}

export async function findRefreshToken(db: Database, jti: string) {
  const [row] = await db
    .select({
      sessionId: refreshTokens.sessionId,
      userId: sessions.userId,
      usedAt: refreshTokens.usedAt,
      successorJti: refreshTokens.successorJti,
      successorAccessJti: refreshTokens.successorAccessJti,
      successorIssuedAt: refreshTokens.successorIssuedAt,
      sessionCreatedAt: sessions.createdAt,
      sessionRevokedAt: sessions.revokedAt,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.jti, jti));
  return row ?? null;
}

export async function revokeSession(db: Database, sessionId: number, reason: SessionEndReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Database, userId: number, reason: SessionEndReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every live session of a user but one (the request's own, after a password change). */
export async function revokeOtherSessions(
  db: Database,
  userId: number,
  keepSessionId: number,
  reason: SessionEndReason,
) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, keepSessionId)));
}

// Password reset tokens

export async function addResetToken(db: Executor, token: { jti: string; userId: number; expiresAt: Date }) {
  await db.insert(passwordResetTokens).values(token);
}

export async function findUsableResetToken(db: Database, jti: string) {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.jti, jti),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}

/** Spends a reset token in one statement; null when it is unknown, spent or expired. */
export async function spendResetToken(db: Database, jti: string) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.jti, jti),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row ?? null;
}

/** A new password makes every other reset link of the user useless too. */
export async function spendUserResetTokens(db: Database, userId: number) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

// Rate limits

export interface RateLimitKey {
  scope: string;
  key: string;
}

/** A key with its own ceiling: at most `limit` counted attempts within `window` seconds. */
export interface RateLimitRule extends RateLimitKey {
  limit: number;
  window: number;
}

export type RateLimitResult = { allowed: true; hitIds: number[] } | { allowed: false; retryAfter: number };

/**
 * Counts one attempt against every key unless one of them is at its limit within its window. Runs under
 * advisory locks on the keys, so parallel requests in several processes cannot slip past the limit together.
 */
export async function takeRateLimit(db: Database, rules: RateLimitRule[]): Promise<RateLimitResult> {
  const ordered = [...rules].sort((a, b) => `${a.scope}\n${a.key}`.localeCompare(`${b.scope}\n${b.key}`));
  // Old hits of keys never seen again count no more: forget a few at a time, skipping rows others hold.
  for (const { scope, window } of new Map(ordered.map((r) => [r.scope, r])).values()) {
    await db.execute(sql`delete from ${rateLimitHits} where ${rateLimitHits.id} in (
      select ${rateLimitHits.id} from ${rateLimitHits}
      where ${rateLimitHits.scope} = ${scope} and ${rateLimitHits.createdAt} < now() - make_interval(secs => ${window})
      limit 100 for update skip locked)`);
  }
  return db.transaction(async (tx) => {
    let retryAfter = 0;
    for (const { scope, key, limit, window: seconds } of ordered) {
      const window = sql`now() - make_interval(secs => ${seconds})`;
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rate:${scope}:${key}`}))`);
      await tx
        .delete(rateLimitHits)
        .where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key), lt(rateLimitHits.createdAt, window)));
      const [row] = await tx
        .select({
          n: sql<number>`count(*)::int`,
          wait: sql<number>`coalesce(ceil(extract(epoch from (min(${rateLimitHits.createdAt}) + make_interval(secs => ${seconds}) - now()))), 0)::int`,
        })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key)));
      // The wait is until the oldest hit leaves the window: enough to be below the limit again.
      if (row!.n >= limit) retryAfter = Math.max(retryAfter, row!.wait, 1);
    }
    if (retryAfter > 0) return { allowed: false, retryAfter } as const;
    const rows = await tx
      .insert(rateLimitHits)
      .values(ordered.map(({ scope, key }) => ({ scope, key })))
      .returning({ id: rateLimitHits.id });
    return { allowed: true, hitIds: rows.map((r) => r.id) } as const;
  });
}

/** Takes back counted attempts (a sign-in that succeeded). */
export async function releaseRateLimit(db: Database, hitIds: number[]) {
  if (hitIds.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}

/** Forgets the failures counted against a key (an account after a successful sign-in). */
export async function clearRateLimit(db: Database, { scope, key }: RateLimitKey) {
  await db.delete(rateLimitHits).where(and(eq(rateLimitHits.scope, scope), eq(rateLimitHits.key, key)));
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
