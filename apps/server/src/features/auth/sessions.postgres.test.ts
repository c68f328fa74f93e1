import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createThrowawayDatabase } from '../../../../../scripts/lib/throwaway-database.mjs';
import { demoPassword } from '../../demo/data';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';

/**
 * A session ended in one process is refused at once by another (issue 27): each process keeps the signed-in user
 * in memory, and the change feed of the sessions table drops it everywhere. PostgreSQL only (two processes).
 */
describe('ending sessions across two processes', () => {
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createThrowawayDatabase(
      process.env.DATABASE_URL!,
      'dnx_sessions',
      inject('testDatabaseTemplates').seeded,
    );
    for (let i = 0; i < 2; i += 1) apps.push(await createTestApp({ databaseUrl: database.url }));
  }, 60_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database?.drop();
  });

  it('a user ends a session in one process; the other refuses its token on the next request', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const signIn = async () =>
      (
        await a.app.inject({
          method: 'POST',
          url: '/api/token/',
          payload: { email: 'central@demo.az', password: demoPassword, gtoken: await solveCaptcha(a.app) },
        })
      ).json() as { access: string };
    const phone = await signIn();
    const desk = await signIn();
    const headers = (token: string) => ({ authorization: `Bearer ${token}` });
    // Process b knows (and keeps) the phone's session.
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/user/mfa/', headers: headers(phone.access) })).statusCode,
    ).toBe(200);
    const sessions = (
      await a.app.inject({ method: 'GET', url: '/api/user/sessions/', headers: headers(desk.access) })
    ).json() as {
      id: number;
      current: boolean;
    }[];
    const phoneSession = sessions.find((s) => !s.current)!;
    expect(
      (
        await a.app.inject({
          method: 'DELETE',
          url: `/api/user/sessions/${phoneSession.id}/`,
          headers: headers(desk.access),
        })
      ).statusCode,
    ).toBe(204);
    await expect
      .poll(
        async () =>
          (await b.app.inject({ method: 'GET', url: '/api/user/mfa/', headers: headers(phone.access) })).statusCode,
        {
          timeout: 5_000,
        },
      )
      .toBe(401);
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/user/mfa/', headers: headers(desk.access) })).statusCode,
    ).toBe(200);
  });
});
