import { mfaMessages, userMessages, type User } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoPassword } from '../../demo/data';
import { groups, regions, users } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const password = 'Parol1234';
let serial = 0;

/**
 * Acting on another account (issue 40, the outside test's findings): who may end its sessions, reset its second
 * factor, set its password, e-mail, status or groups; the fresh step-up each asks (the password of a user who has no
 * factor); and the sessions that end when a factor is reset or a group comes to require one.
 */
describe('acting on another account', () => {
  let t: TestApp;
  let admin: SignedIn;
  let ganja: number;
  let roleGroups: Record<string, number>;

  const post = (url: string, payload: object | undefined, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  /** A real sign-in with the password: the access and refresh tokens. */
  async function signIn(email: string, pass = password) {
    const res = await post('/api/token/', { email, password: pass, gtoken: await solveCaptcha(t.app) }, {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access: string; refresh: string };
  }
  /** Whether a session's tokens still work: a request with its access token, and a refresh. */
  async function stillWorks(tokens: { access: string; refresh: string }) {
    const asked = await get('/api/user/sessions/', bearer(tokens.access));
    const refreshed = await post('/api/refresh/', { refresh: tokens.refresh }, {});
    return { access: asked.statusCode, refresh: refreshed.statusCode };
  }
  const confirmPassword = (access: string, pass = password) =>
    post('/api/user/mfa/step-up/', { password: pass }, bearer(access));

  async function createGroup(name: string, codes: string[]): Promise<number> {
    const all = (await get('/api/user/permissions/', admin.headers)).json() as { id: number; code: string }[];
    const res = await post(
      '/api/user/groups/',
      { name, permissions: all.filter((p) => codes.includes(p.code)).map((p) => p.id) },
      admin.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id;
  }
  async function createUser(groupIds: number[], region = ganja): Promise<User> {
    serial += 1;
    const res = await post(
      '/api/user/users/create-account/',
      {
        email: `account${serial}@test.az`,
        password,
        confirm_password: password,
        first_name: 'Aysel',
        last_name: 'Quliyeva',
        parent_name: 'Rəşid',
        phone: '+994501234567',
        date_of_birth: '1991-03-02',
        region,
        groups: groupIds,
        user_permissions: [],
      },
      admin.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.data as User;
  }
  const read = async (id: number) => (await get(`/api/user/users/${id}/`, admin.headers)).json() as User;
  const updateBody = (user: User, extra: Record<string, unknown> = {}) => ({
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    parent_name: user.parent_name,
    phone: user.phone,
    date_of_birth: user.date_of_birth,
    region: user.region,
    is_active: user.is_active,
    groups: user.groups,
    user_permissions: user.user_permissions,
    id: user.id,
    version: user.version,
    ...extra,
  });

  const codeOf = (secret: string, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + steps * 30_000,
    });
  /** Gives the session's user an authenticator app through the API (password step-up, start, first code); its secret. */
  async function enrolApp(access: string, pass = password): Promise<string> {
    expect((await confirmPassword(access, pass)).statusCode).toBe(200);
    const started = await post('/api/user/mfa/totp/', {}, bearer(access));
    expect(started.statusCode, started.body).toBe(200);
    const secret = started.json().secret as string;
    expect((await post('/api/user/mfa/totp/confirm/', { code: codeOf(secret) }, bearer(access))).statusCode).toBe(200);
    return secret;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    ganja = (await t.database.db.select().from(regions).where(eq(regions.name, 'Gəncə')))[0]!.id;
    roleGroups = Object.fromEntries((await t.database.db.select().from(groups)).map((g) => [g.code, g.id]));
  });
  // A confirmed session of the administrator for each test's setup (a test that gives them a factor forgets it).
  beforeEach(async () => {
    admin = await signInAs(t, 'admin@demo.az', { steppedUp: true });
  });
  afterAll(async () => t?.close());

  it("an editor of Gəncə with view_user and change_user neither ends the Bakı administrator's sessions nor resets their factor", async () => {
    // The finding as the outside test made it: a group with only view_user and change_user, in Gəncə, no factor.
    const editors = await createGroup('Redaktorlar (Gəncə)', ['view_user', 'change_user']);
    const editor = await signIn((await createUser([editors])).email);
    const administrator = await signIn('admin@demo.az', demoPassword);
    const adminId = (await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.az')))[0]!.id;
    await enrolApp(administrator.access, demoPassword);

    expect((await get(`/api/user/users/${adminId}/`, bearer(editor.access))).statusCode).toBe(404);
    // Not even a confirmed session of the editor reaches an account it cannot see.
    expect((await confirmPassword(editor.access)).statusCode).toBe(200);
    for (const action of ['end-sessions', 'mfa-reset']) {
      const res = await post(`/api/user/users/${adminId}/${action}/`, undefined, bearer(editor.access));
      expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
    }
    expect(await stillWorks(administrator)).toEqual({ access: 200, refresh: 200 });
    const status = await get('/api/user/mfa/', admin.headers);
    expect(status.json()).toMatchObject({ totp: true });
    // Sign-in still asks the administrator for the second factor.
    const again = await post(
      '/api/token/',
      { email: 'admin@demo.az', password: demoPassword, gtoken: await solveCaptcha(t.app) },
      {},
    );
    expect(again.json().mfa).toBe('verify');
    await t.database.db.execute(sql`delete from user_totp where user_id = ${adminId}`);
    await t.database.db.execute(sql`delete from recovery_codes where user_id = ${adminId}`);
  });

  it('an editor reaches neither an administrator of its own region nor an account that can do more than it', async () => {
    const editors = await createGroup('Redaktorlar 2', ['view_user', 'change_user']);
    const editor = await signIn((await createUser([editors])).email);
    expect((await confirmPassword(editor.access)).statusCode).toBe(200);
    const localAdministrator = await createUser([roleGroups.admin!]);
    const stronger = await createUser([roleGroups.cashier!]);
    for (const target of [localAdministrator, stronger]) {
      for (const action of ['end-sessions', 'mfa-reset']) {
        const res = await post(`/api/user/users/${target.id}/${action}/`, undefined, bearer(editor.access));
        expect(res.statusCode, `${action} of ${target.email}`).toBe(403);
        expect(res.json()).toEqual({ detail: userMessages.strongerAccount });
      }
    }
  });

  it("ending another's sessions asks a fresh confirmation, the password of a caller with no factor; a wrong one is a 400", async () => {
    const target = await createUser([]);
    const targetTokens = await signIn(target.email);
    const hr = await signIn((await createUser([await createGroup('Kadrlar', ['view_user', 'change_user'])])).email);
    const end = () => post(`/api/user/users/${target.id}/end-sessions/`, undefined, bearer(hr.access));

    const asked = await end();
    expect(asked.statusCode).toBe(403);
    expect(asked.json()).toEqual({ detail: mfaMessages.passwordStepUpRequired, code: 'step_up_required' });
    expect(await stillWorks(targetTokens)).toEqual({ access: 200, refresh: 200 });

    const wrong = await confirmPassword(hr.access, 'Səhv12345');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: [mfaMessages.passwordWrong] });
    expect((await end()).statusCode).toBe(403);

    expect((await confirmPassword(hr.access)).statusCode).toBe(200);
    expect((await end()).statusCode).toBe(204);
    expect(await stillWorks(targetTokens)).toEqual({ access: 401, refresh: 401 });
  });

  it('a user who has a factor confirms with it, not with the password', async () => {
    const user = await createUser([]);
    const tokens = await signIn(user.email);
    await enrolApp(tokens.access);
    // The password that stood in for the factor before it was added stands in no more.
    expect((await get('/api/user/mfa/', bearer(tokens.access))).json()).toMatchObject({ stepped_up_at: null });
    const refused = await confirmPassword(tokens.access);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ password: [mfaMessages.factorNotPassword] });
  });

  it("the top administrator sets another administrator's password, e-mail, status or groups only after a fresh step-up", async () => {
    const other = await createUser([roleGroups.admin!]);
    const top = await signIn('admin@demo.az', demoPassword);
    const attempts: Record<string, Record<string, unknown>> = {
      password: { password: 'Yeni12345', confirm_password: 'Yeni12345' },
      email: { email: `taken-over-${serial}@attacker.az` },
      status: { is_active: false },
      groups: { groups: [roleGroups.admin!, roleGroups.cashier!] },
    };
    for (const [what, change] of Object.entries(attempts)) {
      const current = await read(other.id);
      const res = await post('/api/user/users/update-account/', updateBody(current, change), bearer(top.access));
      expect(res.statusCode, `${what}: ${res.body}`).toBe(403);
      expect(res.json().code).toBe('step_up_required');
    }
    const status = await post(
      '/api/user/users/change-account-status/',
      { id: other.id, is_active: false },
      bearer(top.access),
    );
    expect(status.json().code).toBe('step_up_required');
    const deleted = await post('/api/user/users/delete-multiple/', { pkList: [other.id] }, bearer(top.access));
    expect(deleted.json().code).toBe('step_up_required');
    // Nothing changed: the other administrator still signs in with the old password.
    expect((await signIn(other.email)).access).toBeTruthy();
    const unchanged = await read(other.id);
    expect(unchanged).toMatchObject({ email: other.email, is_active: true, groups: other.groups });

    // A change of names alone asks nothing; a confirmed session sets the password.
    const renamed = await post(
      '/api/user/users/update-account/',
      updateBody(unchanged, { first_name: 'Ayla' }),
      bearer(top.access),
    );
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect((await confirmPassword(top.access, demoPassword)).statusCode).toBe(200);
    const set = await post(
      '/api/user/users/update-account/',
      updateBody(await read(other.id), attempts.password),
      bearer(top.access),
    );
    expect(set.statusCode, set.body).toBe(201);
  });

  it("a factor reset ends every session of its owner at once: no request, no refresh, no enrolment of the thief's app", async () => {
    const target = await createUser([]);
    const stolen = await signIn(target.email);
    await enrolApp(stolen.access);
    // The owner's session opened with the factor, and the copy a thief holds of it.
    const administrator = await signIn('admin@demo.az', demoPassword);
    const secret = await enrolApp(administrator.access, demoPassword);
    const stepUp = await post('/api/user/mfa/step-up/', { code: codeOf(secret, 1) }, bearer(administrator.access));
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const reset = await post(`/api/user/users/${target.id}/mfa-reset/`, undefined, bearer(administrator.access));
    expect(reset.statusCode, reset.body).toBe(204);
    expect(await stillWorks(stolen)).toEqual({ access: 401, refresh: 401 });
    expect((await post('/api/user/mfa/totp/', {}, bearer(stolen.access))).statusCode).toBe(401);
    const adminId = (await t.database.db.select().from(users).where(eq(users.email, 'admin@demo.az')))[0]!.id;
    await t.database.db.execute(sql`delete from user_totp where user_id = ${adminId}`);
    await t.database.db.execute(sql`delete from recovery_codes where user_id = ${adminId}`);
  });

  it('a caller with no factor of their own resets nobody’s', async () => {
    const target = await createUser([]);
    const administrator = await signIn('admin@demo.az', demoPassword);
    expect((await confirmPassword(administrator.access, demoPassword)).statusCode).toBe(200);
    const res = await post(`/api/user/users/${target.id}/mfa-reset/`, undefined, bearer(administrator.access));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: mfaMessages.ownFactorFirst });
  });

  it('a password set by the administrator ends the sessions of its owner', async () => {
    const target = await createUser([]);
    const tokens = await signIn(target.email);
    const set = await post(
      '/api/user/users/update-account/',
      updateBody(await read(target.id), { password: 'Yeni12345', confirm_password: 'Yeni12345' }),
      admin.headers,
    );
    expect(set.statusCode, set.body).toBe(201);
    expect(await stillWorks(tokens)).toEqual({ access: 401, refresh: 401 });
  });

  it("a group's new second-factor requirement ends the sessions of its members who have none, and only theirs", async () => {
    const groupId = await createGroup('Kassa köməkçiləri', ['view_report']);
    const without = await createUser([groupId]);
    const withFactor = await createUser([groupId]);
    const withoutTokens = await signIn(without.email);
    const withTokens = await signIn(withFactor.email);
    await enrolApp(withTokens.access);
    const outsider = await signIn((await createUser([])).email);

    const group = (await get(`/api/user/groups/${groupId}/`, admin.headers)).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/user/groups/${groupId}/`,
      headers: admin.headers,
      payload: { name: group.name, permissions: group.permissions, mfa_required: true, version: group.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stillWorks(withoutTokens)).toEqual({ access: 401, refresh: 401 });
    expect(await stillWorks(withTokens)).toEqual({ access: 200, refresh: 200 });
    expect(await stillWorks(outsider)).toEqual({ access: 200, refresh: 200 });
    // The next sign-in asks the member to enrol first.
    const next = await post('/api/token/', { email: without.email, password, gtoken: await solveCaptcha(t.app) }, {});
    expect(next.json().mfa).toBe('enrol');

    // A user put into such a group by an edit is signed out the same way.
    const newcomer = await createUser([]);
    const newcomerTokens = await signIn(newcomer.email);
    const moved = await post(
      '/api/user/users/update-account/',
      updateBody(await read(newcomer.id), { groups: [groupId] }),
      admin.headers,
    );
    expect(moved.statusCode, moved.body).toBe(201);
    expect(await stillWorks(newcomerTokens)).toEqual({ access: 401, refresh: 401 });
  });
});
