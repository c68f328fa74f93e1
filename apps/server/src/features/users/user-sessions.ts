import type { Database } from '../../db/client';
import { recordAuditEvent } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import type { AuthUser } from '../../plugins/auth';
import { revokeUserSessions } from '../auth';
import { assertMayActOn, visibleUser, type AccountFactors } from './user-rules';

/**
 * Ends every session of an account (a dismissal, a stolen device): each is signed out at its next request, in
 * every process.
 */
export async function endAccountSessions(
  db: Database,
  factors: AccountFactors,
  actor: AuthUser,
  id: number,
): Promise<void> {
  const target = await visibleUser(db, actor, id);
  await db.transaction(async (tx) => {
    await assertMayActOn(tx, actor, target);
    if (target.id !== actor.id) await factors.requireStepUp(actor, tx, 'everyone');
    await revokeUserSessions(tx, target.id, 'ended_by_admin');
  });
  await recordAuditEvent(db, {
    actor: auditActor(actor),
    action: 'sign_out',
    result: 'success',
    resource: 'user',
    recordId: target.id,
    objectName: target.email,
    detail: { all_sessions: true },
  });
}
