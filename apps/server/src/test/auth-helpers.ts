import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { createSession } from '../features/auth/session-repository';
import { markSteppedUp } from '../features/auth/factor-repository';
import type { TestApp } from './test-app';

export interface SignedIn {
  userId: number;
  sessionId: number;
  token: string;
  headers: { authorization: string };
}

/**
 * A session and its access token for a user, made directly (no captcha, no password hashing). `steppedUp`: the
 * session confirmed itself just now, as a step-up does (for tests of what an account action does, not of its
 * step-up, which apps/server/src/features/users/account-actions.test.ts tests through the API).
 */
export async function signInAs(t: TestApp, email: string, { steppedUp = false } = {}): Promise<SignedIn> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no user ${email}`);
  const sessionId = await createSession(t.database.db, user.id);
  if (steppedUp) await markSteppedUp(t.database.db, sessionId);
  const { token } = await t.app.tokens.sign('access', user.id, { sid: sessionId });
  return { userId: user.id, sessionId, token, headers: { authorization: `Bearer ${token}` } };
}
