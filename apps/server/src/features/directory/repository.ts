import { and, asc, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import {
  directoryHandoffs,
  directoryIdentities,
  directoryLogins,
  directoryProviderState,
  directorySessions,
  groups,
  regions,
  sessions,
  userGroups,
  users,
} from '../../db/schema';

/** The directory's rows (issue 59): identities, pending logins and handoffs, its sessions, the providers' state. */

export async function findIdentity(db: Executor, issuer: string, subject: string) {
  const [row] = await db
    .select({ id: directoryIdentities.id, userId: directoryIdentities.userId })
    .from(directoryIdentities)
    .where(and(eq(directoryIdentities.issuer, issuer), eq(directoryIdentities.subject, subject)));
  return row ?? null;
}

export async function findAccount(db: Executor, where: { id: number } | { email: string }) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      isActive: users.isActive,
      regionId: users.regionId,
    })
    .from(users)
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email));
  return row ?? null;
}

export type Group = { id: number; name: string; code: string | null };

export async function groupsOfUser(db: Executor, userId: number): Promise<Group[]> {
  return db
    .select({ id: groups.id, name: groups.name, code: groups.code })
    .from(userGroups)
    .innerJoin(groups, eq(groups.id, userGroups.groupId))
    .where(eq(userGroups.userId, userId))
    .orderBy(asc(groups.id));
}

/** The groups of these role codes and these names (a name by its search key: case and Azerbaijani letters aside). */
export async function findGroups(db: Executor, codes: string[], names: string[]): Promise<Group[]> {
  if (codes.length === 0 && names.length === 0) return [];
  const folded = names.map((n) => sql`az_fold(${n})`);
  return db
    .select({ id: groups.id, name: groups.name, code: groups.code })
    .from(groups)
    .where(
      sql`${codes.length > 0 ? inArray(groups.code, codes) : sql`false`} or ${
        folded.length > 0 ? sql`az_fold(${groups.name}) in (${sql.join(folded, sql`, `)})` : sql`false`
      }`,
    )
    .orderBy(asc(groups.id));
}

export async function findRegion(db: Executor, name: string) {
  const [row] = await db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(sql`az_fold(${regions.name}) = az_fold(${name})`);
  return row ?? null;
}

export async function regionName(db: Executor, id: number | null) {
  if (id === null) return null;
  const [row] = await db.select({ id: regions.id, name: regions.name }).from(regions).where(eq(regions.id, id));
  return row ?? null;
}

/** A directory's account: no password of this product (an unusable hash), password sign-in off. */
export async function createDirectoryUser(
  db: Executor,
  account: { email: string; firstName: string; lastName: string },
): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ ...account, passwordHash: '!directory', passwordSignIn: false })
    .returning({ id: users.id });
  return row!.id;
}

export async function addIdentity(
  db: Executor,
  identity: { userId: number; provider: string; issuer: string; subject: string },
): Promise<number> {
  const [row] = await db
    .insert(directoryIdentities)
    .values({ ...identity, lastSignInAt: sql`now()` })
    .returning({ id: directoryIdentities.id });
  return row!.id;
}

export async function touchIdentity(db: Executor, identityId: number) {
  await db
    .update(directoryIdentities)
    .set({ lastSignInAt: sql`now()` })
    .where(eq(directoryIdentities.id, identityId));
}

export async function setUserGroups(db: Executor, userId: number, groupIds: number[]) {
  await db.delete(userGroups).where(eq(userGroups.userId, userId));
  if (groupIds.length > 0) await db.insert(userGroups).values(groupIds.map((groupId) => ({ userId, groupId })));
}

export async function setUserRegion(db: Executor, userId: number, regionId: number | null) {
  await db
    .update(users)
    .set({ regionId, version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
}

// Pending logins and handoffs: each used once, within its lifetime.

export async function addLogin(db: Database, login: typeof directoryLogins.$inferInsert) {
  await db.insert(directoryLogins).values(login);
}

export async function spendLogin(db: Database, stateHash: string) {
  const [row] = await db
    .update(directoryLogins)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(directoryLogins.stateHash, stateHash),
        isNull(directoryLogins.usedAt),
        gt(directoryLogins.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function addHandoff(db: Database, handoff: typeof directoryHandoffs.$inferInsert) {
  await db.insert(directoryHandoffs).values(handoff);
}

export async function spendHandoff(db: Database, codeHash: string) {
  const [row] = await db
    .update(directoryHandoffs)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(directoryHandoffs.codeHash, codeHash),
        isNull(directoryHandoffs.usedAt),
        gt(directoryHandoffs.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function setHandoffChallenge(db: Database, handoffId: number, challengeId: number) {
  await db.update(directoryHandoffs).set({ challengeId }).where(eq(directoryHandoffs.id, handoffId));
}

export async function handoffOfChallenge(db: Database, challengeId: number) {
  const [row] = await db.select().from(directoryHandoffs).where(eq(directoryHandoffs.challengeId, challengeId));
  return row ?? null;
}

// Sessions opened through a directory.

export async function addDirectorySession(db: Database, row: typeof directorySessions.$inferInsert) {
  await db.insert(directorySessions).values(row).onConflictDoNothing();
}

/** The directory's part of a session still open: its identity, provider and the provider's sealed refresh token. */
export async function directorySessionOf(db: Database, sessionId: number) {
  const [row] = await db
    .select({
      identityId: directorySessions.identityId,
      provider: directoryIdentities.provider,
      issuer: directoryIdentities.issuer,
      subject: directoryIdentities.subject,
      providerRefreshToken: directorySessions.providerRefreshToken,
    })
    .from(directorySessions)
    .innerJoin(directoryIdentities, eq(directoryIdentities.id, directorySessions.identityId))
    .where(eq(directorySessions.sessionId, sessionId));
  return row ?? null;
}

export async function setProviderRefreshToken(db: Database, sessionId: number, sealed: string | null) {
  await db
    .update(directorySessions)
    .set({ providerRefreshToken: sealed })
    .where(eq(directorySessions.sessionId, sessionId));
}

/**
 * Ends the open sessions a back-channel logout names: those of the provider's session `sid`, or every session opened
 * through the identity of `sub` (both: those of `sid` that belong to `sub`). Answers the ended sessions and users.
 */
export async function endDirectorySessions(
  db: Database,
  issuer: string,
  by: { sub?: string | undefined; sid?: string | undefined },
) {
  const conditions = [eq(directoryIdentities.issuer, issuer), isNull(sessions.revokedAt)];
  if (by.sub) conditions.push(eq(directoryIdentities.subject, by.sub));
  if (by.sid) conditions.push(eq(directorySessions.providerSessionId, by.sid));
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'directory_logout' })
    .where(
      inArray(
        sessions.id,
        db
          .select({ id: directorySessions.sessionId })
          .from(directorySessions)
          .innerJoin(directoryIdentities, eq(directoryIdentities.id, directorySessions.identityId))
          .innerJoin(sessions, eq(sessions.id, directorySessions.sessionId))
          .where(and(...conditions)),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
  return ended;
}

// The providers' state, for the admin screen.

export async function recordProviderState(db: Database, provider: string, error: string | null) {
  const now = new Date();
  const values = error
    ? { provider, state: 'error' as const, lastError: error.slice(0, 500), lastErrorAt: now }
    : { provider, state: 'ok' as const, lastSuccessAt: now };
  await db
    .insert(directoryProviderState)
    .values(values)
    .onConflictDoUpdate({ target: directoryProviderState.provider, set: values });
}

export async function providerStates(db: Database) {
  const [states, linked] = await Promise.all([
    db.select().from(directoryProviderState),
    db
      .select({ provider: directoryIdentities.provider, n: count() })
      .from(directoryIdentities)
      .groupBy(directoryIdentities.provider),
  ]);
  return { states, linked: new Map(linked.map((l) => [l.provider, l.n])) };
}
