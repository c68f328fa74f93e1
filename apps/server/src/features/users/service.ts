import type { UserListQuery } from '@dnx/shared';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';
import { createAccount } from './user-create';
import { deleteAccounts } from './user-delete';
import { inspectorsOf, operatorsOf } from './user-pickers';
import { passwordResetTarget, resetAccountFactor } from './user-resets';
import { userScope, visibleUser, type AccountFactors, type UserCreate, type UserUpdate } from './user-rules';
import { endAccountSessions } from './user-sessions';
import { changeAccountStatus } from './user-status';
import { updateAccount } from './user-update';

export { isTopAdministrator, type AccountFactors } from './user-rules';

/**
 * Users: the administrator's accounts screens. Every write is one transaction with its audit rows. Acting on another
 * account (its password, e-mail, status, groups, permissions, sessions, second factor; deleting it) asks that the
 * actor sees it (404), holds all it can do and, for an administrator, is the top administrator (403), and confirmed
 * themselves within the step-up's time (403 `step_up_required`), in that order (issue 40).
 * `caches` keeps the list's counts and pages between writes to the tables they read (`repo.createUserListCaches`).
 * Composed of its operations' files (user-create.ts, user-update.ts, user-status.ts, user-delete.ts,
 * user-sessions.ts, user-resets.ts, user-pickers.ts); the rules they share are in user-rules.ts.
 */
export function createUserService(db: Database, factors: AccountFactors, caches?: repo.UserListCaches) {
  return {
    list: (actor: AuthUser, query: UserListQuery, currentUrl: string) =>
      repo.listUsers(db, query, currentUrl, userScope(actor), caches),

    /** Every user the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: UserListQuery) => repo.streamUsers(db, query, userScope(actor)),

    count: (actor: AuthUser, query: UserListQuery) => repo.countUsers(db, query, userScope(actor), caches),

    read: (actor: AuthUser, id: number) => visibleUser(db, actor, id),
    create: (actor: AuthUser, input: UserCreate) => createAccount(db, actor, input),
    update: (actor: AuthUser, input: UserUpdate) => updateAccount(db, factors, actor, input),
    changeStatus: (actor: AuthUser, input: { id: number; is_active: boolean; version?: number | undefined }) =>
      changeAccountStatus(db, factors, actor, input),
    deleteMany: (actor: AuthUser, pkList: readonly number[]) => deleteAccounts(db, factors, actor, pkList),
    endSessions: (actor: AuthUser, id: number) => endAccountSessions(db, factors, actor, id),
    resetSecondFactor: (actor: AuthUser, id: number) => resetAccountFactor(db, factors, actor, id),
    resetTarget: (actor: AuthUser, id: number) => passwordResetTarget(db, actor, id),
    operators: (actor: AuthUser, region: number | undefined) => operatorsOf(db, actor, region),
    inspectors: (actor: AuthUser, region: number | undefined) => inspectorsOf(db, actor, region),
  };
}
