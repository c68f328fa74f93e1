import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { mfaChallenges, sessions } from './auth';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A person of an agency's directory linked to an account here (issue 59): the issuer and its `sub` (an LDAP
 * provider's `ldap:<id>` and the entry's stable id) are the link; the e-mail is only how it was first found.
 */
export const directoryIdentities = pgTable(
  'directory_identities',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('directory_identities_issuer_subject_key').on(t.issuer, t.subject),
    index('directory_identities_user_id_idx').on(t.userId),
  ],
);

/**
 * A session opened through a directory: the provider's own session id (back-channel logout names it) and, for an
 * OpenID Connect provider, its refresh token sealed under MFA_ENCRYPTION_KEY (the refresh asks the provider again).
 */
export const directorySessions = pgTable(
  'directory_sessions',
  {
    sessionId: integer('session_id')
      .primaryKey()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    identityId: integer('identity_id')
      .notNull()
      .references(() => directoryIdentities.id, { onDelete: 'cascade' }),
    providerSessionId: text('provider_session_id'),
    providerRefreshToken: text('provider_refresh_token'),
    createdAt: createdAt(),
  },
  (t) => [
    index('directory_sessions_identity_id_idx').on(t.identityId),
    index('directory_sessions_provider_session_id_idx').on(t.providerSessionId),
  ],
);

/**
 * A sign-in sent to a provider and not back yet: the `state` (as its hash), the PKCE verifier and the nonce, used
 * once. A step-up names the session it confirms.
 */
export const directoryLogins = pgTable(
  'directory_logins',
  {
    id: id(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    next: text('next').notNull().default('/'),
    stepUpSessionId: integer('step_up_session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('directory_logins_state_hash_key').on(t.stateHash),
    index('directory_logins_step_up_session_id_idx').on(t.stepUpSessionId),
  ],
);

/**
 * The one-time code the provider's callback hands to the sign-in page (never a token in an address): the person it
 * resolved to, and what the session will keep of the provider's.
 */
export const directoryHandoffs = pgTable(
  'directory_handoffs',
  {
    id: id(),
    codeHash: text('code_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identityId: integer('identity_id')
      .notNull()
      .references(() => directoryIdentities.id, { onDelete: 'cascade' }),
    /** The provider asserted a second factor (amr or acr): this product asks none of its own. */
    strong: boolean('strong').notNull().default(false),
    providerSessionId: text('provider_session_id'),
    providerRefreshToken: text('provider_refresh_token'),
    /** The product's own second step this sign-in still has to pass: its session is linked when it does. */
    challengeId: integer('challenge_id').references(() => mfaChallenges.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('directory_handoffs_code_hash_key').on(t.codeHash),
    index('directory_handoffs_challenge_id_idx').on(t.challengeId),
    index('directory_handoffs_user_id_idx').on(t.userId),
    index('directory_handoffs_identity_id_idx').on(t.identityId),
  ],
);

/** Each configured provider's last contact: reached (`ok`) or not (`error`, with what failed), for the admin screen. */
export const directoryProviderState = pgTable('directory_provider_state', {
  provider: text('provider').primaryKey(),
  state: text('state').$type<'ok' | 'error'>().notNull(),
  lastError: text('last_error'),
  lastErrorAt: timestamp('last_error_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
});
