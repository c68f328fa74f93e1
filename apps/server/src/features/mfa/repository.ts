import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { groups, mfaChallenges, recoveryCodes, sessions, userGroups, userTotp } from '../../db/schema';

/** What a user has and must have: a confirmed TOTP, recovery codes left, and whether a group requires a factor. */
export async function mfaState(db: Executor, userId: number) {
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId}
        and ${userTotp.confirmedAt} is not null)`,
      required: sql<boolean>`exists (select 1 from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId}
        where ${userGroups.userId} = ${userId} and ${groups.mfaRequired})`,
      recoveryLeft: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId}
        and ${recoveryCodes.usedAt} is null)`,
    })
    .from(sql`(select 1) one`);
  return { totp: row!.totp, required: row!.required, recoveryLeft: row!.recoveryLeft };
}

export async function findTotp(db: Executor, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row ?? null;
}

/** A new secret not yet confirmed, replacing one that never was (a confirmed one is never replaced here). */
export async function startTotp(db: Executor, userId: number, sealed: string): Promise<boolean> {
  const written = await db
    .insert(userTotp)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret: sealed, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return written.length > 0;
}

/**
 * Takes a code's time step once: true when `step` is later than every step accepted before (and, with `confirm`,
 * confirms the secret). A code already used, or an older one, is refused even within its window.
 */
export async function acceptStep(db: Executor, userId: number, step: number, confirm: boolean): Promise<boolean> {
  const taken = await db
    .update(userTotp)
    .set({ lastStep: step, ...(confirm ? { confirmedAt: sql`now()` } : {}) })
    .where(
      and(
        eq(userTotp.userId, userId),
        confirm ? isNull(userTotp.confirmedAt) : isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return taken.length > 0;
}

export async function replaceRecoveryCodes(db: Executor, userId: number, hashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends a recovery code once; false when it is not the user's or already used. */
export async function spendRecoveryCode(db: Executor, userId: number, codeHash: string): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return spent.length > 0;
}

/** Everything of a user's second factor, gone (a reset, or the user turning it off). */
export async function removeFactors(db: Executor, userId: number) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function createChallenge(
  db: Executor,
  values: { tokenHash: string; userId: number; purpose: 'verify' | 'enrol'; seconds: number },
) {
  await db.insert(mfaChallenges).values({
    tokenHash: values.tokenHash,
    userId: values.userId,
    purpose: values.purpose,
    expiresAt: sql`now() + make_interval(secs => ${values.seconds})`,
  });
}

/** A live challenge by its token's hash (unused, unexpired), or null. */
export async function findChallenge(db: Executor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, tokenHash),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** Uses a challenge once: false when another request used it first. */
export async function useChallenge(db: Executor, id: number): Promise<boolean> {
  const used = await db
    .update(mfaChallenges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(mfaChallenges.id, id), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return used.length > 0;
}

/** Forgets challenges that can no longer be used (the hourly cleanup). */
export async function purgeChallenges(db: Executor): Promise<number> {
  const gone = await db
    .delete(mfaChallenges)
    .where(lt(mfaChallenges.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ id: mfaChallenges.id });
  return gone.length;
}

export async function markSteppedUp(db: Executor, sessionId: number) {
  await db
    .update(sessions)
    .set({ steppedUpAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/** When the session's user last confirmed their second factor, or null. */
export async function steppedUpAt(db: Executor, sessionId: number): Promise<Date | null> {
  const [row] = await db.select({ at: sessions.steppedUpAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.at ?? null;
}

export const countUnusedRecoveryCodes = async (db: Executor, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  )[0]!.n;
