import { errorMessages, retryAfterSeconds } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { signInAs } from '../test/auth-helpers';
import { startRelay } from '../test/tcp-relay';
import { createTestApp, testConfig, type TestApp } from '../test/test-app';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';

/**
 * While the database does not answer, every request answers 503 with Retry-After (never a 500), and the server
 * recovers by itself when it is back. On PostgreSQL the outage is real: the app reaches the server through a
 * TCP relay that the test stops and starts again. The embedded PGlite cannot go away and come back; there the
 * database is closed under the running app.
 */

async function expectUnavailable(t: TestApp, headers: Record<string, string>) {
  const answers = await Promise.all([
    t.app.inject({ method: 'GET', url: '/api/regions/?search=Gəncə', headers }),
    t.app.inject({ method: 'GET', url: '/api/drivers/1/', headers }),
    t.app.inject({ method: 'POST', url: '/api/route-companies/', headers, payload: { name: 'Kəsintidə' } }),
  ]);
  for (const res of answers) {
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['retry-after']).toBe(String(retryAfterSeconds));
    expect(res.json()).toEqual({ detail: errorMessages.unavailable });
  }
}

const serverUrl = process.env.DATABASE_URL;

describe(`a database that stops answering (${serverUrl ? 'PostgreSQL behind a relay' : 'embedded PGlite closed'})`, () => {
  it(
    'answers 503 with Retry-After, and recovers by itself when the database is back',
    { timeout: 90_000 },
    async () => {
      if (!serverUrl) {
        const t = await createTestApp({ seed: true });
        const admin = await signInAs(t, 'admin@demo.az');
        await t.database.close();
        await expectUnavailable(t, admin.headers);
        await t.app.close();
        return;
      }
      // A database of its own on the server, reached through the relay.
      const owned = await createThrowawayDatabase(serverUrl, 'dnx_down');
      const relay = await startRelay(new URL(serverUrl));
      const handle = await openDatabase({ url: relay.url(new URL(owned.url).pathname.slice(1)) });
      const config = testConfig({ LOG_LEVEL: 'info' });
      const logLines: string[] = [];
      const logStream = { write: (line: string) => void logLines.push(line) };
      const app = await buildApp({ config, database: handle, seed: 'always', logStream });
      await app.ready();
      const t = { app, database: handle } as unknown as TestApp;
      try {
        const admin = await signInAs(t, 'admin@demo.az');
        expect((await app.inject({ method: 'GET', url: '/api/regions/', headers: admin.headers })).statusCode).toBe(
          200,
        );
        await relay.stop();
        await expectUnavailable(t, admin.headers);
        for (let probe = 0; probe < 3; probe += 1) {
          const health = await app.inject({ method: 'GET', url: '/api/health/' });
          expect(health.statusCode).toBe(503);
          expect(health.headers['retry-after']).toBe(String(retryAfterSeconds));
        }
        await relay.start();
        // Back: the pool makes new connections, and the change feed listens again, without a restart.
        let status = 0;
        for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
          status = (await app.inject({ method: 'GET', url: '/api/regions/', headers: admin.headers })).statusCode;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(status).toBe(200);
        expect((await app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
        // The outage in the log: once when it began (warn), once when it ended (info), never at error level.
        const outage = logLines
          .map((line) => JSON.parse(line) as { level: number; check?: string; msg: string })
          .filter((line) => line.check === 'database');
        expect(outage.map((line) => line.level)).toEqual([40, 30]);
        expect(outage[1]!.msg).toContain('outage over');
        const created = await app.inject({
          method: 'POST',
          url: '/api/route-companies/',
          headers: admin.headers,
          payload: { name: 'Bərpadan sonra' },
        });
        expect(created.statusCode, created.body).toBe(201);
      } finally {
        await app.close();
        await handle.close();
        await relay.stop().catch(() => undefined);
        await owned.drop();
      }
    },
  );
});
