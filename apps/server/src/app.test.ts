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

  it('serves the SPA with history fallback for deep links', async () => {
    for (const url of ['/', '/signin', '/app/users', '/app/user-edit/3', '/no/such/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
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
