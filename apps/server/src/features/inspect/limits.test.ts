import { randomUUID } from 'node:crypto';
import { inspectMessages as m } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The per-person limits of the phone's endpoints (issue 56: any member of staff holds check_fn). */
describe('the limits of the snapshot and the checks', () => {
  let t: TestApp;
  let inspector: SignedIn;
  let central: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { INSPECT_RATE_LIMIT: '3', INSPECT_RATE_WINDOW: '600' } });
    inspector = await signInAs(t, 'inspector@demo.az');
    central = await signInAs(t, 'central@demo.az');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const snapshot = (who: SignedIn) =>
    t.app.inject({ method: 'GET', url: '/api/inspect/snapshot/?since=v1.1.all', headers: who.headers });
  const checks = (who: SignedIn) =>
    t.app.inject({
      method: 'POST',
      url: '/api/inspect/checks/',
      headers: who.headers,
      payload: {
        checks: [
          {
            id: randomUUID(),
            series: 'QQ',
            number: '000001',
            checkedAt: new Date().toISOString(),
            answer: 'unknown',
            source: 'typed',
            snapshotAt: null,
            location: null,
          },
        ],
      },
    });

  it('answers 429 with Retry-After past the limit of a person, counted in the database for every process', async () => {
    for (let i = 0; i < 3; i++) expect((await snapshot(inspector)).statusCode).toBe(200);
    const refused = await snapshot(inspector);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(600);
    expect(refused.json()).toEqual({ detail: m.throttled(wait) });
    // The checks are counted apart, and another person is not held back.
    for (let i = 0; i < 3; i++) expect((await checks(inspector)).statusCode).toBe(200);
    expect((await checks(inspector)).statusCode).toBe(429);
    expect((await snapshot(central)).statusCode).toBe(200);
    // The hits are rows of the database (rate_limit_hits), which every server process on it counts together.
    const rows = await t.database.db.execute(
      sql`select scope, count(*)::int as n from rate_limit_hits where key = ${String(inspector.userId)}
        and scope like 'inspect:%' group by scope order by scope`,
    );
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { scope: 'inspect:checks', n: 3 },
      { scope: 'inspect:snapshot', n: 3 },
    ]);
  });
});
