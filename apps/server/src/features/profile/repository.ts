import type { Language, NavigationLayout } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';

export async function findOwnAccount(db: Executor, userId: number) {
  const [row] = await db
    .select({ id: users.id, phone: users.phone, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The phone is a field of the account form too: a new version, so an editor holding the old one must reload. */
export async function setPhone(db: Executor, userId: number, phone: string) {
  await db
    .update(users)
    .set({ phone, version: sql`${users.version} + 1` })
    .where(eq(users.id, userId));
}

export interface StoredPreferences {
  layout: NavigationLayout;
  tourSeenAt: Date | null;
  language: Language;
  darkTheme: boolean;
  compactTheme: boolean;
}

/** The user's interface preferences, locked for the change that follows. */
export async function lockPreferences(db: Executor, userId: number) {
  const [row] = await db
    .select({
      layout: users.layout,
      tourSeenAt: users.tourSeenAt,
      language: users.language,
      darkTheme: users.darkTheme,
      compactTheme: users.compactTheme,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row ?? null;
}

/** Preferences are not on the account form: no new version, so no editor of the account has to reload. */
export async function setPreferences(db: Executor, userId: number, preferences: StoredPreferences) {
  await db.update(users).set(preferences).where(eq(users.id, userId));
}
