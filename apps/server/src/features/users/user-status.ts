import { userMessages } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { auditActor } from '../../lib/grants';
import { conflict } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { revokeUserSessions } from '../auth';
import { changeAccount, keepAnAdministrator, type AccountFactors } from './user-rules';

/** Activate or deactivate; a deactivated account's sessions end at once, and with them its tokens. */
export async function changeAccountStatus(
  db: Database,
  factors: AccountFactors,
  actor: AuthUser,
  input: { id: number; is_active: boolean; version?: number | undefined },
) {
  const saved = await db.transaction(async (tx) => {
    const { before, after } = await changeAccount(tx, actor, input, {
      write: async (writer, current) => {
        if (!input.is_active && current.id === actor.id) throw conflict(userMessages.cannotDeactivateSelf);
        if (current.is_active === input.is_active) return false;
        if (current.id !== actor.id) await factors.requireStepUp(actor, writer, 'everyone');
        await writer.update(users).set({ isActive: input.is_active }).where(eq(users.id, current.id));
      },
      audit: {
        actor: auditActor(actor),
        action: input.is_active ? 'activate' : 'deactivate',
        resource: 'user',
        snapshot: (user) => ({ is_active: user.is_active }),
      },
    });
    if (before.is_active && !after.is_active) await revokeUserSessions(tx, before.id, 'deactivated');
    await keepAnAdministrator(tx);
    return after;
  });
  return { data: { data: saved } };
}
