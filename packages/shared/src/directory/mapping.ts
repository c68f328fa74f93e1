import type { RoleLetter } from '../access/roles';
import type { DirectoryMapping } from './schemas';

/** The value at a dot path of the claims (`realm_access.roles`); a key with a dot in it is tried whole first. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  if (path in claims) return claims[path];
  let value: unknown = claims;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const strings = (value: unknown): string[] =>
  typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((v) => typeof v === 'string') : [];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** What the claims say, read through the mapping, before any account or group of the database is looked at. */
export interface MappedClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  directoryGroups: string[];
  inRequiredGroups: boolean;
  roles: RoleLetter[];
  groupNames: string[];
  regionName: string | null;
  amr: string[];
  acr: string | null;
}

/** The one reading of a set of claims (the preview and the sign-in both use it). */
export function mapClaims(mapping: DirectoryMapping, claims: Record<string, unknown>): MappedClaims {
  const directoryGroups = [...new Set(strings(claimAt(claims, mapping.groupsClaim)))];
  const has = (group: string) => directoryGroups.includes(group);
  const roles = [...new Set(Object.entries(mapping.roles).flatMap(([group, letter]) => (has(group) ? [letter] : [])))];
  const groupNames = [
    ...new Set(Object.entries(mapping.groups).flatMap(([group, names]) => (has(group) ? names : []))),
  ];
  const claimed = mapping.regionClaim ? text(claimAt(claims, mapping.regionClaim)) : '';
  const byGroup = Object.entries(mapping.regionGroups).find(([group]) => has(group))?.[1] ?? null;
  const email = text(claims.email).toLowerCase();
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  return {
    subject: text(claims.sub),
    email: email || null,
    emailVerified: verified,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    directoryGroups,
    inRequiredGroups: mapping.requiredGroups.length === 0 || mapping.requiredGroups.some(has),
    roles: roles.sort(),
    groupNames,
    regionName: claimed || byGroup,
    amr: strings(claims.amr),
    acr: typeof claims.acr === 'string' ? claims.acr : null,
  };
}

/** Whether the provider asserted a strong sign-in: an `amr` or the `acr` the settings name. */
export function strongSignIn(mapped: Pick<MappedClaims, 'amr' | 'acr'>, strongAmr: string[], strongAcr: string[]) {
  return mapped.amr.some((m) => strongAmr.includes(m)) || (mapped.acr !== null && strongAcr.includes(mapped.acr));
}
