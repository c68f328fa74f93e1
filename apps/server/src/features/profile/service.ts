import { userMessages, type UserPreferences, type UserPreferencesUpdate } from '@dnx/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { fieldErrors, HttpError } from '../../lib/http-errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { authErrors, type AuthUser } from '../../plugins/auth';
import { clearRateLimit, releaseRateLimit, takeRateLimit } from '../../lib/rate-limit';
import { revokeOtherSessions, setPassword, spendUserResetTokens } from '../auth';
import * as repo from './repository';

/** The signed-in user's own account: phone, password and interface preferences. */
export function createProfileService(db: Database, config: Config) {
  return {
    async changePhone(user: AuthUser, phone: string): Promise<{ message: string }> {
      const account = await repo.findOwnAccount(db, user.id);
      if (!account) throw authErrors.userNotFound();
      if (account.phone !== phone) {
        await db.transaction(async (tx) => {
          await repo.setPhone(tx, user.id, phone);
          await recordAudit(tx, {
            actor: auditActor(user),
            action: 'update',
            resource: 'user',
            recordId: user.id,
            before: { phone: account.phone },
            after: { phone },
          });
        });
      }
      return { message: userMessages.phoneChanged };
    },

    /**
     * With the old password; a wrong one is a field error and counts against the sign-in limit of the account,
     * so a stolen access token cannot be used to guess it. Success ends every other session of the user.
     */
    async changePassword(user: AuthUser, oldPassword: string, newPassword: string): Promise<{ message: string }> {
      const key = { scope: 'profile:password', key: String(user.id) };
      const limit = await takeRateLimit(db, [
        { ...key, limit: config.LOGIN_RATE_LIMIT, window: config.LOGIN_RATE_WINDOW },
      ]);
      if (!limit.allowed) {
        throw new HttpError(
          429,
          {
            detail: `Request was throttled. Expected available in ${limit.retryAfter} second${limit.retryAfter === 1 ? '' : 's'}.`,
          },
          { 'retry-after': String(limit.retryAfter) },
        );
      }
      const account = await repo.findOwnAccount(db, user.id);
      if (!account) throw authErrors.userNotFound();
      if (!(await verifyPassword(account.passwordHash, oldPassword))) {
        throw fieldErrors({ oldPassword: [userMessages.oldPasswordWrong] });
      }
      await releaseRateLimit(db, limit.hitIds);
      await clearRateLimit(db, key);
      const passwordHash = await hashPassword(newPassword);
      await db.transaction(async (tx) => {
        await setPassword(tx, user.id, passwordHash);
        await spendUserResetTokens(tx, user.id);
        await revokeOtherSessions(tx, user.id, user.sessionId, 'password_change');
        await recordAudit(tx, {
          actor: auditActor(user),
          action: 'change_password',
          resource: 'user',
          recordId: user.id,
        });
      });
      return { message: userMessages.passwordChanged };
    },

    /**
     * Layout, guided tour, language and themes, the caller's own only. `tour_seen` true keeps the first time it was recorded (a
     * replay changes nothing), false clears it so the tour starts at the next entry. A change is audited.
     */
    async updatePreferences(user: AuthUser, input: UserPreferencesUpdate): Promise<UserPreferences> {
      return db.transaction(async (tx) => {
        const current = await repo.lockPreferences(tx, user.id);
        if (!current) throw authErrors.userNotFound();
        const next = {
          layout: input.layout ?? current.layout,
          language: input.language ?? current.language,
          darkTheme: input.dark_theme ?? current.darkTheme,
          compactTheme: input.compact_theme ?? current.compactTheme,
          tourSeenAt:
            input.tour_seen === undefined
              ? current.tourSeenAt
              : input.tour_seen
                ? (current.tourSeenAt ?? new Date())
                : null,
        };
        const before = preferencesOf(current);
        const after = preferencesOf(next);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await repo.setPreferences(tx, user.id, next);
          await recordAudit(tx, {
            actor: auditActor(user),
            action: 'update',
            resource: 'user',
            recordId: user.id,
            before,
            after,
          });
        }
        return after;
      });
    },
  };
}

function preferencesOf(row: repo.StoredPreferences): UserPreferences {
  return {
    layout: row.layout,
    tour_seen_at: row.tourSeenAt?.toISOString() ?? null,
    language: row.language,
    dark_theme: row.darkTheme,
    compact_theme: row.compactTheme,
  };
}
