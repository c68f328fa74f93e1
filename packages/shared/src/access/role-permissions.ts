import { allRoutePermissions, appRoutes } from '../navigation/app-routes';
import { permissionCodes, type PermissionCode } from './permissions';
import { roles, type RoleCode, type RoleLetter } from './roles';

/**
 * What each seeded role group holds. The top administrator holds every permission; every other role holds
 * exactly the permissions its screens of the route matrix require (whatever they open), so the matrix is the
 * single source.
 */
export function permissionsOfRole(letter: RoleLetter): PermissionCode[] {
  if (letter === 'A') return [...permissionCodes];
  const held = new Set<PermissionCode>();
  for (const route of appRoutes) {
    if (route.roles !== 'all' && route.roles.includes(letter)) allRoutePermissions(route).forEach((p) => held.add(p));
  }
  return permissionCodes.filter((code) => held.has(code));
}

export const rolePermissions: Record<RoleCode, PermissionCode[]> = Object.fromEntries(
  roles.map((r) => [r.code, permissionsOfRole(r.letter)]),
) as Record<RoleCode, PermissionCode[]>;
