import { mfaMessages, type User } from '@dnx/shared';
import type { Database } from '../../db/client';
import { auditActor } from '../../lib/grants';
import { HttpError } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { assertMayActOn, visibleUser, type AccountFactors } from './user-rules';

/**
 * Resets an account's second factor (removed, its sessions ended, the person told). The actor needs a factor of
 * their own: a session that holds a password alone cannot strip someone else's.
 */
export async function resetAccountFactor(
  db: Database,
  factors: AccountFactors,
  actor: AuthUser,
  id: number,
): Promise<void> {
  const target = await visibleUser(db, actor, id);
  await assertMayActOn(db, actor, target);
  if (!(await factors.hasFactor(actor.id))) throw new HttpError(403, { detail: mfaMessages.ownFactorFirst });
  await factors.requireStepUp(actor, db, 'everyone');
  await factors.reset(auditActor(actor), { id: target.id, email: target.email });
}

/** The account a reset link may be sent to: one the actor sees and whose permissions the actor holds. */
export async function passwordResetTarget(db: Database, actor: AuthUser, id: number): Promise<User> {
  const user = await visibleUser(db, actor, id);
  await assertMayActOn(db, actor, user);
  return user;
}
