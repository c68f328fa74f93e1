import {
  mapClaims,
  roleCodeByLetter,
  type DirectoryProvider,
  type DirectoryRefusal,
  type MappedClaims,
  type RoleLetter,
} from '@dnx/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import * as repo from './repository';

/** The account a directory person is, or would be: linked already, linked now by e-mail, created, or none. */
export interface DirectoryAccount {
  action: 'linked' | 'link' | 'create' | 'none';
  id: number | null;
  email: string | null;
  firstName: string;
  lastName: string;
}

/** Everything a directory person's sign-in would do, decided before anything is written. */
export interface DirectoryDecision {
  issuer: string;
  mapped: MappedClaims;
  refusal: DirectoryRefusal | null;
  account: DirectoryAccount;
  identityId: number | null;
  /** The groups the account has after the sign-in (the mapped ones when access is written, else its own). */
  groups: repo.Group[];
  roles: RoleLetter[];
  region: { id: number; name: string } | null;
  /** Mapped group or region names the database does not have. */
  unknown: string[];
  /** Groups and region are written: a new account, or the provider's sync on. */
  writesAccess: boolean;
}

/** The issuer an LDAP provider's identities are linked under (LDAP has no issuer of its own). */
export const issuerOf = (provider: DirectoryProvider) =>
  provider.type === 'oidc' ? provider.issuer : `ldap:${provider.id}`;

/** Which account, and why none, before any group is looked at. */
async function accountOf(
  db: Executor,
  config: Config,
  provider: DirectoryProvider,
  issuer: string,
  mapped: MappedClaims,
): Promise<{ account: DirectoryAccount; identityId: number | null; refusal: DirectoryRefusal | null }> {
  const named = { email: mapped.email, firstName: mapped.firstName, lastName: mapped.lastName };
  const identity = mapped.subject ? await repo.findIdentity(db, issuer, mapped.subject) : null;
  const existing = identity
    ? await repo.findAccount(db, { id: identity.userId })
    : mapped.email
      ? await repo.findAccount(db, { email: mapped.email })
      : null;
  const { mapping } = provider;
  let account: DirectoryAccount;
  let refusal: DirectoryRefusal | null = null;
  if (existing) {
    account = { action: identity ? 'linked' : 'link', ...existing };
    if (!identity && !(mapping.linkByEmail && mapped.emailVerified)) refusal = 'email_taken';
  } else {
    account = { action: 'create', id: null, ...named };
    if (!mapping.createUsers) refusal = 'no_account';
    else if (!mapped.email) refusal = 'no_email';
  }
  const breakGlass = config.BREAK_GLASS_EMAIL?.toLowerCase();
  if (!refusal && breakGlass && account.email === breakGlass) refusal = 'break_glass';
  if (!refusal && existing && !existing.isActive) refusal = 'inactive';
  if (!mapped.inRequiredGroups) refusal = 'not_in_required_groups';
  if (refusal && account.action === 'create') account = { ...account, action: 'none' };
  return { account, identityId: identity?.id ?? null, refusal };
}

/**
 * The one decision of a directory person's sign-in (issue 59): the account, groups, role letters and region a set
 * of claims gives, or why it is refused. The administrators' preview and every real sign-in and refresh call this
 * and nothing else, so what the preview shows is what a sign-in grants. It reads only.
 */
export async function resolveDirectoryAccount(
  db: Executor,
  config: Config,
  provider: DirectoryProvider,
  claims: Record<string, unknown>,
): Promise<DirectoryDecision> {
  const issuer = issuerOf(provider);
  const mapped = mapClaims(provider.mapping, claims);
  const { account, identityId, refusal } = await accountOf(db, config, provider, issuer, mapped);
  const writesAccess = account.action === 'create' || (account.action !== 'none' && provider.mapping.sync);
  const base = { issuer, mapped, refusal, account, identityId, writesAccess, unknown: [] as string[] };
  if (!writesAccess) {
    const own = account.id === null ? [] : await repo.groupsOfUser(db, account.id);
    const existing = account.id === null ? null : await repo.findAccount(db, { id: account.id });
    return {
      ...base,
      groups: own,
      roles: rolesOf(own),
      region: await repo.regionName(db, existing?.regionId ?? null),
    };
  }
  const codes = mapped.roles.map((letter) => roleCodeByLetter[letter]);
  const found = await repo.findGroups(db, codes, mapped.groupNames);
  const unknown = mapped.groupNames.filter(
    (name) => !found.some((g) => g.name.toLocaleLowerCase('az') === name.toLocaleLowerCase('az')),
  );
  const region = mapped.regionName ? await repo.findRegion(db, mapped.regionName) : null;
  if (mapped.regionName && !region) unknown.push(mapped.regionName);
  return { ...base, unknown, groups: found, roles: rolesOf(found), region };
}

const letterByCode = new Map<string, RoleLetter>(
  Object.entries(roleCodeByLetter).map(([letter, code]) => [code, letter as RoleLetter]),
);
const rolesOf = (groups: repo.Group[]) =>
  groups.flatMap((g) => (g.code && letterByCode.has(g.code) ? [letterByCode.get(g.code)!] : [])).sort();
