import { directoryMessages, type ResetPasswordRequest } from '@dnx/shared';
import { HttpError } from '../../lib/http-errors';
import type { Database } from '../../db/client';
import { recordAuditEvent } from '../../lib/audit';
import { hashPassword } from '../../lib/passwords';
import { tokenMessages } from '../../lib/tokens';
import type { AuthServiceDeps } from './auth-deps';
import { tokenNotValid, verifyClaims } from './auth-errors';
import * as repo from './repository';
import * as sessionsRepo from './session-repository';

/** POST /api/user/users/reset-password/: spends the reset token, sets the password, ends every session. */
export async function resetPassword(
  { db, tokens }: AuthServiceDeps,
  input: ResetPasswordRequest,
  bearer: string | undefined,
): Promise<void> {
  if (bearer !== undefined && bearer !== input.token) throw tokenNotValid();
  const claims = await verifyClaims(tokens, input.token, 'reset');
  const passwordHash = await hashPassword(input.password);
  const account = await db.transaction(async (tx) => {
    const tdb = tx as unknown as Database;
    const spent = await repo.spendResetToken(tdb, claims.jti);
    if (!spent) throw tokenNotValid(tokenMessages.blacklisted);
    const user = await repo.findUserState(tdb, spent.userId);
    if (!user?.isActive) throw tokenNotValid();
    if (!user.passwordSignIn) throw new HttpError(400, { detail: directoryMessages.noLocalPassword });
    await repo.setPassword(tdb, user.id, passwordHash);
    await repo.spendUserResetTokens(tdb, user.id);
    await sessionsRepo.revokeUserSessions(tdb, user.id, 'password_reset');
    return { id: user.id, email: user.email };
  });
  await recordAuditEvent(db, {
    actor: account,
    action: 'password_reset',
    result: 'success',
    resource: 'user',
    recordId: account.id,
    objectName: account.email,
  });
}
