import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  groups,
  mfaChallenges,
  recoveryCodes,
  sessions,
  userGroups,
  userPasskeys,
  users,
  userTotp,
  webauthnChallenges,
} from '../../db/schema';

/**
 * What a user has and may do: a confirmed TOTP, passkeys, recovery codes left; whether a group requires a second
 * factor, and whether one lets them sign in with a passkey alone. `any`: the user has a second factor.
 */
export async function mfaState(db: Executor, userId: number) {
  const ofGroups = (setting: typeof groups.mfaRequired | typeof groups.passkeySignIn) =>
    sql<boolean>`exists (select 1 from ${userGroups} join ${groups} on ${groups.id} = ${userGroups.groupId}
      where ${userGroups.userId} = ${userId} and ${setting})`;
  const [row] = await db
    .select({
      totp: sql<boolean>`exists (select 1 from ${userTotp} where ${userTotp.userId} = ${userId}
        and ${userTotp.confirmedAt} is not null)`,
      passkeys: sql<number>`(select count(*)::int from ${userPasskeys} where ${userPasskeys.userId} = ${userId})`,
      required: ofGroups(groups.mfaRequired),
      passkeySignIn: ofGroups(groups.passkeySignIn),
      recoveryLeft: sql<number>`(select count(*)::int from ${recoveryCodes} where ${recoveryCodes.userId} = ${userId}
        and ${recoveryCodes.usedAt} is null)`,
    })
    .from(sql`(select 1) one`);
  return { ...row!, any: row!.totp || row!.passkeys > 0 };
}
export type MfaState = Awaited<ReturnType<typeof mfaState>>;

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

/** Everything of a user's second factor, gone (an administrator's reset). */
export async function removeFactors(db: Executor, userId: number) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

export async function removeTotp(db: Executor, userId: number) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
}

/** The recovery codes go with the last factor: they are a way back to a factor, never one alone. */
export async function dropRecoveryCodesWithoutFactor(db: Executor, userId: number) {
  const state = await mfaState(db, userId);
  if (!state.any) await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
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

/** Forgets challenges (of the sign-in's steps and of WebAuthn) that can no longer be used (the hourly cleanup). */
export async function purgeChallenges(db: Executor): Promise<number> {
  const gone = await db
    .delete(mfaChallenges)
    .where(lt(mfaChallenges.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ id: mfaChallenges.id });
  const ceremonies = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ id: webauthnChallenges.id });
  return gone.length + ceremonies.length;
}

/** The user's password hash (the step-up of a user who has no second factor). */
export async function passwordHash(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? null;
}

/**
 * Ends the open sessions, lacking a second factor, of a group's members (its requirement just switched on) or of a
 * user now in a group that requires one.
 */
export async function revokeSessionsLackingFactor(
  db: Executor,
  of: { groupId: number } | { userId: number },
): Promise<void> {
  const members =
    'groupId' in of
      ? sql`${sessions.userId} in (select ${userGroups.userId} from ${userGroups} where ${userGroups.groupId} = ${of.groupId})`
      : sql`${sessions.userId} = ${of.userId} and exists (select 1 from ${userGroups} join ${groups}
          on ${groups.id} = ${userGroups.groupId} where ${userGroups.userId} = ${of.userId} and ${groups.mfaRequired})`;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'mfa_required' })
    .where(
      and(
        isNull(sessions.revokedAt),
        members,
        sql`not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${sessions.userId}
          and ${userTotp.confirmedAt} is not null)`,
        sql`not exists (select 1 from ${userPasskeys} where ${userPasskeys.userId} = ${sessions.userId})`,
      ),
    );
}

export async function markSteppedUp(db: Executor, sessionId: number) {
  await db
    .update(sessions)
    .set({ steppedUpAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/**
 * Forgets every confirmation of the user's sessions: a first factor was just added, and a password that stood in for
 * the factor the user lacked no longer does (the next action that asks one asks the new factor).
 */
export async function forgetSteppedUp(db: Executor, userId: number) {
  await db
    .update(sessions)
    .set({ steppedUpAt: null })
    .where(and(eq(sessions.userId, userId), isNotNull(sessions.steppedUpAt)));
}

/** When the session's user last confirmed their second factor, or null. */
export async function steppedUpAt(db: Executor, sessionId: number): Promise<Date | null> {
  const [row] = await db.select({ at: sessions.steppedUpAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.at ?? null;
}

export const listPasskeys = (db: Executor, userId: number) =>
  db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(userPasskeys.id);

export async function findPasskey(db: Executor, credentialId: string) {
  const [row] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, credentialId));
  return row ?? null;
}

/** A new passkey; null when its credential is registered already (to anyone). */
export async function insertPasskey(db: Executor, values: typeof userPasskeys.$inferInsert) {
  const [row] = await db.insert(userPasskeys).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** The signature counter the authenticator reported, and when it was used. */
export async function passkeyUsed(db: Executor, id: number, counter: number) {
  await db
    .update(userPasskeys)
    .set({ counter, lastUsedAt: sql`now()` })
    .where(eq(userPasskeys.id, id));
}

export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, id), eq(userPasskeys.userId, userId)))
    .returning({ id: userPasskeys.id });
  return gone.length > 0;
}

export type WebauthnPurpose = 'register' | 'verify' | 'passwordless';

export async function saveWebauthnChallenge(
  db: Executor,
  values: { challenge: string; userId: number | null; purpose: WebauthnPurpose; seconds: number },
) {
  await db.insert(webauthnChallenges).values({
    challenge: values.challenge,
    userId: values.userId,
    purpose: values.purpose,
    expiresAt: sql`now() + make_interval(secs => ${values.seconds})`,
  });
}

/**
 * Spends a ceremony's challenge once: unexpired, of the purpose, and of the user when one is named. Null when it is
 * unknown, used, expired, or someone else's.
 */
export async function spendWebauthnChallenge(
  db: Executor,
  challenge: string,
  purpose: WebauthnPurpose,
  userId: number | null,
): Promise<string | null> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, sql`now()`),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return row?.challenge ?? null;
}
