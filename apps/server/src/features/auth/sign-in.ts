import { randomBytes } from 'node:crypto';
import { fieldErrors, HttpError, throttled } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import * as rateLimits from '../../lib/rate-limit';
import { recordAuditEvent } from '../../lib/audit';
import type { Database } from '../../db/client';
import { directoryMessages, type SignInAnswer, type TokenObtainRequest } from '@dnx/shared';
import type { Config } from '../../config';
import { wwwAuthenticate } from '../../plugins/auth';
import type { AuthServiceDeps } from './auth-deps';
import { noActiveAccount } from './auth-errors';
import * as mfaRepo from './factor-repository';
import { challenge } from './mfa-challenge';
import * as repo from './repository';
import { completeSignIn } from './session-start';

// Checked against when the e-mail is unknown, so an answer's timing does not tell which addresses exist.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** A failed sign-in for the audit trail: the e-mail tried and why, never the password. */
export const signInFailed = (db: Database, email: string, reason: string, accountId: number | null = null) =>
  recordAuditEvent(db, {
    actor: null,
    email,
    action: 'sign_in',
    result: 'failure',
    resource: 'user',
    recordId: accountId,
    objectName: email,
    detail: { reason },
  });

/** Whether the account may sign in with this product's password: its own switch, and LOCAL_PASSWORDS. */
export const localPasswordAllowed = (config: Config, email: string, passwordSignIn: boolean) =>
  config.LOCAL_PASSWORDS === 'break-glass' ? email === config.BREAK_GLASS_EMAIL?.toLowerCase() : passwordSignIn;

/**
 * POST /api/token/: human verification first, then the limits, then the password; then, for a user who has a
 * second factor or whose group requires one, a challenge instead of tokens (no session exists before it).
 */
export async function signIn(
  deps: AuthServiceDeps,
  input: TokenObtainRequest,
  clientAddress: string,
): Promise<SignInAnswer> {
  const { db, config, captcha } = deps;
  const email = input.email.toLowerCase();
  const captchaProblem = await captcha.verify(input.gtoken);
  if (captchaProblem) {
    await signInFailed(db, email, 'captcha');
    throw fieldErrors({ gtoken: [captchaProblem] });
  }

  // Failures of one account from one address lock only that pair; the account and the address have far higher
  // ceilings, so a stranger cannot lock a person out and one office behind one address does not lock itself.
  const pair = {
    scope: 'signin:pair',
    key: `${email} ${clientAddress}`,
    limit: config.LOGIN_RATE_LIMIT,
    window: config.LOGIN_RATE_WINDOW,
  };
  const limit = await rateLimits.takeRateLimit(db, [
    pair,
    {
      scope: 'signin:account',
      key: email,
      limit: config.LOGIN_ACCOUNT_RATE_LIMIT,
      window: config.LOGIN_ACCOUNT_RATE_WINDOW,
    },
    {
      scope: 'signin:address',
      key: clientAddress,
      limit: config.LOGIN_ADDRESS_RATE_LIMIT,
      window: config.LOGIN_ADDRESS_RATE_WINDOW,
    },
  ]);
  if (!limit.allowed) {
    await signInFailed(db, email, 'throttled');
    throw throttled(limit.retryAfter);
  }

  const user = await repo.findUserByEmail(db, email);
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  // The attempt stays counted as a failure unless everything below holds.
  if (!user || !passwordOk || !user.isActive) {
    await signInFailed(db, email, !user || !passwordOk ? 'bad_credentials' : 'inactive', user?.id ?? null);
    throw noActiveAccount();
  }

  // The product's own password may be off for this account, or for all but the break-glass administrator (issue 59).
  if (!localPasswordAllowed(config, email, user.passwordSignIn)) {
    await signInFailed(db, email, 'local_password_off', user.id);
    throw new HttpError(401, { detail: directoryMessages.localPasswordOff }, wwwAuthenticate);
  }
  await rateLimits.releaseRateLimit(db, limit.hitIds);
  // Only the pair's failures are forgotten: the account's ceiling still counts a guesser's earlier tries.
  await rateLimits.clearRateLimit(db, pair);
  const state = await mfaRepo.mfaState(db, user.id);
  if (state.any) {
    const methods = [
      ...(state.totp ? (['totp'] as const) : []),
      ...(state.passkeys > 0 ? (['passkey'] as const) : []),
      'recovery_code' as const,
    ];
    return { mfa: 'verify', mfa_token: await challenge(db, user.id, 'verify'), methods };
  }
  if (state.required) return { mfa: 'enrol', mfa_token: await challenge(db, user.id, 'enrol'), methods: [] };
  return completeSignIn(deps, user.id, email);
}
