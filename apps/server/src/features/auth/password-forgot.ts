import { recordAuditEvent } from '../../lib/audit';
import { throttled } from '../../lib/http-errors';
import * as rateLimits from '../../lib/rate-limit';
import { enqueueMail } from '../mail';
import type { AuthServiceDeps } from './auth-deps';
import { resetPasswordMail } from './mail';
import * as repo from './repository';

/** POST /api/user/users/forgot-password/: the same answer whether the address exists or not. */
export async function forgotPassword(
  { db, config, tokens, mailer, log }: AuthServiceDeps,
  rawEmail: string,
  clientAddress: string,
): Promise<void> {
  const email = rawEmail.toLowerCase();
  const rule = { limit: config.FORGOT_PASSWORD_RATE_LIMIT, window: config.FORGOT_PASSWORD_RATE_WINDOW };
  const limit = await rateLimits.takeRateLimit(db, [
    { scope: 'forgot:address', key: clientAddress, ...rule },
    { scope: 'forgot:account', key: email, ...rule },
  ]);
  const asked = (result: 'success' | 'failure', reason: string, accountId: number | null = null) =>
    recordAuditEvent(db, {
      actor: null,
      email,
      action: 'password_reset_request',
      result,
      resource: 'user',
      recordId: accountId,
      objectName: email,
      detail: { reason },
    });
  if (!limit.allowed) {
    await asked('failure', 'throttled');
    throw throttled(limit.retryAfter);
  }

  const user = await repo.findUserByEmail(db, email);
  // A directory's account has no password here to reset (issue 59): the reset page says so, and no link is sent.
  const resettable = user?.isActive && user.passwordSignIn;
  // Recorded for the trail only: the caller's answer is the same whether the address exists or not.
  await asked(
    resettable ? 'success' : 'failure',
    resettable ? 'sent' : !user ? 'unknown' : user.isActive ? 'no_local_password' : 'inactive',
    user?.id,
  );
  if (!user || !resettable) {
    log.info('password reset asked for an unknown or inactive address');
    return;
  }
  const reset = await tokens.sign('reset', user.id);
  // From the setting only: a Host header chosen by the asker must not decide where the owner's token goes.
  const link = `${config.publicOrigin}/reset-password/${reset.token}`;
  // The token and its mail commit together: the mail goes out (from the outbox) exactly when the link works.
  await db.transaction(async (tx) => {
    await repo.addResetToken(tx, { jti: reset.jti, userId: user.id, expiresAt: reset.expiresAt });
    await enqueueMail(
      tx,
      'password_reset',
      resetPasswordMail(email, user.firstName, link, config.RESET_TOKEN_LIFETIME),
    );
  });
  if (mailer.kind === 'outbox') {
    // The link is a usable credential: in production it stays in the outbox file only.
    if (config.isProduction) {
      log.info({ userId: user.id, outbox: mailer.outboxDir }, 'no SMTP_URL: reset e-mail written to the outbox');
    } else {
      log.info(
        { userId: user.id, resetLink: link, outbox: mailer.outboxDir },
        `no SMTP_URL: reset e-mail written to the outbox; its link is logged because NODE_ENV=${config.NODE_ENV} (never in production)`,
      );
    }
  }
}
