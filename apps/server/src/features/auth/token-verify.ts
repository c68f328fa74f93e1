import { tokenMessages } from '../../lib/tokens';
import type { AuthServiceDeps } from './auth-deps';
import { tokenNotValid, verifyClaims } from './auth-errors';
import * as repo from './repository';
import * as sessionsRepo from './session-repository';

/** POST /api/token/verify/: any of our tokens that is still good (an access, refresh or unspent reset token). */
export async function verifyToken({ db, tokens }: AuthServiceDeps, token: string): Promise<void> {
  const claims = await verifyClaims(tokens, token);
  if (claims.token_type === 'reset') {
    if (!(await repo.findUsableResetToken(db, claims.jti))) throw tokenNotValid(tokenMessages.blacklisted);
    return;
  }
  if (claims.token_type === 'refresh') {
    const row = await repo.findRefreshToken(db, claims.jti);
    if (!row || row.usedAt || row.sessionRevokedAt) throw tokenNotValid(tokenMessages.blacklisted);
    return;
  }
  if (claims.sid === undefined || !(await sessionsRepo.isSessionActive(db, claims.sid, claims.user_id))) {
    throw tokenNotValid(tokenMessages.blacklisted);
  }
}
