import { userMessages, type User, userCreateSchema, userUpdateSchema } from '@dnx/shared';
import type { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import type { AuditActor, AuditSnapshot } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { ungrantable } from '../../lib/grants';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { isInRegionScope, regionScope } from '../../lib/region-scope';
import { updateVersioned, type VersionedTable, type VersionedUpdate } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './repository';

export type UserCreate = z.output<typeof userCreateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/** The audited fields of a user: what the form edits, never the password. */
export function snapshot(user: User): AuditSnapshot {
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
export function userColumns(input: UserCreate | UserUpdate) {
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

export const userTable: VersionedTable = { table: users, id: users.id, version: users.version };

export const uniqueIds = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** The top administrator (role A): the only one who may act on another A or set someone's password. */
export const isTopAdministrator = (actor: AuthUser) => actor.groups.some((g) => g.code === 'admin');

const strongerAccount = () => new HttpError(403, { detail: userMessages.strongerAccount });

/**
 * Nobody changes, activates, deactivates or deletes an account that can do more than they can: its permissions
 * (groups' and direct) must be a subset of the actor's, and an A account is the top administrator's alone.
 */
export async function assertMayActOn(db: Executor, actor: AuthUser, target: User) {
  if (target.id === actor.id) return;
  const reach = await repo.accountReach(db, target);
  if (reach.isAdministrator && !isTopAdministrator(actor)) throw strongerAccount();
  if ([...reach.codes].some((code) => !actor.permissions.has(code))) throw strongerAccount();
}

/**
 * What the accounts screens ask of the second factor (the second factor's service, given by services.ts): a fresh
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

/** The accounts an actor may see: their region's, or every one. */
export const userScope = (actor: AuthUser) => regionScope(actor, users.regionId);

/** A user the actor may see; another region's answers 404 as if it did not exist. */
export async function visibleUser(db: Executor, actor: AuthUser, id: number): Promise<User> {
  const user = await repo.findUser(db, id);
  if (!user || !isInRegionScope(actor, user.region)) throw notFound();
  return user;
}

/** Field errors of a create or update: address free, region, groups and permissions real and grantable. */
export async function checkUser(db: Executor, actor: AuthUser, input: UserCreate | UserUpdate, existing: User | null) {
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

export function translateWriteError(err: unknown): never {
  if (uniqueViolation(err) === 'users_email_key') throw fieldErrors({ email: [userMessages.emailTaken] });
  throw err;
}

/** Inside the transaction of a change: it may not leave the office without an active administrator. */
export async function keepAnAdministrator(tx: Transaction) {
  if ((await repo.countActiveAdministrators(tx)) === 0) throw conflict(userMessages.lastAdministrator);
}

export const answer = async (db: Executor, id: number) => ({ data: { data: (await repo.findUser(db, id))! } });

/** Inside a versioned update: another region's user is 404, as if it did not exist. */
const inScope = (actor: AuthUser) => (user: User) => {
  if (!isInRegionScope(actor, user.region)) throw notFound();
};

/**
 * One versioned change of an account, under the administrators' lock (the same order as delete): another region's
 * account is 404, and one holding more than the actor is refused, both on the locked row.
 */
export async function changeAccount(
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
