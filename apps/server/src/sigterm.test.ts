import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundleServer } from '../build.mjs';
import { root, startServer } from '../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../scripts/lib/throwaway-database.mjs';

/**
 * The real process on a real signal: requests that reached the server before SIGTERM are all answered (200, or
 * 503 with Connection: close once it drains), none is reset, and the process exits by itself.
 */

interface Answer {
  status: number | null;
  reset: boolean;
}

/** One request on its own keep-alive connection; resolves with its status, or with the reset that ended it. */
function request(port: number, url: string): { written: Promise<void>; answer: Promise<Answer> } {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let reset = false;
  const written = new Promise<void>((resolve) =>
    socket.on('connect', () =>
      socket.write(`GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n`, () => resolve()),
    ),
  );
  const answer = new Promise<Answer>((resolve) => {
    socket.on('data', (chunk) => {
      received += chunk.toString();
      // One answer is all this socket waits for.
      if (/\r\n\r\n/.test(received)) socket.end();
    });
    socket.on('error', (err: NodeJS.ErrnoException) => (reset ||= err.code === 'ECONNRESET' || err.code === 'EPIPE'));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d{3})/.exec(received)?.[1];
      resolve({ status: status ? Number(status) : null, reset });
    });
  });
  return { written, answer };
}

describe(`the server process on SIGTERM (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers every request that reached it, resets none, and exits', { timeout: 120_000 }, async () => {
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
    const bundleDir = mkdtempSync(path.join(root, 'node_modules/.cache/dnx-sigterm-'));
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-sigterm-'));
    const database = process.env.DATABASE_URL
      ? await createThrowawayDatabase(process.env.DATABASE_URL, 'dnx_sigterm')
      : null;
    try {
      await bundleServer(bundleDir, ['server.ts']);
      const server = await startServer({
        env: { DATA_DIR: dataDir, DATABASE_URL: database?.url ?? '', NODE_ENV: 'development', SEED_DEMO: 'never' },
        command: [process.execPath, path.join(bundleDir, 'server.js')],
      });
      const port = Number(new URL(server.baseUrl).port);
      // Forty requests written before the signal, on forty keep-alive connections.
      const requests = Array.from({ length: 40 }, (_, i) =>
        request(port, i % 2 ? '/api/health/' : '/api/captcha/challenge/'),
      );
      await Promise.all(requests.map((r) => r.written));
      const stopped = server.stop();
      const answers = await Promise.all(requests.map((r) => r.answer));
      await stopped;

      expect(answers.filter((a) => a.reset || a.status === null)).toEqual([]);
      expect(answers.every((a) => a.status === 200 || a.status === 503)).toBe(true);
    } finally {
      rmSync(bundleDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  });
});
