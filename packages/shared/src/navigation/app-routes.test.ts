import { describe, expect, it } from 'vitest';
import { rolePermissions } from '../access/role-permissions';
import { roles } from '../access/roles';
import { resources } from '../resources/definitions';
import {
  allRoutePermissions,
  appRoutes,
  canOpenRoute,
  findAppRoute,
  newRecordPk,
  routePermissions,
  type AppRoute,
} from './app-routes';

const route = (key: string): AppRoute => findAppRoute(key)!;

describe('screens that serve two resources or two actions', () => {
  it('carrier-form/new asks for add_carrier, carrier-form/{pk} for change_carrier', () => {
    expect(routePermissions(route('carrier-form'), { pk: newRecordPk })).toEqual(['add_carrier']);
    expect(routePermissions(route('carrier-form'), { pk: '5' })).toEqual(['change_carrier']);
    expect(canOpenRoute(['add_carrier', 'view_carrier'], route('carrier-form'), { pk: 'new' })).toBe(true);
    expect(canOpenRoute(['add_carrier', 'view_carrier'], route('carrier-form'), { pk: '5' })).toBe(false);
    expect(canOpenRoute(['change_carrier', 'view_carrier'], route('carrier-form'), { pk: '5' })).toBe(true);
    expect(canOpenRoute(['change_carrier', 'view_carrier'], route('carrier-form'), { pk: 'new' })).toBe(false);
  });

  it('transport-types-edit/{pk}?resource=special-transport-types asks for the special type permission', () => {
    const edit = route('transport-types-edit');
    const special = { pk: '3', resource: 'special-transport-types' };
    expect(routePermissions(edit, special)).toEqual(['change_specialtransporttype']);
    expect(routePermissions(edit, { pk: '3' })).toEqual(['change_transporttype']);
    expect(routePermissions(edit, { pk: '3', resource: 'transport-types' })).toEqual(['change_transporttype']);
    // An unknown resource opens the route's own form (formTargetOf), so it needs the route's own permission.
    expect(routePermissions(edit, { pk: '3', resource: 'regions' })).toEqual(['change_transporttype']);

    const onlySpecial = ['view_specialtransporttype', 'change_specialtransporttype'];
    expect(canOpenRoute(onlySpecial, edit, special)).toBe(true);
    expect(canOpenRoute(onlySpecial, edit, { pk: '3' })).toBe(false);
    const onlyPlain = ['view_transporttype', 'change_transporttype'];
    expect(canOpenRoute(onlyPlain, edit, { pk: '3' })).toBe(true);
    expect(canOpenRoute(onlyPlain, edit, special)).toBe(false);
  });

  it("asks every resource form for what the server's create and update ask: add_ to create, change_ to edit", () => {
    for (const resource of resources) {
      const create = route(resource.routes.create);
      const edit = route(resource.routes.edit);
      // The addresses the list screens link to (resource-routes.ts: createPath, editPath).
      const createTarget = { pk: create.path.includes(':pk') ? newRecordPk : null, resource: resource.key };
      expect(routePermissions(create, createTarget), resource.key).toEqual([`add_${resource.permission}`]);
      expect(routePermissions(edit, { pk: '7', resource: resource.key }), resource.key).toEqual([
        `change_${resource.permission}`,
      ]);
    }
  });

  it('gives a role every permission any target of its screens needs', () => {
    for (const appRoute of appRoutes) {
      for (const role of roles) {
        if (appRoute.roles !== 'all' && !appRoute.roles.includes(role.letter)) continue;
        for (const code of allRoutePermissions(appRoute)) expect(rolePermissions[role.code]).toContain(code);
      }
    }
    expect(allRoutePermissions(route('carrier-form'))).toEqual(['change_carrier', 'add_carrier']);
  });
});

describe('screen titles', () => {
  it('gives every screen a title of its own: the tab is named after it, and no two screens read alike', () => {
    const titles = appRoutes.map((r) => r.title);
    expect(titles.every((t) => t.trim().length > 0)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
