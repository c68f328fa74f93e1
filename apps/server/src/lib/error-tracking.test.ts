import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { DestinationStream } from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';

/**
 * Error tracking (issue 26): with SENTRY_DSN the official SDK reports an unhandled error with its request id, route
 * and user, scrubbed as the log is (no statement parameters); with or without it the error is logged with the
 * request id and counted.
 */

/** A stand-in for Sentry's ingest: keeps the envelopes posted to it. */
async function fakeSentry() {
  const envelopes: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { dsn: `http://publickey@127.0.0.1:${port}/42`, envelopes, close: () => server.close() };
}

/** An app with a route that fails as a broken statement does: its message holds the statement's parameters. */
async function appWithFailingRoute(env: Record<string, string>, logStream?: DestinationStream) {
  return createTestApp({
    env: { LOG_LEVEL: logStream ? 'error' : 'silent', ...env },
    ...(logStream ? { logStream } : {}),
    extend: (app) => {
      app.get('/api/test-boom/', { schema: { hide: true }, config: { access: 'public' } }, async () => {
        throw Object.assign(new Error('Failed query: select $1\nparams: hunter2-secret'), {
          query: 'select $1',
          params: ['hunter2-secret'],
        });
      });
    },
  });
}

describe('error tracking', () => {
  it('reports an unhandled error to Sentry with its request id and route, without the statement parameters', async () => {
    const sentry = await fakeSentry();
    const t = await appWithFailingRoute({ SENTRY_DSN: sentry.dsn });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/test-boom/',
      headers: { 'x-request-id': 'sentry-case-1' },
    });
    expect(res.statusCode).toBe(500);
    expect(res.headers['x-request-id']).toBe('sentry-case-1');
    await t.close(); // flushes what is queued
    sentry.close();
    const sent = sentry.envelopes.join('\n');
    expect(sent).toContain('"request_id":"sentry-case-1"');
    expect(sent).toContain('"route":"/api/test-boom/"');
    expect(sent).toContain('Failed query: select $1');
    expect(sent).not.toContain('hunter2-secret');
  });

  it('without SENTRY_DSN logs the error with its request id and counts it by route', async () => {
    const lines: string[] = [];
    const t = await appWithFailingRoute({}, { write: (line: string) => lines.push(line) });
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/test-boom/',
        headers: { 'x-request-id': `boom-${i}` },
      });
      expect(res.statusCode).toBe(500);
    }
    const logged = lines.map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(logged.filter((line) => line.msg === 'request failed').map((line) => line.reqId)).toEqual([
      'boom-0',
      'boom-1',
    ]);
    expect(lines.join('')).not.toContain('hunter2-secret');
    const metrics = await t.app.metrics.registry.metrics();
    expect(metrics).toContain('http_unhandled_errors_total{route="/api/test-boom/"} 2');
    await t.close();
  });
});
