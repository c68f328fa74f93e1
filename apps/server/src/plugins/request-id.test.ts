import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChain } from '../lib/audit';
import { signInAs, type SignedIn } from '../test/auth-helpers';
import { createTestApp, solveCaptcha, type TestApp } from '../test/test-app';
import { requestIdOf } from './request-id';

/**
 * Request ids (issue 26): a valid X-Request-Id from a proxy or client is kept, anything else replaced by a UUID;
 * every answer names it, every log line of the request carries it with the route (and the user once known), and
 * the audit rows the request writes store it (hash-chained: the rows written before the column keep their hashes).
 */

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let t: TestApp;
  let admin: SignedIn;
  const lines: string[] = [];
  const logStream: DestinationStream = { write: (line: string) => lines.push(line) };
  const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { LOG_LEVEL: 'info' }, logStream });
    admin = await signInAs(t, 'admin@demo.az');
  });
  afterAll(async () => t?.close());

  it('keeps a valid X-Request-Id, replaces an invalid one with a UUID, and answers it on every response', async () => {
    expect(requestIdOf('proxy-7f3e.2:a_b')).toBe('proxy-7f3e.2:a_b');
    for (const bad of [undefined, '', ' spaced id', 'x'.repeat(129), '-leading', 'new\nline', ['a', 'b']])
      expect(requestIdOf(bad)).toMatch(uuid);

    const kept = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-request-id': 'lb-0001' } });
    expect(kept.headers['x-request-id']).toBe('lb-0001');
    const made = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-request-id': 'bad id' } });
    expect(made.headers['x-request-id']).toMatch(uuid);
    // Errors too: a 401, a 404 and a 400 name their request.
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/regions/' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-thing/' }),
      await t.app.inject({ method: 'POST', url: '/api/regions/', headers: admin.headers, payload: {} }),
    ])
      expect(res.headers['x-request-id'], `${res.statusCode}`).toMatch(uuid);
  });

  it("puts the id, the route and the user on every log line of the request, the answer's line included", async () => {
    lines.length = 0;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/regions/?page=1',
      headers: { ...admin.headers, 'x-request-id': 'trace-regions-1' },
    });
    expect(res.statusCode).toBe(200);
    const mine = logged().filter((line) => line.reqId === 'trace-regions-1');
    const completed = mine.find((line) => line.msg === 'request completed');
    expect(completed).toMatchObject({ route: '/api/regions/', userId: admin.userId, res: { statusCode: 200 } });
    expect(mine.find((line) => line.msg === 'incoming request')).toMatchObject({ reqId: 'trace-regions-1' });
    // Health probes (every few seconds from each balancer) are not logged.
    await t.app.inject({ method: 'GET', url: '/api/health/ready/', headers: { 'x-request-id': 'probe-1' } });
    expect(logged().filter((line) => line.reqId === 'probe-1')).toEqual([]);
  });

  it('stores the id on the audit rows the request writes; the chain verifies across rows with and without it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/regions/',
      headers: { ...admin.headers, 'x-request-id': 'support-case-42' },
      payload: { name: 'Sınaq regionu', coefficient: '1.1', status: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    // A sign-in's event row carries it too.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'x-request-id': 'support-case-43' },
      payload: { email: 'admin@demo.az', password: 'wrong-password-1', gtoken: await solveCaptcha(t.app) },
    });
    expect(signIn.statusCode).toBe(401);

    const found = await t.app.inject({
      method: 'GET',
      url: '/api/audit/?request_id=support-case-42',
      headers: admin.headers,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().results).toEqual([
      expect.objectContaining({
        action: 'create',
        resource: 'region',
        object_name: 'Sınaq regionu',
        request_id: 'support-case-42',
      }),
    ]);
    const event = await t.app.inject({
      method: 'GET',
      url: '/api/audit/?request_id=support-case-43',
      headers: admin.headers,
    });
    expect(event.json().results).toEqual([
      expect.objectContaining({ result: 'failure', request_id: 'support-case-43' }),
    ]);
    // The seed's rows (no request) and these (with one) are one intact chain.
    const all = await t.app.inject({ method: 'GET', url: '/api/audit/?page_size=100', headers: admin.headers });
    const ids = (all.json().results as { request_id: string | null }[]).map((row) => row.request_id);
    expect(ids).toContain(null);
    expect(await auditChain.verify(t.database.db)).toMatchObject({ ok: true, first_broken_id: null });
  });
});
