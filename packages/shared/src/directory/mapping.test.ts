import { describe, expect, it } from 'vitest';
import { claimAt, mapClaims, strongSignIn } from './mapping';
import { directoryMappingSchema } from './schemas';

const mapping = directoryMappingSchema.parse({
  groupsClaim: 'realm_access.roles',
  roles: { 'dnx-cashiers': 'D', 'dnx-admins': 'A' },
  groups: { 'dnx-cashiers': ['Kassa'] },
  regionClaim: 'region',
  regionGroups: { 'baku-office': 'Bakı' },
  requiredGroups: ['dnx-cashiers', 'dnx-admins'],
});

describe('the directory mapping', () => {
  it('reads a dot path, and a key that has a dot in it whole', () => {
    expect(claimAt({ a: { b: ['x'] } }, 'a.b')).toEqual(['x']);
    expect(claimAt({ 'a.b': 1, a: { b: 2 } }, 'a.b')).toBe(1);
    expect(claimAt({ a: 'text' }, 'a.b')).toBeUndefined();
  });

  it('gives roles, groups and the region of the claims, and the required groups', () => {
    const mapped = mapClaims(mapping, {
      sub: 'u1',
      email: 'Leyla@Agency.AZ',
      email_verified: true,
      realm_access: { roles: ['dnx-cashiers', 'other', 'baku-office'] },
      amr: ['pwd', 'otp'],
    });
    expect(mapped).toMatchObject({
      subject: 'u1',
      email: 'leyla@agency.az',
      emailVerified: true,
      roles: ['D'],
      groupNames: ['Kassa'],
      regionName: 'Bakı',
      inRequiredGroups: true,
    });
    expect(strongSignIn(mapped, ['mfa', 'otp'], [])).toBe(true);
    expect(strongSignIn({ amr: ['pwd'], acr: 'gold' }, ['mfa'], ['gold'])).toBe(true);
    expect(strongSignIn({ amr: ['pwd'], acr: null }, ['mfa'], ['gold'])).toBe(false);
  });

  it('refuses a person outside the required groups; the claimed region wins over a group', () => {
    const mapped = mapClaims(mapping, { sub: 'u2', region: 'Gəncə', realm_access: { roles: 'baku-office' } });
    expect(mapped.inRequiredGroups).toBe(false);
    expect(mapped.regionName).toBe('Gəncə');
    expect(mapped.emailVerified).toBe(false);
  });
});
