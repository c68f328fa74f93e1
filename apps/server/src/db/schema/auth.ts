import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Why a session ended: sign-out, reuse of a rotated refresh token, a password reset, the owner's password
 * changed (their other sessions) or set by an administrator, the account deactivated, ended by an administrator,
 * the second factor reset, a group's second factor required of a user who has none, the directory refusing the person at
 * a refresh, or the directory's back-channel logout (issue 59).
 */
export type SessionEndReason =
  | 'logout'
  | 'reuse'
  | 'password_reset'
  | 'password_change'
  | 'deactivated'
  | 'expired'
  | 'ended_by_admin'
  | 'mfa_reset'
  | 'mfa_required'
  | 'directory'
  | 'directory_logout';

/** One sign-in: the chain of refresh tokens rotated from it. Access tokens name it (`sid`), so ending it ends them. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason').$type<SessionEndReason>(),
    /** When the user last confirmed their second factor in this session (step-up, issue 27). */
    steppedUpAt: timestamp('stepped_up_at', { withTimezone: true }),
    /** Where it was opened (issue 27, the profile's sessions): the client's address and User-Agent. */
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Its last refresh (an access token lives minutes, so this is when it was last used, to a few minutes). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Every refresh token issued; a token works once (`used_at`), a second use ends its session unless it comes
 * within the grace after the first, when the same successor pair (`successor_*`, re-signed) is answered again.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    jti: text('jti').notNull(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The refresh and access token ids and issue time of the pair this one was rotated into. */
    successorJti: text('successor_jti'),
    successorAccessJti: text('successor_access_jti'),
    successorIssuedAt: timestamp('successor_issued_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_jti_key').on(t.jti), index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Password reset tokens sent by e-mail: single use, short lived. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    jti: text('jti').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_jti_key').on(t.jti),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/** Hashes of human-verification payloads already accepted, so each is used once; kept until the challenge expires. */
export const captchaSolutions = pgTable('captcha_solutions', {
  hash: text('hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** Attempts counted by the rate limits (failed sign-ins, reset requests), shared by every server process. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: id(),
    /** What is limited and by what: `signin:pair` (account and address), `signin:account`, `signin:address`, `forgot:address`, ... */
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_hits_scope_key_created_at_idx').on(t.scope, t.key, t.createdAt)],
);

/**
 * A user's TOTP secret (issue 27), AES-256-GCM encrypted with MFA_ENCRYPTION_KEY; in use once confirmed by a first
 * code. `last_step` is the time step of the last code accepted: a code is accepted once, never again.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Ten single-use recovery codes a user gets at enrolment, stored as SHA-256 hashes; regenerating replaces them. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_user_id_code_hash_key').on(t.userId, t.codeHash)],
);

/**
 * The state between a right password and the second step (or the enrolment a group requires): a random token,
 * kept as its SHA-256, short-lived and single-use; it grants nothing else.
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `verify` (a code or recovery code) or `enrol` (the group requires a second factor the user lacks). */
    purpose: text('purpose').$type<'verify' | 'enrol'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_challenges_token_hash_key').on(t.tokenHash)],
);

/** A user's passkeys (WebAuthn credentials, issue 27): each named, its public key and signature counter. */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_id_key').on(t.credentialId),
    index('user_passkeys_user_id_idx').on(t.userId),
  ],
);

/**
 * The challenges of WebAuthn ceremonies: a registration or an assertion (the second step, a step-up, or a
 * passwordless sign-in with no user yet); single-use, minutes long.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: id(),
    challenge: text('challenge').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'register' | 'verify' | 'passwordless'>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge)],
);
