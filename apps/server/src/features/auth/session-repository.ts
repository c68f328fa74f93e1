import { and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { currentClientInfo } from '../../lib/audit';
import { sessions, type SessionEndReason } from '../../db/schema';

/**
 * Sessions (sign-ins) of the users: made by the sign-in, listed and ended in the profile, ended by an account action,
 * a password change or a factor reset. Each access token names its session, so ending one ends its tokens.
 */

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

/** A refresh: the session is in use now; answers when it began (its absolute lifetime counts from there). */
export async function touchSession(db: Database, sessionId: number): Promise<Date | null> {
  const [row] = await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.id, sessionId))
    .returning({ createdAt: sessions.createdAt });
  return row?.createdAt ?? null;
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
