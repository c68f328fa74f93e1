import { recordAuditEvent } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import type { AuthServiceDeps } from './auth-deps';
import * as sessionsRepo from './session-repository';

/** POST /api/user/logout/: ends the bearer's session, and the session of `refresh` when it is the user's. */
export async function logout({ db, tokens }: AuthServiceDeps, user: AuthUser, refreshToken?: string): Promise<void> {
  await sessionsRepo.revokeSession(db, user.sessionId, 'logout');
  await recordAuditEvent(db, {
    actor: { id: user.id, email: user.email },
    action: 'sign_out',
    result: 'success',
    resource: 'user',
    recordId: user.id,
    objectName: user.email,
    detail: { session: user.sessionId },
  });
  if (!refreshToken) return;
  const claims = await tokens.verify(refreshToken, 'refresh').catch(() => null);
  if (claims?.user_id === user.id && claims.sid !== undefined)
    await sessionsRepo.revokeSession(db, claims.sid, 'logout');
}
