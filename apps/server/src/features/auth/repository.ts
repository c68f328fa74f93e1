import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { passwordResetTokens, refreshTokens, sessions, users } from '../../db/schema';
// Loaded by the auth plugin (the floor below the features); kept here under their names for the features.
export { loadActor, loadRequestUser, loadUserAccess, loadUserGrants } from '../../plugins/auth-user';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      isActive: users.isActive,
      firstName: users.firstName,
      passwordSignIn: users.passwordSignIn,
    })
    .from(users)
    .where(eq(users.email, email));
  return row ?? null;
}

export async function findUserState(db: Database, userId: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive, passwordSignIn: users.passwordSignIn })
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
