import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * Why a session ended: sign-out, reuse of a rotated refresh token, a password reset, the owner's password
 * changed (their other sessions) or set by an administrator, the account deactivated.
 */
export type SessionEndReason = 'logout' | 'reuse' | 'password_reset' | 'password_change' | 'deactivated' | 'expired';

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
