import { meetsRequirement, permissionCodes, requirementCodes, rolePermissions, roles } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { demoUsers } from '../../demo/data';
import type { RouteAccessEntry } from '../../plugins/auth';
import { signInAs } from '../../test/auth-helpers';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from '../../test/test-app';

/** What this endpoints declare; every other route is covered by the generic loop below. */
const declared: Record<string, RouteAccessEntry['access']> = {
  'GET /api/user/permissions/': { permissions: ['view_group'] },
  'GET /api/user/groups/': { permissions: ['view_group'] },
  'GET /api/user/groups/:id/': { permissions: ['view_group'] },
  'POST /api/user/groups/': { permissions: ['add_group'] },
  'PUT /api/user/groups/:id/': { permissions: ['change_group'] },
  'DELETE /api/user/groups/:id/': { permissions: ['delete_group'] },
  'GET /api/user/users/': { permissions: ['view_user'] },
  'GET /api/user/users/:id/': { permissions: ['view_user'] },
  'GET /api/user/users/operators/': { anyOf: ['view_active_fn', 'view_fnbatch'] },
  'POST /api/user/users/create-account/': { permissions: ['add_user'] },
  'POST /api/user/users/update-account/': { permissions: ['change_user'] },
  'POST /api/user/users/change-account-status/': { permissions: ['activate_user'] },
  'POST /api/user/users/delete-multiple/': { permissions: ['delete_user'] },
  'POST /api/user/user-profile/change-phone/': { permissions: [] },
  'POST /api/user/user-profile/change-password/': { permissions: [] },
};

/** A concrete URL for a route: unknown ids for parameters, so no call finds anything to change. */
const concrete = (url: string) => url.replace(/:\w+/g, '999999').replace(/\*$/, '');

describe('access matrix: every API route as each of the six roles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const call = (route: RouteAccessEntry, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concrete(route.url),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  it('declares the permissions of this issue and only known permission codes', () => {
    const byRoute = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    for (const [route, access] of Object.entries(declared)) expect(byRoute.get(route), route).toEqual(access);
    for (const route of t.app.routeAccess) {
      if (route.access === 'public') continue;
      for (const code of requirementCodes(route.access)) {
        expect(permissionCodes, `${route.url}: ${code}`).toContain(code);
      }
    }
  });

  it('answers 403 exactly when the role lacks what the route declares', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    // A session per role, signed in again only when a call answers 401: some routes (logout, a password change)
    // end the session they are called with, and a fresh session's 401 is a mismatch.
    const sessions = new Map<string, Record<string, string>>();
    const signIn = async (code: string) => {
      const demo = demoUsers.find((u) => u.role === code)!;
      const { headers } = await signInAs(t, demo.email, { steppedUp: true });
      sessions.set(code, headers);
      return headers;
    };
    for (const route of t.app.routeAccess) {
      if (route.access === 'public') continue;
      for (const role of roles) {
        let res = await call(route, sessions.get(role.code) ?? (await signIn(role.code)));
        if (res.statusCode === 401) res = await call(route, await signIn(role.code));
        const allowed = meetsRequirement(rolePermissions[role.code], route.access);
        checked += 1;
        if (res.statusCode === 401 || (res.statusCode === 403) === allowed) {
          mismatches.push(`${role.letter} ${route.method} ${route.url}: ${res.statusCode} (allowed: ${allowed})`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(Object.keys(declared).length * roles.length);
  });

  it('asks for a token on every route that is not public, and never on a public one', async () => {
    for (const route of t.app.routeAccess) {
      const res = await call(route);
      if (route.access === 'public') {
        expect([401, 403], `${route.method} ${route.url}: ${res.statusCode}`).not.toContain(res.statusCode);
      } else {
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
      }
    }
  });

  it('describes every route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([url, ops]) =>
        Object.keys(ops).map((method) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    for (const route of Object.keys(declared)) expect(documented, route).toContain(route);
    expect(doc.paths['/api/user/users/'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'page',
        'per_page',
        'no_page',
        'order',
        'order_by',
        'search',
        'email',
        'id',
        'first_name',
      ]),
    );
    expect(doc.paths['/api/user/users/create-account/'].post.responses['201']).toBeDefined();
  });

  it('refuses to start with a route that declares no access', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database: database.handle, seed: 'never' });
    try {
      expect(() => app.post('/api/user/undeclared/', async () => ({}))).toThrow(/declares no access/);
    } finally {
      await app.close();
      await database.dispose();
    }
  });
});
