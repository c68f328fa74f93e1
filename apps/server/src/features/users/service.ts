import {
  mfaMessages,
  userMessages,
  type DeleteMultipleResponse,
  type Operator,
  type User,
  type UserListQuery,
  userCreateSchema,
  userUpdateSchema,
} from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { recordAudit, recordAuditEvent, type AuditActor, type AuditSnapshot } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { auditActor, ungrantable } from '../../lib/grants';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import { isInRegionScope, regionScope } from '../../lib/region-scope';
import { lockRows, updateVersioned, type VersionedTable, type VersionedUpdate } from '../../lib/versioned-update';
import { authErrors, type AuthUser } from '../../plugins/auth';
import { revokeOtherSessions, revokeUserSessions } from '../auth';
import * as repo from './repository';

type UserCreate = z.output<typeof userCreateSchema>;
type UserUpdate = z.output<typeof userUpdateSchema>;

/** The audited fields of a user: what the form edits, never the password. */
function snapshot(user: User): AuditSnapshot {
  return {
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    parent_name: user.parent_name,
    phone: user.phone,
    region: user.region,
    is_active: user.is_active,
    date_of_birth: user.date_of_birth,
    groups: [...user.groups].sort((a, b) => a - b),
    user_permissions: [...user.user_permissions].sort((a, b) => a - b),
  };
}

/** The account form's fields as the users table's columns (create and update alike). */
function userColumns(input: UserCreate | UserUpdate) {
  return {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
    parentName: input.parent_name,
    phone: input.phone,
    dateOfBirth: input.date_of_birth,
    regionId: input.region,
    isActive: input.is_active,
  };
}

const userTable: VersionedTable = { table: users, id: users.id, version: users.version };

const uniqueIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The top administrator (role A): the only one who may act on another A or set someone's password. */
export const isTopAdministrator = (actor: AuthUser) => actor.groups.some((g) => g.code === 'admin');

const strongerAccount = () => new HttpError(403, { detail: userMessages.strongerAccount });

/**
 * Nobody changes, activates, deactivates or deletes an account that can do more than they can: its permissions
 * (groups' and direct) must be a subset of the actor's, and an A account is the top administrator's alone.
 */
async function assertMayActOn(db: Executor, actor: AuthUser, target: User) {
  if (target.id === actor.id) return;
  const reach = await repo.accountReach(db, target);
  if (reach.isAdministrator && !isTopAdministrator(actor)) throw strongerAccount();
  if ([...reach.codes].some((code) => !actor.permissions.has(code))) throw strongerAccount();
}

/**
 * What the accounts screens ask of the second factor (the mfa feature's service, given by the routes): a fresh
 * confirmation of the actor (`factor`: of a user who has one, issue 27; `everyone`: the password standing in for a
 * factor the actor lacks, issue 40), whether someone has one, a reset of it, and the sessions of a user whose
 * group now requires one they lack.
 */
export interface AccountFactors {
  requireStepUp(actor: AuthUser, executor: Executor, scope: 'factor' | 'everyone'): Promise<void>;
  hasFactor(userId: number): Promise<boolean>;
  reset(actor: AuditActor, target: AuditActor): Promise<void>;
  endSessionsLackingFactor(executor: Executor, userId: number): Promise<void>;
}

/**
 * Users: the administrator's accounts screens. Every write is one transaction with its audit rows. Acting on another
 * account (its password, e-mail, status, groups, permissions, sessions, second factor; deleting it) asks that the
 * actor sees it (404), holds all it can do and, for an administrator, is the top administrator (403), and confirmed
 * themselves within the step-up's time (403 `step_up_required`), in that order (issue 40).
 * `caches` keeps the list's counts and pages between writes to the tables they read (`repo.createUserListCaches`).
 */
export function createUserService(db: Database, factors: AccountFactors, caches?: repo.UserListCaches) {
  const scopeOf = (actor: AuthUser) => regionScope(actor, users.regionId);

  /** A user the actor may see; another region's answers 404 as if it did not exist. */
  async function visible(actor: AuthUser, id: number): Promise<User> {
    const user = await repo.findUser(db, id);
    if (!user || !isInRegionScope(actor, user.region)) throw notFound();
    return user;
  }

  /** Field errors of a create or update: address free, region, groups and permissions real and grantable. */
  async function check(db: Executor, actor: AuthUser, input: UserCreate | UserUpdate, existing: User | null) {
    const errors: Record<string, string[]> = {};
    if (await repo.isEmailTaken(db, input.email, existing?.id)) errors.email = [userMessages.emailTaken];
    if (!isInRegionScope(actor, input.region)) errors.region = [userMessages.regionOutOfScope];
    else if (!(await repo.regionExists(db, input.region))) errors.region = [userMessages.choiceMissing];

    const groupIds = uniqueIds(input.groups);
    const permissionIds = uniqueIds(input.user_permissions);
    const knownGroups = await repo.existingGroupIds(db, groupIds);
    const held = existing
      ? (await repo.grantedCodes(db, existing.groups, existing.user_permissions)).codes
      : new Set<string>();
    if (knownGroups.size !== groupIds.length) errors.groups = [userMessages.choiceMissing];
    else if (ungrantable(actor, (await repo.grantedCodes(db, groupIds, [])).codes, held).length > 0) {
      errors.groups = [userMessages.grantBeyondOwn];
    }
    const direct = await repo.grantedCodes(db, [], permissionIds);
    if (direct.missingPermission) errors.user_permissions = [userMessages.choiceMissing];
    else if (ungrantable(actor, direct.codes, held).length > 0) {
      errors.user_permissions = [userMessages.grantBeyondOwn];
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    return { groupIds, permissionIds };
  }

  function translateWriteError(err: unknown): never {
    if (uniqueViolation(err) === 'users_email_key') throw fieldErrors({ email: [userMessages.emailTaken] });
    throw err;
  }

  /** Inside the transaction of a change: it may not leave the office without an active administrator. */
  async function keepAnAdministrator(tx: Transaction) {
    if ((await repo.countActiveAdministrators(tx)) === 0) throw conflict(userMessages.lastAdministrator);
  }

  const answer = async (id: number) => ({ data: { data: (await repo.findUser(db, id))! } });

  /** Inside a versioned update: another region's user is 404, as if it did not exist. */
  const inScope = (actor: AuthUser) => (user: User) => {
    if (!isInRegionScope(actor, user.region)) throw notFound();
  };

  /**
   * One versioned change of an account, under the administrators' lock (the same order as delete): another region's
   * account is 404, and one holding more than the actor is refused, both on the locked row.
   */
  async function changeAccount(
    tx: Transaction,
    actor: AuthUser,
    target: { id: number; version?: number | undefined },
    change: Pick<VersionedUpdate<User>, 'write' | 'audit'>,
  ) {
    await repo.lockAdministrators(tx);
    return updateVersioned<User>(tx, {
      target: userTable,
      id: target.id,
      expectedVersion: target.version,
      read: (reader) => repo.findUser(reader, target.id),
      guard: inScope(actor),
      write: async (writer, current) => {
        await assertMayActOn(writer, actor, current);
        return change.write(writer, current);
      },
      audit: change.audit,
    });
  }

  return {
    list: (actor: AuthUser, query: UserListQuery, currentUrl: string) =>
      repo.listUsers(db, query, currentUrl, scopeOf(actor), caches),

    /** Every user the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: UserListQuery) => repo.streamUsers(db, query, scopeOf(actor)),

    count: (actor: AuthUser, query: UserListQuery) => repo.countUsers(db, query, scopeOf(actor), caches),

    read: (actor: AuthUser, id: number) => visible(actor, id),

    async create(actor: AuthUser, input: UserCreate) {
      const { groupIds, permissionIds } = await check(db, actor, input, null);
      const passwordHash = await hashPassword(input.password);
      const id = await db
        .transaction(async (tx) => {
          const userId = await repo.insertUser(tx, { ...userColumns(input), passwordHash });
          await repo.setUserGroups(tx, userId, groupIds);
          await repo.setUserPermissions(tx, userId, permissionIds);
          const created = (await repo.findUser(tx, userId))!;
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'create',
            resource: 'user',
            recordId: userId,
            after: snapshot(created),
          });
          return userId;
        })
        .catch(translateWriteError);
      return answer(id);
    },

    /** Refused with 409 when `version` is not the account's (someone saved it since); 404 when it is gone. */
    async update(actor: AuthUser, input: UserUpdate) {
      // Hashing is slow: done before the transaction, and only for an account the actor may see.
      await visible(actor, input.id);
      // Anyone else sends the reset mail: a password set by an editor would let them sign in as that person.
      if (input.password && !isTopAdministrator(actor)) {
        throw new HttpError(403, { detail: userMessages.passwordSetByAdministrator });
      }
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const saved = await db
        .transaction(async (tx) => {
          const { before, after } = await changeAccount(tx, actor, input, {
            write: async (writer, current) => {
              if (current.is_active !== input.is_active && !actor.permissions.has('activate_user')) {
                throw authErrors.permissionDenied();
              }
              if (current.is_active && !input.is_active && current.id === actor.id) {
                throw conflict(userMessages.cannotDeactivateSelf);
              }
              const { groupIds, permissionIds } = await check(writer, actor, input, current);
              const same = (a: readonly number[], b: readonly number[]) =>
                a.length === b.length && [...a].sort().join() === [...b].sort().join();
              const rightsChange = !same(groupIds, current.groups) || !same(permissionIds, current.user_permissions);
              const guarded =
                rightsChange ||
                passwordHash !== undefined ||
                input.email.toLowerCase() !== current.email.toLowerCase() ||
                input.is_active !== current.is_active;
              if (current.id !== actor.id && guarded) await factors.requireStepUp(actor, writer, 'everyone');
              else if (rightsChange) await factors.requireStepUp(actor, writer, 'factor');
              const columns = { ...userColumns(input), ...(passwordHash ? { passwordHash } : {}) };
              await repo.updateUser(writer, current.id, columns);
              await repo.setUserGroups(writer, current.id, groupIds);
              await repo.setUserPermissions(writer, current.id, permissionIds);
              // A group that requires a second factor the account lacks: its sessions end, the next sign-in enrols.
              if (rightsChange) await factors.endSessionsLackingFactor(writer, current.id);
            },
            audit: { actor: auditActor(actor), action: 'update', resource: 'user', snapshot },
          });
          const deactivating = before.is_active && !after.is_active;
          if (passwordHash) {
            await recordAudit(tx, {
              actor: auditActor(actor),
              action: 'set_password',
              resource: 'user',
              recordId: before.id,
            });
          }
          // A new password or a deactivation ends the account's sessions (but not the editor's own request).
          if (deactivating) await revokeUserSessions(tx, before.id, 'deactivated');
          else if (passwordHash && before.id === actor.id) {
            await revokeOtherSessions(tx, before.id, actor.sessionId, 'password_change');
          } else if (passwordHash) await revokeUserSessions(tx, before.id, 'password_change');
          await keepAnAdministrator(tx);
          return after;
        })
        .catch(translateWriteError);
      return { data: { data: saved } };
    },

    /** Activate or deactivate; a deactivated account's sessions end at once, and with them its tokens. */
    async changeStatus(actor: AuthUser, input: { id: number; is_active: boolean; version?: number | undefined }) {
      const saved = await db.transaction(async (tx) => {
        const { before, after } = await changeAccount(tx, actor, input, {
          write: async (writer, current) => {
            if (!input.is_active && current.id === actor.id) throw conflict(userMessages.cannotDeactivateSelf);
            if (current.is_active === input.is_active) return false;
            if (current.id !== actor.id) await factors.requireStepUp(actor, writer, 'everyone');
            await writer.update(users).set({ isActive: input.is_active }).where(eq(users.id, current.id));
          },
          audit: {
            actor: auditActor(actor),
            action: input.is_active ? 'activate' : 'deactivate',
            resource: 'user',
            snapshot: (user) => ({ is_active: user.is_active }),
          },
        });
        if (before.is_active && !after.is_active) await revokeUserSessions(tx, before.id, 'deactivated');
        await keepAnAdministrator(tx);
        return after;
      });
      return { data: { data: saved } };
    },

    /** All or nothing: every id must be a user the actor sees, never the actor, never the last administrator. */
    async deleteMany(actor: AuthUser, pkList: readonly number[]): Promise<DeleteMultipleResponse> {
      const ids = uniqueIds(pkList);
      if (ids.includes(actor.id)) throw conflict(userMessages.cannotDeleteSelf);
      const found = await repo.findUsers(db, ids, scopeOf(actor));
      if (found.length !== ids.length) throw notFound();
      await db.transaction(async (tx) => {
        await repo.lockAdministrators(tx);
        await lockRows(tx, userTable, ids);
        // Read again under the lock: what this delete removes, updates committed meanwhile included.
        const current = await repo.findUsers(tx, ids, scopeOf(actor));
        if (current.length !== ids.length) throw notFound();
        for (const user of current) await assertMayActOn(tx, actor, user);
        await factors.requireStepUp(actor, tx, 'everyone');
        const held = await repo.countFnHoldings(tx, ids);
        if (held > 0) throw conflict(userMessages.holdsFnRecords(held));
        await repo.deleteUsers(tx, ids);
        for (const user of current) {
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'delete',
            resource: 'user',
            recordId: user.id,
            before: snapshot(user),
          });
        }
        await keepAnAdministrator(tx);
      });
      return { pkList: ids };
    },

    /**
     * Ends every session of an account (a dismissal, a stolen device): each is signed out at its next request, in
     * every process.
     */
    async endSessions(actor: AuthUser, id: number): Promise<void> {
      const target = await visible(actor, id);
      await db.transaction(async (tx) => {
        await assertMayActOn(tx, actor, target);
        if (target.id !== actor.id) await factors.requireStepUp(actor, tx, 'everyone');
        await revokeUserSessions(tx, target.id, 'ended_by_admin');
      });
      await recordAuditEvent(db, {
        actor: auditActor(actor),
        action: 'sign_out',
        result: 'success',
        resource: 'user',
        recordId: target.id,
        objectName: target.email,
        detail: { all_sessions: true },
      });
    },

    /**
     * Resets an account's second factor (removed, its sessions ended, the person told). The actor needs a factor of
     * their own: a session that holds a password alone cannot strip someone else's.
     */
    async resetSecondFactor(actor: AuthUser, id: number): Promise<void> {
      const target = await visible(actor, id);
      await assertMayActOn(db, actor, target);
      if (!(await factors.hasFactor(actor.id))) throw new HttpError(403, { detail: mfaMessages.ownFactorFirst });
      await factors.requireStepUp(actor, db, 'everyone');
      await factors.reset(auditActor(actor), { id: target.id, email: target.email });
    },

    /** The account a reset link may be sent to: one the actor sees and whose permissions the actor holds. */
    async resetTarget(actor: AuthUser, id: number): Promise<User> {
      const user = await visible(actor, id);
      await assertMayActOn(db, actor, user);
      return user;
    },

    /** Active operators (role F) the actor may see, optionally of one region. */
    async operators(actor: AuthUser, region: number | undefined): Promise<{ data: Operator[] }> {
      const byRegion = region === undefined ? undefined : eq(users.regionId, region);
      return { data: await repo.listOperators(db, [scopeOf(actor), byRegion]) };
    },

    /** Active inspectors (role C) the actor may see, optionally of one region: whom forms are shared to. */
    async inspectors(actor: AuthUser, region: number | undefined): Promise<{ data: Operator[] }> {
      const byRegion = region === undefined ? undefined : eq(users.regionId, region);
      return { data: await repo.listOperators(db, [scopeOf(actor), byRegion], 'inspector') };
    },
  };
}
