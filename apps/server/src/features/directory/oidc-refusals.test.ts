import type { DirectoryMapping } from '@dnx/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions, users } from '../../db/schema';
import { signInAs } from '../../test/auth-helpers';
import { forgeIdToken, providerBrowser } from '../../test/oidc-browser';
import { solveCaptcha } from '../../test/test-app';
import { newSigningKey } from './demo-provider';
import { directoryKit, type DirectoryKit } from './directory-test-kit';

const mapping: Partial<DirectoryMapping> = { roles: { 'dnx-operators': 'F' }, createUsers: true, sync: true };
const people = {
  nurlan: { password: 'pw-nurlan', email: 'nurlan@agency.az', groups: ['dnx-operators'], amr: ['pwd', 'otp'] },
};
const now = () => Math.floor(Date.now() / 1000);

describe('a directory sign-in that does not hold is refused and leaves nothing behind (issue 59)', () => {
  let kit: DirectoryKit;
  // Made before: an RSA key takes long enough to make a token request time out under load.
  let strangerKey: Awaited<ReturnType<typeof newSigningKey>>;
  beforeAll(async () => {
    strangerKey = await newSigningKey();
    kit = await directoryKit({
      users: people,
      mapping,
      env: { LOCAL_PASSWORDS: 'break-glass', BREAK_GLASS_EMAIL: 'admin@demo.az' },
    });
  });
  afterAll(async () => kit.close());

  const db = () => kit.t.database.db;
  const left = async () => ({
    accounts: (await db().select({ n: count() }).from(users).where(eq(users.email, 'nurlan@agency.az')))[0]!.n,
    sessions: (await db().select({ n: count() }).from(sessions))[0]!.n,
  });

  /** The browser's way to the app's callback, not yet given to the app. */
  async function callbackOf() {
    const start = await kit.t.app.inject({ method: 'GET', url: '/api/auth/directory/start/agency/' });
    const back = await providerBrowser('http://localhost').signIn(
      start.headers.location as string,
      'nurlan',
      'pw-nurlan',
    );
    return back.app!;
  }

  it('refuses the provider timing out: the page says unreachable, and the break-glass administrator still signs in', async () => {
    kit.relay.setSilent(true);
    try {
      const start = await kit.t.app.inject({ method: 'GET', url: '/api/auth/directory/start/agency/' });
      expect(start.statusCode).toBe(302);
      const finish = new URL(start.headers.location as string);
      expect(finish.pathname).toBe('/signin/directory');
      expect(finish.searchParams.get('error')).toBe('unreachable');
      const admin = await signInAs(kit.t, 'admin@demo.az');
      const states = await kit.t.app.inject({
        method: 'GET',
        url: '/api/admin/directory/providers/',
        headers: admin.headers,
      });
      expect(states.json()[0]).toMatchObject({
        id: 'agency',
        state: 'error',
        last_error: expect.stringContaining('discovery'),
      });
      const breakGlass = await kit.t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'admin@demo.az', password: 'Demo12345', gtoken: await solveCaptcha(kit.t.app) },
      });
      expect(breakGlass.statusCode, breakGlass.body).toBe(200);
      expect(breakGlass.json()).toHaveProperty('access');
      // Anyone else's own password is off.
      const other = await kit.t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'central@demo.az', password: 'Demo12345', gtoken: await solveCaptcha(kit.t.app) },
      });
      expect(other.statusCode).toBe(401);
      expect(other.json().detail).toMatch(/kataloqu ilə daxil olur/);
    } finally {
      kit.relay.setSilent(false);
    }
  }, 30_000);

  it('refuses a mismatched state, then a replayed code, whether with its own state or a fresh one', async () => {
    const before = await left();
    const callback = new URL(await callbackOf());
    const forged = new URL(callback);
    forged.searchParams.set('state', 'a-state-nobody-issued');
    expect((await kit.finishAt(forged.href)).finish.searchParams.get('error')).toBe('flow');
    expect(await left()).toEqual(before);

    // The real one works once, and its replay is refused.
    expect((await kit.finishAt(callback.href)).answer).toHaveProperty('access');
    const afterFirst = await left();
    expect((await kit.finishAt(callback.href)).finish.searchParams.get('error')).toBe('flow');
    // The used code under the state of a new login: the provider refuses the code (used, and another PKCE verifier).
    const fresh = new URL(await callbackOf());
    fresh.searchParams.set('code', callback.searchParams.get('code')!);
    expect((await kit.finishAt(fresh.href)).finish.searchParams.get('error')).toBe('refused');
    expect(await left()).toEqual(afterFirst);
    await db().delete(users).where(eq(users.email, 'nurlan@agency.az'));
  });

  const forgeries: [string, (idToken: string) => Promise<string>][] = [
    ['a wrong issuer', async (t) => forgeIdToken(t, { iss: 'http://127.0.0.1:9/evil' }, kit.op.keys()[0]!)],
    ['a wrong audience', async (t) => forgeIdToken(t, { aud: 'another-client' }, kit.op.keys()[0]!)],
    ['a wrong nonce', async (t) => forgeIdToken(t, { nonce: 'not-the-nonce' }, kit.op.keys()[0]!)],
    ['an expired token', async (t) => forgeIdToken(t, { iat: now() - 7200, exp: now() - 3600 }, kit.op.keys()[0]!)],
    [
      'a token from the future',
      async (t) => forgeIdToken(t, { iat: now() + 3600, nbf: now() + 3600, exp: now() + 7200 }, kit.op.keys()[0]!),
    ],
    ['a token signed by an unknown key', async (t) => forgeIdToken(t, {}, strangerKey)],
    ['alg: none', async (t) => forgeIdToken(t, {}, 'none')],
  ];
  for (const [what, forge] of forgeries) {
    it(`refuses ${what}`, async () => {
      const before = await left();
      kit.relay.setTamper(forge);
      try {
        const { finish, answer } = await kit.signIn('nurlan');
        expect(answer).toBeNull();
        expect(finish.searchParams.get('error')).toBe('refused');
      } finally {
        kit.relay.setTamper(null);
      }
      expect(await left()).toEqual(before);
      const [last] = await db()
        .select({ action: auditLog.action, result: auditLog.result, detail: auditLog.detail })
        .from(auditLog)
        .orderBy(auditLog.id)
        .limit(1)
        .offset((await db().select({ n: count() }).from(auditLog))[0]!.n - 1);
      expect(last).toMatchObject({ action: 'sign_in', result: 'failure' });
      expect(String((last!.detail as { reason: string }).reason)).toMatch(/^token: /);
    });
  }

  it('refuses a time-out of the code exchange as unreachable, leaving nothing', async () => {
    const before = await left();
    const callback = await callbackOf();
    kit.relay.setSilent(true);
    try {
      expect((await kit.finishAt(callback)).finish.searchParams.get('error')).toBe('unreachable');
    } finally {
      kit.relay.setSilent(false);
    }
    expect(await left()).toEqual(before);
  }, 30_000);
});
