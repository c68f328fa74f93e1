import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { demoPassword } from '../demo/data';
import { createTestApp, openTestDatabase, solveCaptcha, testConfig, type TestApp } from '../test/test-app';

async function accessOf(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email, password: demoPassword, gtoken: await solveCaptcha(t.app) },
  });
  return (res.json() as { access: string }).access;
}

describe('access plugin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      extend: (app) => {
        app.get(
          '/api/test-users-only/',
          { config: { access: { permissions: ['view_user'] } }, schema: { hide: true } },
          async (request) => ({
            id: request.user!.id,
            regionId: request.user!.regionId,
            isNational: request.user!.isNational,
            groups: request.user!.groups.map((g) => g.code),
            canViewUsers: request.user!.permissions.has('view_user'),
          }),
        );
        app.get(
          '/api/test-signed-in/',
          { config: { access: { permissions: [] } }, schema: { hide: true } },
          async (request) => ({
            isNational: request.user!.isNational,
          }),
        );
      },
    });
  });
  afterAll(() => t.close());

  it('refuses to start when an /api route declares no access', async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), database: database.handle, seed: 'never' });
    try {
      expect(() => app.get('/api/undeclared/', async () => ({}))).toThrow(/GET \/api\/undeclared\/ declares no access/);
      // Routes outside /api (the web app's) need no declaration.
      expect(() => app.get('/outside/', async () => ({}))).not.toThrow();
    } finally {
      await app.close();
      await database.dispose();
    }
  });

  it('lists the declared access of every API route', async () => {
    const byRoute = new Map(t.app.routeAccess.map((r) => [`${r.method} ${r.url}`, r.access]));
    expect(byRoute.get('GET /api/health/')).toBe('public');
    expect(byRoute.get('GET /api/captcha/challenge/')).toBe('public');
    expect(byRoute.get('POST /api/token/')).toBe('public');
    expect(byRoute.get('POST /api/token/verify/')).toBe('public');
    expect(byRoute.get('POST /api/refresh/')).toBe('public');
    expect(byRoute.get('POST /api/user/users/forgot-password/')).toBe('public');
    expect(byRoute.get('POST /api/user/users/reset-password/')).toBe('public');
    expect(byRoute.get('POST /api/user/current-user/')).toEqual({ permissions: [] });
    expect(byRoute.get('POST /api/user/logout/')).toEqual({ permissions: [] });
    expect(byRoute.get('GET /api/test-users-only/')).toEqual({ permissions: ['view_user'] });
    expect(t.app.routeAccess.some((r) => r.method === 'HEAD')).toBe(false);
    // Everything the OpenAPI document describes is in the list.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [url, operations] of Object.entries(doc.paths as Record<string, Record<string, unknown>>)) {
      for (const method of Object.keys(operations)) {
        // OpenAPI writes path parameters as {id}, the router as :id.
        const route = `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`;
        expect(byRoute.has(route), `${method} ${url}`).toBe(true);
      }
    }
  });

  it('describes every auth endpoint with its body and answers in OpenAPI', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.paths['/api/token/'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/token/'].post.responses['200']).toBeDefined();
    expect(doc.paths['/api/user/users/reset-password/'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/captcha/challenge/'].get.responses['200']).toBeDefined();
    expect(doc.paths['/api/user/current-user/'].post.responses['200']).toBeDefined();
  });

  it('answers 403 with the DRF detail when a permission is missing', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-users-only/',
      headers: { authorization: `Bearer ${await accessOf(t, 'operator@demo.az')}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'You do not have permission to perform this action.' });
  });

  it('puts the user with groups, permissions and region scope on the request', async () => {
    const admin = await t.app.inject({
      method: 'GET',
      url: '/api/test-users-only/',
      headers: { authorization: `Bearer ${await accessOf(t, 'admin@demo.az')}` },
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ isNational: true, groups: ['admin'], canViewUsers: true });
    expect(typeof admin.json().regionId).toBe('number');
    for (const [email, national] of [
      ['central@demo.az', true],
      ['operator@demo.az', false],
      ['inspector@demo.az', false],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/test-signed-in/',
        headers: { authorization: `Bearer ${await accessOf(t, email)}` },
      });
      expect(res.statusCode, email).toBe(200);
      expect(res.json(), email).toEqual({ isNational: national });
    }
  });

  it('checks authentication before reading the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect(res.statusCode).toBe(401);
  });

  it('keeps public routes open', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });
});
