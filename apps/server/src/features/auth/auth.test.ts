import { authApiMessages, authMessages } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { readEnv } from '../../config';
import { rateLimitHits, refreshTokens, sessions, userPermissions, permissions, users } from '../../db/schema';
import { demoPassword } from '../../demo/data';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

const invalidToken = { detail: 'Token is invalid or expired', code: 'token_not_valid' };
const blacklisted = { detail: 'Token is blacklisted', code: 'token_not_valid' };
const notValidForAnyType = (message: string) => ({
  detail: 'Given token not valid for any token type',
  code: 'token_not_valid',
  messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
});

async function signIn(t: TestApp, email: string, password = demoPassword) {
  return t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email, password, gtoken: await solveCaptcha(t.app) },
  });
}

async function tokensOf(t: TestApp, email: string) {
  const res = await signIn(t, email);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { access: string; refresh: string };
}

const verify = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token } });
const refresh = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/refresh/', payload: { refresh: token } });
const currentUser = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/user/current-user/', headers });

describe('sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Limits are tested on their own; here many failures come from one address.
    t = await createTestApp({ seed: true, env: { LOGIN_RATE_LIMIT: '1000', LOGIN_ADDRESS_RATE_LIMIT: '1000' } });
  });
  afterAll(() => t.close());

  it('gives an access and a refresh token for the right password', async () => {
    const res = await signIn(t, 'admin@demo.az');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    const claims = JSON.parse(Buffer.from(body.access.split('.')[1], 'base64url').toString());
    expect(claims.token_type).toBe('access');
    expect(claims.exp - claims.iat).toBe(300);
    expect(typeof claims.jti).toBe('string');
    const header = JSON.parse(Buffer.from(body.access.split('.')[0], 'base64url').toString());
    expect(header.alg).toBe('HS256');
  });

  it('accepts the e-mail in any letter case', async () => {
    const res = await signIn(t, 'Admin@Demo.AZ');
    expect(res.statusCode).toBe(200);
  });

  it('answers wrong e-mail, wrong password and inactive user alike', async () => {
    await t.writeOutside((db) => db.update(users).set({ isActive: false }).where(eq(users.email, 'inspector@demo.az')));
    const answers = [
      await signIn(t, 'nobody@demo.az'),
      await signIn(t, 'admin@demo.az', 'wrong-password-1'),
      await signIn(t, 'inspector@demo.az'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'No active account found with the given credentials' });
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    }
    await t.writeOutside((db) => db.update(users).set({ isActive: true }).where(eq(users.email, 'inspector@demo.az')));
  });

  it('names a missing field as Django REST Framework does', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { password: demoPassword, gtoken: await solveCaptcha(t.app) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: ['This field is required.'] });
  });

  it("applies the spec's sign-in messages on the server too", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'not-an-email', password: '', gtoken: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ email: [authMessages.emailInvalid], password: [authMessages.passwordRequired] });
  });

  it('refuses a missing, bad or replayed gtoken before checking any password', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'admin@demo.az', password: demoPassword },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ gtoken: ['This field is required.'] });

    for (const gtoken of ['garbage', Buffer.from('{"challenge":{}}').toString('base64')]) {
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email: 'admin@demo.az', password: demoPassword, gtoken },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ gtoken: [authApiMessages.captchaInvalid] });
    }

    const gtoken = await solveCaptcha(t.app);
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'admin@demo.az', password: 'wrong-password-1', gtoken },
    });
    expect(first.statusCode).toBe(401);
    // The replay carries the right password: still refused, for the captcha, before the password counts.
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: 'admin@demo.az', password: demoPassword, gtoken },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ gtoken: [authApiMessages.captchaUsed] });
  });

  it('refuses a captcha solved with a forged signature', async () => {
    const gtoken = await solveCaptcha(t.app);
    const payload = JSON.parse(Buffer.from(gtoken, 'base64').toString());
    payload.challenge.parameters.expiresAt += 3600;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: {
        email: 'admin@demo.az',
        password: demoPassword,
        gtoken: Buffer.from(JSON.stringify(payload)).toString('base64'),
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ gtoken: [authApiMessages.captchaInvalid] });
  });
});

describe('tokens and the protected API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('verifies a good access and refresh token with 200 {}', async () => {
    const { access, refresh: refreshToken } = await tokensOf(t, 'admin@demo.az');
    for (const token of [access, refreshToken]) {
      const res = await verify(t, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
  });

  it('refuses a tampered token, one signed with another key, and alg none', async () => {
    const { access } = await tokensOf(t, 'admin@demo.az');
    const [header, payload, signature] = access.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const tampered = `${header}.${b64url({ ...claims, user_id: claims.user_id + 1 })}.${signature}`;
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    const algNone = `${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    for (const token of [tampered, flipped, otherKey, algNone, hs512, 'not.a.jwt', 'x']) {
      const res = await verify(t, token);
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toEqual(invalidToken);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
      const protectedRes = await currentUser(t, bearer(token));
      expect(protectedRes.statusCode).toBe(401);
      expect(protectedRes.json()).toEqual(notValidForAnyType('Token is invalid or expired'));
    }
  });

  it('names a missing token field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ token: ['This field is required.'] });
  });

  it('answers a protected endpoint without a header with 401 and the DRF detail', async () => {
    const res = await currentUser(t);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(res.headers['www-authenticate']).toBe('Bearer realm="api"');
    const basic = await currentUser(t, { authorization: 'Basic YWRtaW46YWRtaW4=' });
    expect(basic.statusCode).toBe(401);
    expect(basic.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const twoParts = await currentUser(t, { authorization: 'Bearer a b' });
    expect(twoParts.statusCode).toBe(401);
    expect(twoParts.json().code).toBe('bad_authorization_header');
  });

  it('refuses a refresh token as a bearer', async () => {
    const { refresh: refreshToken } = await tokensOf(t, 'admin@demo.az');
    const res = await currentUser(t, bearer(refreshToken));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(notValidForAnyType('Token has wrong type'));
  });

  it('gives the current user with groups and the union of group and own permissions', async () => {
    const { access } = await tokensOf(t, 'operator@demo.az');
    const before = await currentUser(t, bearer(access));
    expect(before.statusCode).toBe(200);
    const body = before.json();
    expect(body.result).toBe(true);
    expect(body.error).toBeNull();
    expect(Object.keys(body.user).sort()).toEqual(
      ['email', 'first_name', 'groups', 'id', 'last_name', 'permissions', 'phone', 'preferences', 'region'].sort(),
    );
    expect(body.user.preferences).toEqual({
      layout: 'side',
      tour_seen_at: null,
      language: 'az',
      dark_theme: false,
      compact_theme: false,
    });
    expect(body.user.email).toBe('operator@demo.az');
    expect(body.user.first_name).toBe('Nigar');
    expect(typeof body.user.region).toBe('number');
    expect(body.user.groups).toEqual([{ id: expect.any(Number), name: 'Operator', code: 'operator' }]);
    expect(body.user.permissions).not.toContain('view_user');

    const [perm] = await t.database.db.select().from(permissions).where(eq(permissions.code, 'view_user'));
    await t.writeOutside((db) => db.insert(userPermissions).values({ userId: body.user.id, permissionId: perm!.id }));
    const after = (await currentUser(t, bearer(access))).json();
    expect(after.user.permissions).toContain('view_user');
    expect(after.user.permissions).toEqual(expect.arrayContaining(body.user.permissions));
  });

  it('refuses a user deactivated since the token was issued, at once', async () => {
    const { access, refresh: refreshToken } = await tokensOf(t, 'cashier@demo.az');
    expect((await currentUser(t, bearer(access))).statusCode).toBe(200);
    await t.writeOutside((db) => db.update(users).set({ isActive: false }).where(eq(users.email, 'cashier@demo.az')));
    const res = await currentUser(t, bearer(access));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'User is inactive', code: 'user_inactive' });
    const refreshed = await refresh(t, refreshToken);
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json()).toEqual({
      detail: 'No active account found for the given token.',
      code: 'no_active_account',
    });
    await t.writeOutside((db) => db.update(users).set({ isActive: true }).where(eq(users.email, 'cashier@demo.az')));
  });

  it('refuses the token of a deleted user', async () => {
    const [user] = await t.database.db
      .insert(users)
      .values({ email: 'temporary@demo.az', passwordHash: 'x' })
      .returning({ id: users.id });
    const [session] = await t.writeOutside((db) => db.insert(sessions).values({ userId: user!.id }).returning());
    const token = (await t.app.tokens.sign('access', user!.id, { sid: session!.id })).token;
    expect((await currentUser(t, bearer(token))).statusCode).toBe(200);
    await t.writeOutside((db) => db.delete(users).where(eq(users.id, user!.id)));
    const res = await currentUser(t, bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'User not found', code: 'user_not_found' });
  });

  it('rotates the refresh token: each works once', async () => {
    const first = await tokensOf(t, 'central@demo.az');
    const res = await refresh(t, first.refresh);
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(Object.keys(second).sort()).toEqual(['access', 'refresh']);
    expect(second.refresh).not.toBe(first.refresh);
    expect((await currentUser(t, bearer(second.access))).statusCode).toBe(200);
    expect((await verify(t, first.refresh)).json()).toEqual(blacklisted);
    const third = await refresh(t, second.refresh);
    expect(third.statusCode).toBe(200);
  });

  it('ends the whole chain when a rotated refresh token is presented again', async () => {
    const first = await tokensOf(t, 'regional@demo.az');
    const second = (await refresh(t, first.refresh)).json();
    // Past the grace of two tabs refreshing together (10 s): moved back instead of waiting.
    await t.database.db.update(refreshTokens).set({ usedAt: sql`${refreshTokens.usedAt} - interval '11 seconds'` });
    const reuse = await refresh(t, first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(blacklisted);
    expect(reuse.headers['www-authenticate']).toBe('Bearer realm="api"');
    // The thief's or the owner's newer token is refused too, and so is the access token of that session.
    const next = await refresh(t, second.refresh);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual(blacklisted);
    expect((await currentUser(t, bearer(second.access))).statusCode).toBe(401);
    // Other sessions of the same user live on.
    const other = await tokensOf(t, 'regional@demo.az');
    expect((await refresh(t, other.refresh)).statusCode).toBe(200);
  });

  it('answers the same new pair to one refresh token sent twice at once (two tabs), and the session lives on', async () => {
    const first = await tokensOf(t, 'inspector@demo.az');
    const [a, b] = await Promise.all([refresh(t, first.refresh), refresh(t, first.refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const late = await refresh(t, first.refresh);
    expect(late.json()).toEqual(a.json());
    expect((await currentUser(t, bearer(a.json().access))).statusCode).toBe(200);
    const next = await refresh(t, a.json().refresh);
    expect(next.statusCode).toBe(200);
    // A sign-out ends the grace too: the spent token is refused, not answered again.
    await t.app.inject({ method: 'POST', url: '/api/user/logout/', headers: bearer(next.json().access) });
    expect((await refresh(t, first.refresh)).json()).toEqual(blacklisted);
  });

  it('refuses an access token at the refresh endpoint', async () => {
    const { access } = await tokensOf(t, 'admin@demo.az');
    const res = await refresh(t, access);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Token has wrong type', code: 'token_not_valid' });
    const missing = await t.app.inject({ method: 'POST', url: '/api/refresh/', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ refresh: ['This field is required.'] });
  });

  it('signs out: the refresh token is refused afterwards, and the access token too', async () => {
    const { access, refresh: refreshToken } = await tokensOf(t, 'admin@demo.az');
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout/', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: true, error: null });
    const after = await refresh(t, refreshToken);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(blacklisted);
    expect((await verify(t, access)).statusCode).toBe(401);
    expect((await currentUser(t, bearer(access))).json()).toEqual(notValidForAnyType('Token is blacklisted'));
  });

  it('signs out the session of a refresh token given in the body', async () => {
    const one = await tokensOf(t, 'admin@demo.az');
    const two = await tokensOf(t, 'admin@demo.az');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout/',
      headers: bearer(one.access),
      payload: { refresh: two.refresh },
    });
    expect(res.statusCode).toBe(200);
    expect((await refresh(t, two.refresh)).statusCode).toBe(401);
  });

  it('requires a signed-in user to sign out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/logout/' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });
});

describe('absolute session lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { SESSION_MAX_LIFETIME: '600' } });
  });
  afterAll(() => t.close());

  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number; sid: number };

  it('defaults to 12 hours, with a grace of 10 s for a refresh token sent twice', () => {
    expect(readEnv({}).SESSION_MAX_LIFETIME).toBe(43_200);
    expect(readEnv({}).REFRESH_REUSE_GRACE).toBe(10);
  });

  it('never issues a token that outlives the session, and ends the session past its lifetime', async () => {
    const first = await tokensOf(t, 'cashier@demo.az');
    const started = claimsOf(first.access).iat;
    // The refresh lifetime (1 day) is cut to the session's 10 minutes.
    expect(claimsOf(first.refresh).exp).toBeLessThanOrEqual(started + 600);
    const second = (await refresh(t, first.refresh)).json();
    expect(claimsOf(second.refresh).exp).toBeLessThanOrEqual(started + 600);
    // The session's sign-in is moved back past the lifetime instead of the test waiting for it.
    const sid = claimsOf(second.refresh).sid;
    await t.database.db
      .update(sessions)
      .set({ createdAt: sql`${sessions.createdAt} - interval '601 seconds'` })
      .where(eq(sessions.id, sid));
    const refused = await refresh(t, second.refresh);
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual(invalidToken);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row!.revokedReason).toBe('expired');
    expect((await currentUser(t, bearer(second.access))).statusCode).toBe(401);
  });
});

describe('token lifetimes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ACCESS_TOKEN_LIFETIME: '60', REFRESH_TOKEN_LIFETIME: '120' } });
  });
  afterAll(() => t.close());

  it('refuses expired access and refresh tokens', async () => {
    const { access, refresh: refreshToken } = await tokensOf(t, 'admin@demo.az');
    const other = await tokensOf(t, 'admin@demo.az');
    expect((await verify(t, access)).statusCode).toBe(200);
    // The clock moves on instead of the test waiting for it, so a slow machine cannot make the first check late.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const expiredAccess = await verify(t, access);
    expect(expiredAccess.statusCode).toBe(401);
    expect(expiredAccess.json()).toEqual(invalidToken);
    expect((await currentUser(t, bearer(access))).json()).toEqual(notValidForAnyType('Token is invalid or expired'));
    // The refresh token outlives the access token, and is refused once its own lifetime is over.
    expect((await refresh(t, other.refresh)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    const expiredRefresh = await refresh(t, refreshToken);
    expect(expiredRefresh.statusCode).toBe(401);
    expect(expiredRefresh.json()).toEqual(invalidToken);
  });
});

describe('sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  const attempt = async (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress,
      payload: { email, password, gtoken: await solveCaptcha(t.app) },
    });

  it('answers 429 with Retry-After after 5 failures of one account from one address, for that pair only', async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await attempt('central@demo.az', 'wrong-password-1', '10.0.0.1')).statusCode).toBe(401);
    }
    const blocked = await attempt('central@demo.az', demoPassword, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(890);
    expect(wait).toBeLessThanOrEqual(900);
    expect(blocked.json()).toEqual({ detail: `Request was throttled. Expected available in ${wait} seconds.` });
    // The person at another address still signs in, and the address still serves other accounts.
    expect((await attempt('central@demo.az', demoPassword, '10.0.0.2')).statusCode).toBe(200);
    expect((await attempt('operator@demo.az', demoPassword, '10.0.0.1')).statusCode).toBe(200);
  });

  it('does not lock an office behind one address out with a few typos of several people', async () => {
    const people = ['admin@demo.az', 'inspector@demo.az', 'cashier@demo.az', 'regional@demo.az', 'operator@demo.az'];
    for (const email of people) {
      expect((await attempt(email, 'wrong-password-1', '10.0.1.1')).statusCode).toBe(401);
    }
    for (const email of people) expect((await attempt(email, demoPassword, '10.0.1.1')).statusCode).toBe(200);
  });

  it('lets no more than the limit through when failures arrive at once', async () => {
    const gtokens = await Promise.all(Array.from({ length: 8 }, () => solveCaptcha(t.app)));
    const answers = await Promise.all(
      gtokens.map((gtoken) =>
        t.app.inject({
          method: 'POST',
          url: '/api/token/',
          remoteAddress: '10.0.4.1',
          payload: { email: 'inspector@demo.az', password: 'wrong-password-1', gtoken },
        }),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  });

  it('does not count successful sign-ins', async () => {
    for (let i = 0; i < 7; i++) {
      expect((await attempt('cashier@demo.az', demoPassword, '10.0.2.1')).statusCode).toBe(200);
    }
  });

  it('keeps the count in the database, shared by every server process', async () => {
    // Two apps on one database stand for two processes behind a load balancer.
    const second = await buildApp({ config: t.config, database: t.database, seed: 'never' });
    await second.ready();
    for (let i = 1; i <= 5; i++) {
      const app = i % 2 ? t.app : second;
      const res = await app.inject({
        method: 'POST',
        url: '/api/token/',
        remoteAddress: '10.0.3.1',
        payload: { email: 'regional@demo.az', password: 'wrong-password-1', gtoken: await solveCaptcha(app) },
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await second.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress: '10.0.3.1',
      payload: { email: 'regional@demo.az', password: demoPassword, gtoken: await solveCaptcha(second) },
    });
    expect(blocked.statusCode).toBe(429);
    await second.close();
  });
});

describe('sign-in ceilings of an account and of an address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Small ceilings stand for the defaults (100 an hour, 50 in 15 minutes) so the test needs few attempts.
    t = await createTestApp({ seed: true, env: { LOGIN_ACCOUNT_RATE_LIMIT: '8', LOGIN_ADDRESS_RATE_LIMIT: '12' } });
  });
  afterAll(() => t.close());

  const attempt = async (email: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      remoteAddress,
      payload: { email, password, gtoken: await solveCaptcha(t.app) },
    });

  it('reads the ceilings from settings, with defaults of 5 per pair, 100 per account an hour, 50 per address', () => {
    const defaults = readEnv({});
    expect([defaults.LOGIN_RATE_LIMIT, defaults.LOGIN_RATE_WINDOW]).toEqual([5, 900]);
    expect([defaults.LOGIN_ACCOUNT_RATE_LIMIT, defaults.LOGIN_ACCOUNT_RATE_WINDOW]).toEqual([100, 3600]);
    expect([defaults.LOGIN_ADDRESS_RATE_LIMIT, defaults.LOGIN_ADDRESS_RATE_WINDOW]).toEqual([50, 900]);
  });

  it('stops guessing of one account spread over many addresses at the account ceiling', async () => {
    for (let i = 1; i <= 8; i++) {
      expect((await attempt('central@demo.az', 'wrong-password-1', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await attempt('central@demo.az', demoPassword, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3500);
    // The ceiling is the account's alone: the same addresses still reach other accounts.
    expect((await attempt('operator@demo.az', demoPassword, '10.1.0.1')).statusCode).toBe(200);
  });

  it('stops one address spraying many accounts at the address ceiling', async () => {
    for (let i = 1; i <= 12; i++) {
      expect((await attempt(`nobody${i}@demo.az`, 'wrong-password-1', '10.2.0.1')).statusCode).toBe(401);
    }
    expect((await attempt('admin@demo.az', demoPassword, '10.2.0.1')).statusCode).toBe(429);
    expect((await attempt('admin@demo.az', demoPassword, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('sign-in limits over time', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { LOGIN_RATE_WINDOW: '60' } });
  });
  afterAll(() => t.close());

  it('lets the account in again once the window has passed', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(t, 'admin@demo.az', 'wrong-password-1')).statusCode).toBe(401);
    const blocked = await signIn(t, 'admin@demo.az');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The failures are moved back past the window instead of the test waiting a minute for it.
    await t.database.db
      .update(rateLimitHits)
      .set({ createdAt: sql`${rateLimitHits.createdAt} - interval '61 seconds'` });
    expect((await signIn(t, 'admin@demo.az')).statusCode).toBe(200);
  });
});
