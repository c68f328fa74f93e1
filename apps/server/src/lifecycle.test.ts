import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestApp, testConfig, type TestApp } from './test/test-app';

describe('shutdown', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('drains in-flight requests, then stops without waiting for keep-alive sockets', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started: () => void = () => {};
    const inFlight = new Promise<void>((resolve) => {
      started = resolve;
    });
    t = await createTestApp({
      extend: (app) =>
        app.get('/api/test-slow/', { schema: { hide: true }, config: { access: 'public' } }, async () => {
          started();
          await gate;
          return { done: true };
        }),
    });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });

    const slow = fetch(`${address}/api/test-slow/`);
    await inFlight;
    const closing = t.app.close();
    // Closing waits for the request under way.
    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false);

    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toEqual({ done: true });
    await closing;
    await expect(fetch(`${address}/api/health/`)).rejects.toThrow();
  });

  it('closes the database it opened itself after the last request', async () => {
    const app = await buildApp({ config: testConfig(), seed: 'never' });
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.json()).toEqual({ status: 'ok', db: 'ok' });
    await app.close();
    await expect(app.database.ping()).rejects.toThrow();
  });
});
