import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../demo/data';
import { fnKit } from '../features/fn/fn-test-kit';
import { createTestApp, solveCaptcha, type TestApp } from '../test/test-app';

/**
 * Prometheus metrics (issue 26): served behind METRICS_TOKEN on the app's port or on METRICS_ADDRESS, never in the
 * open; a scrape shows the request histogram moving, sign-ins by result, forms issued, payments by status, mails,
 * the change feed and (on PostgreSQL) the pool, and the process's own metrics.
 */

const token = 'scrape-token-0123456789abcdef';

/** The value of one sample of an exposition (`name{labels} value`); undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  let t: TestApp;
  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { METRICS_TOKEN: token, METRICS_ADDRESS: '127.0.0.1:0' } });
  });
  afterAll(async () => t?.close());

  it('is not public: the token on the app port, or the address of its own', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcd', `Basic ${token}`]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
    const own = await fetch(`http://127.0.0.1:${t.app.metrics.address!.port}/metrics`);
    expect(own.status).toBe(200);
    expect(await own.text()).toContain('# TYPE http_request_duration_seconds histogram');
    expect((await fetch(`http://127.0.0.1:${t.app.metrics.address!.port}/other`)).status).toBe(404);

    const plain = await createTestApp();
    expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    expect(plain.app.metrics.address).toBeNull();
    await plain.close();
  });

  it('moves the request histogram by route template and status, and counts sign-ins by result', async () => {
    const k = await fnKit(t);
    const labels = { method: 'GET', route: '/api/fn/batches/:id/', status_code: '200' };
    const before = await scrape();
    const batch = await k.createBatch({ series: 'MTZ', finish_number: '000040' });
    for (let i = 0; i < 3; i += 1) await k.request('GET', `/api/fn/batches/${batch.id}/`, k.as.central);
    const signIn = async (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'cashier@demo.az', password, gtoken: await solveCaptcha(t.app) },
      });
    expect((await signIn(demoPassword)).statusCode).toBe(200);
    expect((await signIn('wrong-password-1')).statusCode).toBe(401);
    const after = await scrape();

    const count = (text: string) => sample(text, 'http_request_duration_seconds_count', labels) ?? 0;
    expect(count(after) - count(before)).toBe(3);
    const inBuckets = sample(after, 'http_request_duration_seconds_bucket', { ...labels, le: '+Inf' });
    expect(inBuckets).toBe(count(after));
    expect(sample(after, 'http_request_duration_seconds_sum', labels)).toBeGreaterThan(0);
    const signIns = (text: string, result: string) => sample(text, 'sign_ins_total', { result }) ?? 0;
    expect(signIns(after, 'success') - signIns(before, 'success')).toBe(1);
    expect(signIns(after, 'failure') - signIns(before, 'failure')).toBe(1);
    expect((sample(after, 'forms_issued_total') ?? 0) - (sample(before, 'forms_issued_total') ?? 0)).toBe(40);
    // The scrape itself is measured, and in flight while it is taken.
    expect(sample(after, 'http_requests_in_flight')).toBe(1);
  });

  it('reports payments by status, mails, the change feed, the pool on PostgreSQL, and the process', async () => {
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/forgot-password/',
      payload: { email: 'admin@demo.az' },
    });
    expect(forgot.statusCode, forgot.body).toBe(200);
    await t.app.mailer.drain();
    const text = await scrape();
    for (const status of ['under_review', 'awaiting_payment', 'paid', 'cancelled'])
      expect(sample(text, 'payments', { status }), status).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'payments', { status: 'paid' })).toBeGreaterThan(0);
    expect(sample(text, 'mails_total', { result: 'sent' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'change_feed_live')).toBe(1);
    expect(sample(text, 'change_feed_reconnects')).toBe(0);
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'db_pool_connections', { state: 'in_use' })).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'db_pool_connections', { state: 'waiting' })).toBe(0);
    } else expect(sample(text, 'db_pool_connections', { state: 'idle' })).toBeUndefined();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});
