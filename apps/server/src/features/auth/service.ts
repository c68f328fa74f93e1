import { randomBytes } from 'node:crypto';
import {
  authApiMessages,
  defaultLanguage,
  mfaChallengeSeconds,
  mfaMessages,
  type CurrentUserResponse,
  type MfaStep,
  type WebauthnRequestOptions,
  type RecoveryCodes,
  type SignInAnswer,
  type TotpEnrolment,
  type ResetPasswordRequest,
  type TokenObtainRequest,
  type TokenPair,
} from '@dnx/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { currentClientInfo, recordAuditEvent } from '../../lib/audit';
import { fieldErrors, HttpError, throttled } from '../../lib/http-errors';
import { enqueueMail } from '../mail';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { newTokenId, TokenError, tokenMessages, type Tokens } from '../../lib/tokens';
import type { AuthUser } from '../../plugins/auth';
import { wwwAuthenticate } from '../../plugins/auth';
import type { CaptchaService } from '../captcha';
import * as rateLimits from '../../lib/rate-limit';
import { deviceName } from './device';
import type { MfaService } from './factor-service';
import * as mfaRepo from './factor-repository';
import { challengeToken, sha256 } from './factor-secrets';
import { newDeviceMail, resetPasswordMail } from './mail';
import * as sessionsRepo from './session-repository';
import * as repo from './repository';

export interface AuthServiceDeps {
  db: Database;
  config: Config;
  tokens: Tokens;
  captcha: CaptchaService;
  mailer: { kind: 'smtp' | 'outbox'; outboxDir: string };
  mfa: MfaService;
  log: FastifyBaseLogger;
}

/** simplejwt's answers of its token views, verbatim. */
const noActiveAccount = () =>
  new HttpError(401, { detail: 'No active account found with the given credentials' }, wwwAuthenticate);
const noActiveAccountForToken = () =>
  new HttpError(
    401,
    { detail: 'No active account found for the given token.', code: 'no_active_account' },
    wwwAuthenticate,
  );
const tokenNotValid = (detail: string = tokenMessages.invalid) =>
  new HttpError(401, { detail, code: 'token_not_valid' }, wwwAuthenticate);

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService({ db, config, tokens, captcha, mailer, mfa, log }: AuthServiceDeps) {
  // Checked against when the e-mail is unknown, so an answer's timing does not tell which addresses exist.
  let decoyHash: Promise<string> | undefined;
  const decoy = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

  async function verifyClaims(token: string, type?: Parameters<Tokens['verify']>[1]) {
    try {
      return await tokens.verify(token, type);
    } catch (err) {
      if (err instanceof TokenError) throw tokenNotValid(err.message);
      throw err;
    }
  }

  // Sign-in and recovery events for the audit trail: who (or the e-mail tried), never a password or a token.
  const audit = (event: Parameters<typeof recordAuditEvent>[1]) => recordAuditEvent(db, event);
  const signInFailed = (email: string, reason: string, accountId: number | null = null) =>
    audit({
      actor: null,
      email,
      action: 'sign_in',
      result: 'failure',
      resource: 'user',
      recordId: accountId,
      objectName: email,
      detail: { reason },
    });

  /** Signs the pair of a successor; signing the same successor again gives the same two tokens. */
  async function signPair(userId: number, sessionId: number, next: repo.Successor, notAfter: number) {
    const at = { iat: next.issuedAt, notAfter };
    const refresh = await tokens.sign('refresh', userId, { sid: sessionId }, { ...at, jti: next.refreshJti });
    const access = await tokens.sign('access', userId, { sid: sessionId }, { ...at, jti: next.accessJti });
    return { access: access.token, refresh: refresh.token, refreshExpiresAt: refresh.expiresAt };
  }

  const successor = (): repo.Successor => ({
    refreshJti: newTokenId(),
    accessJti: newTokenId(),
    issuedAt: Math.floor(Date.now() / 1000),
  });
  /** The end of a session's absolute lifetime, in seconds. */
  const sessionEnd = (startedAt: Date) => Math.floor(startedAt.getTime() / 1000) + config.SESSION_MAX_LIFETIME;

  /** The first pair of a new session. */
  async function issuePair(userId: number, sessionId: number): Promise<TokenPair> {
    const next = successor();
    const pair = await signPair(userId, sessionId, next, next.issuedAt + config.SESSION_MAX_LIFETIME);
    await repo.addRefreshToken(db, { jti: next.refreshJti, sessionId, expiresAt: pair.refreshExpiresAt });
    return { access: pair.access, refresh: pair.refresh };
  }

  /** A refresh token that could not be spent: the grace's same pair, or the reason it is refused. */
  async function refreshRefused(claims: { jti: string; user_id: number }): Promise<TokenPair> {
    const row = await repo.findRefreshToken(db, claims.jti);
    if (!row) throw tokenNotValid();
    if (row.sessionRevokedAt) throw tokenNotValid(tokenMessages.blacklisted);
    const notAfter = sessionEnd(row.sessionCreatedAt);
    if (notAfter * 1000 <= Date.now()) {
      await sessionsRepo.revokeSession(db, row.sessionId, 'expired');
      throw tokenNotValid();
    }
    if (!row.usedAt) throw tokenNotValid(tokenMessages.blacklisted);
    const graceEnds = row.usedAt.getTime() + config.REFRESH_REUSE_GRACE * 1000;
    if (Date.now() < graceEnds && row.successorJti && row.successorAccessJti && row.successorIssuedAt) {
      const again = {
        refreshJti: row.successorJti,
        accessJti: row.successorAccessJti,
        issuedAt: Math.floor(row.successorIssuedAt.getTime() / 1000),
      };
      const pair = await signPair(claims.user_id, row.sessionId, again, notAfter);
      return { access: pair.access, refresh: pair.refresh };
    }
    await sessionsRepo.revokeSession(db, row.sessionId, 'reuse');
    log.warn({ sessionId: row.sessionId, userId: row.userId }, 'refresh token reused: session ended');
    await audit({
      actor: null,
      action: 'refresh_reuse',
      result: 'failure',
      resource: 'user',
      recordId: row.userId,
      detail: { session: row.sessionId },
    });
    throw tokenNotValid(tokenMessages.blacklisted);
  }

  /** A session and its first pair, for a user who passed every step of the sign-in. */
  async function completeSignIn(userId: number, email: string, detail: Record<string, unknown> = {}) {
    const sessionId = await sessionsRepo.createSession(db, userId);
    await repo.setLastLogin(db, userId);
    // A browser never seen on this account gets its owner a notice (not the very first sign-in: nothing to compare).
    const { ip, userAgent } = currentClientInfo();
    const device = await sessionsRepo.deviceSeen(db, userId, userAgent, sessionId);
    if (!device.seen && device.earlier > 0) {
      await db.transaction((tx) => enqueueMail(tx, 'new_device', newDeviceMail(email, deviceName(userAgent), ip)));
    }
    await audit({
      actor: { id: userId, email },
      action: 'sign_in',
      result: 'success',
      resource: 'user',
      recordId: userId,
      objectName: email,
      detail: { session: sessionId, ...detail },
    });
    return issuePair(userId, sessionId);
  }

  /** The state between the password and the second step: a token to give back, kept as its hash. */
  async function challenge(userId: number, purpose: 'verify' | 'enrol'): Promise<string> {
    const token = challengeToken();
    await mfaRepo.createChallenge(db, { tokenHash: sha256(token), userId, purpose, seconds: mfaChallengeSeconds });
    return token;
  }

  const challengeInvalid = () =>
    new HttpError(401, { detail: mfaMessages.challengeInvalid, code: 'token_not_valid' }, wwwAuthenticate);

  /** The live challenge of `token` for `purpose`, and its user (still active); 401 otherwise. */
  async function challenged(token: string, purpose: 'verify' | 'enrol') {
    const row = await mfaRepo.findChallenge(db, sha256(token));
    if (!row || row.purpose !== purpose) throw challengeInvalid();
    const user = await repo.findUserState(db, row.userId);
    if (!user?.isActive) throw challengeInvalid();
    return { challengeId: row.id, user: { id: user.id, email: user.email } };
  }

  /** Spends the challenge (once, whoever comes first), then opens the session. */
  async function finish(challengeId: number, user: { id: number; email: string }, detail: Record<string, unknown>) {
    if (!(await mfaRepo.useChallenge(db, challengeId))) throw challengeInvalid();
    return completeSignIn(user.id, user.email, detail);
  }

  return {
    /**
     * POST /api/token/: human verification first, then the limits, then the password; then, for a user who has a
     * second factor or whose group requires one, a challenge instead of tokens (no session exists before it).
     */
    async signIn(input: TokenObtainRequest, clientAddress: string): Promise<SignInAnswer> {
      const email = input.email.toLowerCase();
      const captchaProblem = await captcha.verify(input.gtoken);
      if (captchaProblem) {
        await signInFailed(email, 'captcha');
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
        await signInFailed(email, 'throttled');
        throw throttled(limit.retryAfter);
      }

      const user = await repo.findUserByEmail(db, email);
      const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
      // The attempt stays counted as a failure unless everything below holds.
      if (!user || !passwordOk || !user.isActive) {
        await signInFailed(email, !user || !passwordOk ? 'bad_credentials' : 'inactive', user?.id ?? null);
        throw noActiveAccount();
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
        return { mfa: 'verify', mfa_token: await challenge(user.id, 'verify'), methods };
      }
      if (state.required) return { mfa: 'enrol', mfa_token: await challenge(user.id, 'enrol'), methods: [] };
      return completeSignIn(user.id, email);
    },

    /** POST /api/token/mfa/: the second step, a code, a passkey's answer or a recovery code, then the tokens. */
    async secondStep(input: MfaStep): Promise<TokenPair> {
      const { challengeId, user } = await challenged(input.mfa_token, 'verify');
      const method = await mfa.verify(user, input, 'sign-in');
      return finish(challengeId, user, { mfa: method });
    },

    /** POST /api/token/mfa/webauthn/: the challenge a passkey of the user signs for the second step. */
    async secondStepOptions(token: string): Promise<WebauthnRequestOptions> {
      const { user } = await challenged(token, 'verify');
      return mfa.assertionOptions(user.id);
    },

    /**
     * POST /api/token/passkey/: a sign-in with a passkey alone. Without an answer, the challenge; with one, the tokens
     * of the passkey's user when it holds, the user is active and a group of theirs allows it. Limited per address.
     */
    async passkeySignIn(
      input: { webauthn?: MfaStep['webauthn'] },
      clientAddress: string,
    ): Promise<{ options: WebauthnRequestOptions } | TokenPair> {
      if (!input.webauthn) return { options: await mfa.passwordlessOptions() };
      const limit = await rateLimits.takeRateLimit(db, [
        {
          scope: 'passkey:address',
          key: clientAddress,
          limit: config.LOGIN_RATE_LIMIT,
          window: config.LOGIN_RATE_WINDOW,
        },
      ]);
      if (!limit.allowed) throw throttled(limit.retryAfter);
      const userId = await mfa.passwordlessUser(input.webauthn);
      const user = userId === null ? null : await repo.findUserState(db, userId);
      const allowed = user?.isActive && (await mfaRepo.mfaState(db, user.id)).passkeySignIn;
      if (!user || !allowed) {
        await audit({
          actor: null,
          email: user?.email,
          action: 'sign_in',
          result: 'failure',
          resource: 'user',
          recordId: user?.id ?? null,
          objectName: user?.email,
          detail: { reason: user ? (user.isActive ? 'passkey_not_allowed' : 'inactive') : 'passkey' },
        });
        throw fieldErrors({ webauthn: [user?.isActive ? mfaMessages.passkeyNotAllowed : mfaMessages.passkeyInvalid] });
      }
      await rateLimits.releaseRateLimit(db, limit.hitIds);
      return completeSignIn(user.id, user.email, { mfa: 'passkey', passwordless: true });
    },

    /** POST /api/user/mfa/totp/ with the enrolment a group requires: the secret for the app. */
    async enrolStart(token: string): Promise<TotpEnrolment> {
      const { user } = await challenged(token, 'enrol');
      return mfa.startTotp(user);
    },

    /** POST /api/user/mfa/totp/confirm/ of that enrolment: the recovery codes and, at last, the tokens. */
    async enrolConfirm(token: string, code: string): Promise<RecoveryCodes> {
      const { challengeId, user } = await challenged(token, 'enrol');
      const codes = await mfa.confirmTotp(user, code);
      return { ...codes, ...(await finish(challengeId, user, { mfa: 'enrolled' })) };
    },

    /** POST /api/token/verify/: any of our tokens that is still good (an access, refresh or unspent reset token). */
    async verify(token: string): Promise<void> {
      const claims = await verifyClaims(token);
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
    },

    /**
     * POST /api/refresh/: rotates the refresh token. A rotated one presented again ends its whole session, unless
     * within the grace (two tabs refreshing together), when it answers the same new pair again. A session ends
     * `SESSION_MAX_LIFETIME` after its sign-in however often it is refreshed.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const claims = await verifyClaims(refreshToken, 'refresh');
      const next = successor();
      const rotated = await db.transaction(async (tx) => {
        const tdb = tx as unknown as Database;
        const spent = await repo.spendRefreshToken(tdb, claims.jti, next, config.SESSION_MAX_LIFETIME);
        if (!spent) return null;
        const notAfter = sessionEnd((await sessionsRepo.touchSession(tdb, spent.sessionId))!);
        const pair = await signPair(claims.user_id, spent.sessionId, next, notAfter);
        await repo.addRefreshToken(tdb, {
          jti: next.refreshJti,
          sessionId: spent.sessionId,
          expiresAt: pair.refreshExpiresAt,
        });
        return { sessionId: spent.sessionId, pair };
      });
      if (!rotated) return refreshRefused(claims);
      const user = await repo.findUserState(db, claims.user_id);
      if (!user?.isActive) {
        await sessionsRepo.revokeSession(db, rotated.sessionId, 'logout');
        throw noActiveAccountForToken();
      }
      return { access: rotated.pair.access, refresh: rotated.pair.refresh };
    },

    currentUser(user: AuthUser): CurrentUserResponse {
      return {
        result: true,
        user: {
          id: user.id,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          phone: user.phone,
          region: user.regionId,
          groups: user.groups,
          permissions: [...user.permissions].sort(),
          preferences: {
            layout: user.layout,
            tour_seen_at: user.tourSeenAt,
            language: user.language ?? defaultLanguage,
            dark_theme: user.darkTheme ?? false,
            compact_theme: user.compactTheme ?? false,
          },
        },
        error: null,
      };
    },

    /** POST /api/user/logout/: ends the bearer's session, and the session of `refresh` when it is the user's. */
    async logout(user: AuthUser, refreshToken?: string): Promise<void> {
      await sessionsRepo.revokeSession(db, user.sessionId, 'logout');
      await audit({
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
    },

    /** POST /api/user/users/forgot-password/: the same answer whether the address exists or not. */
    async forgotPassword(rawEmail: string, clientAddress: string): Promise<void> {
      const email = rawEmail.toLowerCase();
      const rule = { limit: config.FORGOT_PASSWORD_RATE_LIMIT, window: config.FORGOT_PASSWORD_RATE_WINDOW };
      const limit = await rateLimits.takeRateLimit(db, [
        { scope: 'forgot:address', key: clientAddress, ...rule },
        { scope: 'forgot:account', key: email, ...rule },
      ]);
      const asked = (result: 'success' | 'failure', reason: string, accountId: number | null = null) =>
        audit({
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
      // Recorded for the trail only: the caller's answer is the same whether the address exists or not.
      await asked(
        user?.isActive ? 'success' : 'failure',
        user?.isActive ? 'sent' : user ? 'inactive' : 'unknown',
        user?.id,
      );
      if (!user?.isActive) {
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
    },

    /** POST /api/user/users/reset-password/: spends the reset token, sets the password, ends every session. */
    async resetPassword(input: ResetPasswordRequest, bearer: string | undefined): Promise<void> {
      if (bearer !== undefined && bearer !== input.token) throw tokenNotValid();
      const claims = await verifyClaims(input.token, 'reset');
      const passwordHash = await hashPassword(input.password);
      const account = await db.transaction(async (tx) => {
        const tdb = tx as unknown as Database;
        const spent = await repo.spendResetToken(tdb, claims.jti);
        if (!spent) throw tokenNotValid(tokenMessages.blacklisted);
        const user = await repo.findUserState(tdb, spent.userId);
        if (!user?.isActive) throw tokenNotValid();
        await repo.setPassword(tdb, user.id, passwordHash);
        await repo.spendUserResetTokens(tdb, user.id);
        await sessionsRepo.revokeUserSessions(tdb, user.id, 'password_reset');
        return { id: user.id, email: user.email };
      });
      await audit({
        actor: account,
        action: 'password_reset',
        result: 'success',
        resource: 'user',
        recordId: account.id,
        objectName: account.email,
      });
    },

    messages: { forgotPasswordSent: authApiMessages.forgotPasswordSent, passwordReset: authApiMessages.passwordReset },
  };
}
