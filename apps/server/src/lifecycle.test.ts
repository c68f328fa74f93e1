import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { createTestApp, testConfig, type TestApp } from './test/test-app';

/** A raw HTTP/1.1 keep-alive client: what it sent, what came back, and whether the socket was reset. */
function keepAliveSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { sent: 0, received: '', reset: false, closed: false };
  socket.on('data', (chunk) => (state.received += chunk.toString()));
  socket.on('error', (err: NodeJS.ErrnoException) => (state.reset ||= err.code === 'ECONNRESET'));
  socket.on('close', () => (state.closed = true));
  return {
    state,
    send(path: string) {
      state.sent += 1;
      socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n`);
    },
    /** Status lines and Connection headers of the answers, in order. */
    answers: () =>
      [...state.received.matchAll(/HTTP\/1\.1 (\d{3})[\s\S]*?\r\nconnection: ([\w-]+)/gi)].map(
        (m) => `${m[1]} ${m[2]}`,
      ),
    waitForAnswers: async (count: number) => {
      for (let i = 0; i < 100 && (state.received.match(/HTTP\/1\.1 \d{3} /g)?.length ?? 0) < count; i += 1) {
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

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

  it('answers every request sent on a keep-alive socket while it drains, with Connection: close, none reset', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    t = await createTestApp({
      extend: (app) =>
        app.get('/api/test-slow/', { schema: { hide: true }, config: { access: 'public' } }, async () => {
          await gate;
          return { done: true };
        }),
    });
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    const busy = keepAliveSocket(port);
    const idleNow = keepAliveSocket(port);
    const idleLater = keepAliveSocket(port);
    busy.send('/api/test-slow/');
    for (const idle of [idleNow, idleLater]) {
      idle.send('/api/health/');
      await idle.waitForAnswers(1);
    }

    const closing = t.app.close();
    // The moment the drain begins, and a little later, on sockets idle or busy.
    idleNow.send('/api/health/');
    busy.send('/api/health/');
    await new Promise((r) => setTimeout(r, 100));
    idleLater.send('/api/health/');
    await idleLater.waitForAnswers(2);
    release();
    await closing;
    await busy.waitForAnswers(2);

    for (const [name, client] of Object.entries({ busy, idleNow, idleLater })) {
      expect(client.state.reset, name).toBe(false);
      expect(client.answers(), name).toHaveLength(client.state.sent);
    }
    expect(idleNow.answers()).toEqual(['200 keep-alive', '503 close']);
    expect(idleLater.answers()).toEqual(['200 keep-alive', '503 close']);
    // The answer under way keeps the socket for the one queued behind it, which closes it.
    expect(busy.answers()).toEqual(['200 keep-alive', '503 close']);
    expect(idleNow.state.received).toContain('"detail"');
    // Stopped: no new connection is taken.
    await expect(fetch(`http://127.0.0.1:${port}/api/health/`)).rejects.toThrow();
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
