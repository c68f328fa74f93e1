import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app';

describe('app foundation', () => {
  let t: TestApp;
  const webDist = mkdtempSync(path.join(tmpdir(), 'dnx-web-'));

  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>DNX</title><div id="root"></div>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'main-abc123.js'), 'console.log(1)');
    t = await createTestApp({
      webDist,
      extend: (app) =>
        app.get('/api/test-crash/', { config: { access: 'public' }, schema: { hide: true } }, async () => {
          throw new Error('secret internal detail');
        }),
    });
  });
  afterAll(() => t.close());

  it('answers health after a real database round trip', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('accepts the path without its trailing slash too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });

  it('hides server errors behind a DRF detail without a stack trace', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test-crash/' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ detail: 'A server error occurred.' });
    expect(res.body).not.toContain('secret internal detail');
  });

  it('answers a malformed JSON body with 400 detail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/health/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken"',
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('detail');
  });

  it('serves the OpenAPI 3.1 document and the interactive page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    expect(Object.keys(doc.json().paths)).toContain('/api/health/');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('sends security headers with a content security policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves the SPA with history fallback for its own pages, ids and public pages included', async () => {
    for (const url of [
      '/',
      '/signin',
      '/forget-password',
      '/reset-password/eyJh.eyJz.c2ln',
      '/verify/AB12CD34',
      '/reminders/opt-out/abc123',
      '/online',
      '/online/status?code=X',
      '/app',
      '/app/users',
      '/app/user-edit/3',
      '/app/carrier-form/new',
      '/app/transport-types-edit/4?resource=special-transport-types',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404 for what is not the app’s: /metrics without its token, the API, well-known and missing files', async () => {
    // A Prometheus pointed at /metrics reads "not here", not a page it cannot parse (issue 44).
    for (const url of [
      '/metrics',
      '/api',
      '/.well-known/security.txt',
      '/robots.txt',
      '/assets/missing-abc.js',
      '/app/users.json',
      '/no/such/page',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/plain;version=0.0.4,*/*;q=0.1' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.json(), url).toEqual({ detail: 'Not found.' });
    }
    for (const url of ['/metrics', '/.well-known/security.txt', '/favicon.ico', '/api/nothing/']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
  });

  it('answers a person’s browser at an unknown page 404, with the app that shows its not-found page', async () => {
    for (const url of ['/no/such/page', '/app/no-such-screen', '/app/users/5']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets with a long cache lifetime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers 503 when the database is down', async () => {
    const other = await createTestApp();
    await other.database.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', db: 'error' });
    await other.app.close();
  });
});
