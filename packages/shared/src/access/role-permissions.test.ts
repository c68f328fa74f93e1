import { describe, expect, it } from 'vitest';
import { appRoutes } from '../navigation/app-routes';
import { hasPermissions } from './permissions';
import { rolePermissions } from './role-permissions';
import { roles, type RoleLetter } from './roles';

const all: RoleLetter[] = ['A', 'B', 'C', 'D', 'E', 'F'];

/**
 * Spec section 6 as settled by decisions.md section 2, written out independently of the route table:
 * user-profile for every signed-in user, general-fn for A-F in menu and route alike.
 */
const specMatrix: Record<string, readonly RoleLetter[]> = {
  'sample-page': all,
  'user-profile': all,
  'new-fn': ['A', 'B', 'F'],
  'new-fn-create': ['A', 'B'],
  'new-fn-edit': ['A', 'B'],
  'active-fn': ['A', 'B', 'F', 'E'],
  'bus-routes': ['A', 'B', 'F', 'E', 'D'],
  'bus-routes-create': ['A', 'F', 'E', 'D'],
  'bus-routes-edit': ['A', 'F', 'E', 'D'],
  'fn-payment': ['A', 'D', 'B', 'F', 'E'],
  'paid-fn': ['A', 'D', 'B', 'F', 'E'],
  'check-fn': all,
  'general-fn': all,
  'report-form': ['A', 'E', 'B', 'F'],
  'general-report': ['A', 'E', 'B', 'F'],
  'fn-reconciliation': ['A', 'E', 'B', 'F'],
  'online-payment': ['A', 'E', 'D', 'F'],
  'online-carrier': ['A', 'E', 'D'],
  // Issue 48: bank statements are the administrators' and the central office's.
  'bank-statements': ['A', 'B'],
};

/** Every other screen is the administrator's alone. */
const allowedBySpec = (key: string): readonly RoleLetter[] => specMatrix[key] ?? ['A'];

describe('route matrix and role permissions agree', () => {
  it('gives each role exactly the screens the route table allows it', () => {
    for (const route of appRoutes) {
      for (const role of roles) {
        const byTable = route.roles === 'all' || route.roles.includes(role.letter);
        const byPermissions = hasPermissions(rolePermissions[role.code], route.permissions);
        expect(byPermissions, `${role.letter} ${route.key}`).toBe(byTable);
      }
    }
  });

  it('is spec section 6 as decisions.md settles it', () => {
    for (const route of appRoutes) {
      const expected = new Set(allowedBySpec(route.key));
      for (const role of roles) {
        const allowed = hasPermissions(rolePermissions[role.code], route.permissions);
        expect(allowed, `${role.letter} ${route.key}`).toBe(expected.has(role.letter));
      }
    }
    for (const key of Object.keys(specMatrix)) expect(appRoutes.map((r) => r.key)).toContain(key);
  });

  it('keeps the administrator holding every permission and the others only what their screens need', () => {
    expect(new Set(rolePermissions.admin).size).toBe(rolePermissions.admin.length);
    for (const role of roles.filter((r) => r.code !== 'admin')) {
      for (const code of rolePermissions[role.code]) {
        const needed = appRoutes.some(
          (r) => r.roles !== 'all' && r.roles.includes(role.letter) && r.permissions.includes(code),
        );
        expect(needed, `${role.code} ${code}`).toBe(true);
      }
    }
  });
});
