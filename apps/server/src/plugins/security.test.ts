import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { strictTransportSecurity } from './security';

const concrete = (url: string) => url.replace(/:[^/]+/g, '1').replace(/\*$/, '');

describe('security headers', () => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
    await proxied.close();
  });

  it("forbids framing in both headers and any <base>: X-Frame-Options DENY, frame-ancestors and base-uri 'none'", async () => {
    for (const url of ['/api/health/', '/signin']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("base-uri 'none'");
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('sends HSTS only on an answer over HTTPS, and reads HTTPS from a proxy only with TRUST_PROXY', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    const viaProxy = await proxied.app.inject({
      method: 'GET',
      url: '/api/health/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe(strictTransportSecurity);
  });

  it('marks every /api answer no-store: each route signed out and signed in, errors, unknown and undecodable paths', async () => {
    const admin = await signInAs(t, 'admin@demo.az');
    const missing: string[] = [];
    for (const route of t.app.routeAccess) {
      for (const headers of [{}, admin.headers]) {
        // Logout would end the admin's session for the calls after it.
        if (route.url === '/api/user/logout/' && 'authorization' in headers) continue;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.headers['cache-control'] !== 'no-store') missing.push(`${route.method} ${route.url} ${res.statusCode}`);
      }
    }
    for (const url of ['/api/no-such-thing/', '/api/regions/%FF/', '/api/regions/?page=0', '/api/openapi.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin.headers });
      if (res.headers['cache-control'] !== 'no-store') missing.push(`GET ${url} ${res.statusCode}`);
    }
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(badJson.statusCode).toBe(400);
    if (badJson.headers['cache-control'] !== 'no-store') missing.push('POST /api/token/ malformed');
    expect(missing).toEqual([]);
    expect(t.app.routeAccess.length).toBeGreaterThan(50);
  });

  it('leaves the pages of the app to their own caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/signin' });
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
