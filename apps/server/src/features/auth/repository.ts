import { and, count, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { currentClientInfo } from '../../lib/audit';
import {
  passwordResetTokens,
  rateLimitHits,
  refreshTokens,
  sessions,
  users,
  type SessionEndReason,
} from '../../db/schema';
// Loaded by the auth plugin (the floor below the features); kept here under their names for the features.
export { loadActor, loadRequestUser, loadUserAccess, loadUserGrants } from '../../plugins/auth-user';

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

export async function revokeUserSessions(db: Executor, userId: number, reason: SessionEndReason) {
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
