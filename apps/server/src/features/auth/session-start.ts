import type { TokenPair } from '@dnx/shared';
import { currentClientInfo, recordAuditEvent } from '../../lib/audit';
import { enqueueMail } from '../mail';
import type { AuthServiceDeps } from './auth-deps';
import { deviceName } from './device';
import { newDeviceMail } from './mail';
import * as repo from './repository';
import * as sessionsRepo from './session-repository';
import { issuePair } from './token-pair';

/** A session and its first pair, for a user who passed every step of the sign-in. */
export async function completeSignIn(
  deps: AuthServiceDeps,
  userId: number,
  email: string,
  detail: Record<string, unknown> = {},
  opened?: (sessionId: number) => Promise<void>,
): Promise<TokenPair> {
  const { db } = deps;
  const sessionId = await sessionsRepo.createSession(db, userId);
  // Before its first pair: a session that must follow a directory is linked to it before it can be refreshed.
  await opened?.(sessionId);
  await repo.setLastLogin(db, userId);
  // A browser never seen on this account gets its owner a notice (not the very first sign-in: nothing to compare).
  const { ip, userAgent } = currentClientInfo();
  const device = await sessionsRepo.deviceSeen(db, userId, userAgent, sessionId);
  if (!device.seen && device.earlier > 0) {
    await db.transaction((tx) => enqueueMail(tx, 'new_device', newDeviceMail(email, deviceName(userAgent), ip)));
  }
  await recordAuditEvent(db, {
    actor: { id: userId, email },
    action: 'sign_in',
    result: 'success',
    resource: 'user',
    recordId: userId,
    objectName: email,
    detail: { session: sessionId, ...detail },
  });
  return issuePair(deps, userId, sessionId);
}
