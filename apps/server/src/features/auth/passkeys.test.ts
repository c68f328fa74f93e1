import { mfaMessages } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../demo/data';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';
import { relyingParty } from './passkeys';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Passkeys through the API (issue 27), answered by a software authenticator so the server's WebAuthn checks run for
 * real: registration, the second step, a sign-in without the password where the group allows it, step-up, removal.
 */
describe('passkeys', () => {
  let t: TestApp;
  const device = new SoftwareAuthenticator('http://localhost');

  const post = (url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  const password = async (email: string) =>
    post('/api/token/', { email, password: demoPassword, gtoken: await solveCaptcha(t.app) });
  /** The step-up of a user who has no factor: their password (issue 40: adding a factor asks for it). */
  const confirmPassword = async (access: string) => {
    const confirmed = await post('/api/user/mfa/step-up/', { password: demoPassword }, bearer(access));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  };
  const status = async (access: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/user/mfa/', headers: bearer(access) })).json();
  /** Signs in with the password and, as the second step, a passkey; the access token. */
  async function signInWithPasskey(email: string, authenticator = device) {
    const first = await password(email);
    expect(first.json()).toMatchObject({ mfa: 'verify', methods: expect.arrayContaining(['passkey']) });
    const token = first.json().mfa_token as string;
    const options = await post('/api/token/mfa/webauthn/', { mfa_token: token });
    expect(options.statusCode, options.body).toBe(200);
    const second = await post('/api/token/mfa/', {
      mfa_token: token,
      webauthn: authenticator.assert(options.json().options),
    });
    expect(second.statusCode, second.body).toBe(200);
    return second.json().access as string;
  }
  /** Registers a passkey of `authenticator` for the signed-in user; the answer. */
  async function register(access: string, name: string, authenticator = device) {
    const started = await post('/api/user/mfa/webauthn/register/', {}, bearer(access));
    expect(started.statusCode, started.body).toBe(200);
    return post(
      '/api/user/mfa/webauthn/register/verify/',
      { name, credential: authenticator.register(started.json().options) },
      bearer(access),
    );
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it('takes its relying party from PUBLIC_URL, and serves an IP address as localhost', () => {
    expect(relyingParty('https://fn.ayna.gov.az')).toEqual({
      rpID: 'fn.ayna.gov.az',
      origins: ['https://fn.ayna.gov.az'],
    });
    expect(relyingParty('http://127.0.0.1:4173')).toEqual({
      rpID: 'localhost',
      origins: ['http://localhost:4173', 'http://127.0.0.1:4173'],
    });
  });

  it('registers a named passkey from the profile: the first factor brings ten recovery codes; sign-in then asks for it', async () => {
    const access = (await password('operator@demo.az')).json().access as string;
    expect((await post('/api/user/mfa/webauthn/register/', {}, bearer(access))).json()).toEqual({
      detail: mfaMessages.passwordStepUpRequired,
      code: 'step_up_required',
    });
    await confirmPassword(access);
    const started = await post('/api/user/mfa/webauthn/register/', {}, bearer(access));
    expect(started.json().options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'operator@demo.az' },
      challenge: expect.any(String),
    });
    // A name is required, and an answer to another site's challenge does not hold.
    const credential = device.register(started.json().options);
    const unnamed = await post('/api/user/mfa/webauthn/register/verify/', { name: ' ', credential }, bearer(access));
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({ name: [mfaMessages.passkeyNameRequired] });
    const elsewhere = new SoftwareAuthenticator('https://evil.example');
    const phished = await post(
      '/api/user/mfa/webauthn/register/verify/',
      { name: 'Saxta', credential: elsewhere.register(started.json().options) },
      bearer(access),
    );
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toEqual({ webauthn: [mfaMessages.passkeyInvalid] });

    device.keys.length = 0;
    const done = await register(access, 'İş noutbuku');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ passkey: { name: 'İş noutbuku' }, recovery_codes: expect.any(Array) });
    expect(done.json().recovery_codes).toHaveLength(10);
    expect(await status(access)).toMatchObject({
      totp: false,
      passkeys: [{ name: 'İş noutbuku', last_used_at: null }],
      recovery_codes_left: 10,
      passkey_sign_in: true,
    });
    const first = await password('operator@demo.az');
    expect(first.json()).toEqual({
      mfa: 'verify',
      mfa_token: expect.any(String),
      methods: ['passkey', 'recovery_code'],
    });
  });

  it('signs in with the passkey as the second step; an answer is good once, only for its challenge and its user', async () => {
    await signInWithPasskey('operator@demo.az');
    const [key] = await rows<{ counter: number; last_used_at: string | null }>(
      sql`select counter::int as counter, last_used_at from user_passkeys`,
    );
    expect(key).toMatchObject({ counter: 1, last_used_at: expect.anything() });

    const token = (await password('operator@demo.az')).json().mfa_token as string;
    const options = (await post('/api/token/mfa/webauthn/', { mfa_token: token })).json().options;
    const answer = device.assert(options);
    // Signed for another origin, or by a key that is not the user's: refused.
    const wrongOrigin = await post('/api/token/mfa/', {
      mfa_token: token,
      webauthn: device.assert(options, { origin: 'https://evil.example' }),
    });
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toEqual({ webauthn: [mfaMessages.passkeyInvalid] });
    // The challenge was spent by the refused answer: the right answer to it is refused too, and so is a replay.
    expect((await post('/api/token/mfa/', { mfa_token: token, webauthn: answer })).statusCode).toBe(400);
    const token2 = (await password('operator@demo.az')).json().mfa_token as string;
    const replay = await post('/api/token/mfa/', { mfa_token: token2, webauthn: answer });
    expect(replay.statusCode).toBe(400);
    const stranger = new SoftwareAuthenticator('http://localhost');
    stranger.register({
      ...options,
      rp: { name: 'x' },
      user: { id: 'eA', name: 'x', displayName: 'x' },
      pubKeyCredParams: [],
    });
    const options2 = (await post('/api/token/mfa/webauthn/', { mfa_token: token2 })).json().options;
    const foreign = await post('/api/token/mfa/', {
      mfa_token: token2,
      webauthn: stranger.assert(options2, { key: stranger.keys[0] }),
    });
    expect(foreign.statusCode).toBe(400);
    // Malformed answers are field errors, never a 500.
    for (const webauthn of [{}, { id: 'a', rawId: 'a', type: 'public-key', response: { clientDataJSON: '%%' } }, 'x']) {
      const bad = await post('/api/token/mfa/', { mfa_token: token2, webauthn });
      expect(bad.statusCode, JSON.stringify(webauthn)).toBe(400);
    }
    const audit = await rows<{ action: string; result: string; detail: { method?: string } }>(
      sql`select action, result, detail from audit_log where action = 'mfa_verify' order by id`,
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ result: 'success', detail: expect.objectContaining({ method: 'passkey' }) }),
    );
    expect(audit).toContainEqual(
      expect.objectContaining({ result: 'failure', detail: expect.objectContaining({ method: 'passkey' }) }),
    );
  });

  it('signs in with the passkey alone where a group allows it, and not where none does or the user is inactive', async () => {
    const passwordless = async () => {
      const started = await post('/api/token/passkey/', {});
      expect(started.statusCode, started.body).toBe(200);
      const { options } = started.json();
      expect(options).toMatchObject({ userVerification: 'required', rpId: 'localhost' });
      expect(options.allowCredentials ?? []).toEqual([]);
      return post('/api/token/passkey/', { webauthn: device.assert(options) });
    };
    const done = await passwordless();
    expect(done.statusCode, done.body).toBe(200);
    const who = await post('/api/user/current-user/', undefined, bearer(done.json().access));
    expect(who.json().user.email).toBe('operator@demo.az');
    const [event] = await rows<{ detail: Record<string, unknown> }>(
      sql`select detail from audit_log where action = 'sign_in' and result = 'success' order by id desc limit 1`,
    );
    expect(event!.detail).toMatchObject({ mfa: 'passkey', passwordless: true });

    await t.database.db.execute(sql`update groups set passkey_sign_in = false where code = 'operator'`);
    const refused = await passwordless();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ webauthn: [mfaMessages.passkeyNotAllowed] });
    await t.database.db.execute(sql`update groups set passkey_sign_in = true where code = 'operator'`);
    await t.database.db.execute(sql`update users set is_active = false where email = 'operator@demo.az'`);
    const inactive = await passwordless();
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual({ webauthn: [mfaMessages.passkeyInvalid] });
    await t.database.db.execute(sql`update users set is_active = true where email = 'operator@demo.az'`);
  });

  it('a second passkey, a step-up by passkey, and the removal of the last one when no group requires a factor', async () => {
    const access = await signInWithPasskey('operator@demo.az');
    // Adding a factor asks a fresh confirmation of one the user has.
    const asked = await post('/api/user/mfa/webauthn/register/', {}, bearer(access));
    expect(asked.statusCode).toBe(403);
    expect(asked.json().code).toBe('step_up_required');
    const options = await post('/api/user/mfa/step-up/webauthn/', {}, bearer(access));
    expect(options.statusCode, options.body).toBe(200);
    const stepped = await post(
      '/api/user/mfa/step-up/',
      { webauthn: device.assert(options.json().options) },
      bearer(access),
    );
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect(stepped.json().stepped_up_at).toBeTruthy();

    const key = new SoftwareAuthenticator('http://localhost');
    const second = await register(access, 'Təhlükəsizlik açarı', key);
    expect(second.statusCode, second.body).toBe(200);
    // Not the first factor: the recovery codes the user has stay.
    expect(second.json()).not.toHaveProperty('recovery_codes');
    // The same key again is refused.
    const started = await post('/api/user/mfa/webauthn/register/', {}, bearer(access));
    expect(started.json().options.excludeCredentials).toHaveLength(2);
    const again = await post(
      '/api/user/mfa/webauthn/register/verify/',
      { name: 'Yenə', credential: key.register(started.json().options, key.keys[0]) },
      bearer(access),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(mfaMessages.passkeyTaken);

    const keys = (await status(access)).passkeys as { id: number; name: string }[];
    expect(keys.map((k) => k.name)).toEqual(['İş noutbuku', 'Təhlükəsizlik açarı']);
    const remove = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/user/mfa/webauthn/${id}/`, headers: bearer(access) });
    expect((await remove(999999)).statusCode).toBe(404);
    for (const k of keys) expect((await remove(k.id)).statusCode).toBe(204);
    // The recovery codes went with the last factor; sign-in is one step again.
    expect(await status(access)).toMatchObject({ passkeys: [], recovery_codes_left: 0 });
    expect((await password('operator@demo.az')).json().access).toBeTruthy();
  });

  it('a group that requires a factor keeps the last passkey; an administrator’s reset removes them all', async () => {
    const access = (await password('inspector@demo.az')).json().access as string;
    await confirmPassword(access);
    const inspector = new SoftwareAuthenticator('http://localhost');
    expect((await register(access, 'Telefon', inspector)).statusCode).toBe(200);
    await t.database.db.execute(sql`update groups set mfa_required = true where code = 'inspector'`);
    const signedIn = await signInWithPasskey('inspector@demo.az', inspector);
    const [key] = (await status(signedIn)).passkeys as { id: number }[];
    await t.database.db.execute(sql`update sessions set stepped_up_at = now()`);
    const kept = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/mfa/webauthn/${key!.id}/`,
      headers: bearer(signedIn),
    });
    expect(kept.statusCode).toBe(409);
    expect(kept.json().detail).toBe(mfaMessages.required);

    const admin = (await password('admin@demo.az')).json().access as string;
    const [target] = await rows<{ id: number }>(sql`select id from users where email = 'inspector@demo.az'`);
    const reset = () => post(`/api/user/users/${target!.id}/mfa-reset/`, undefined, bearer(admin));
    // An administrator with no factor of their own strips nobody's (issue 40); with one, confirmed, they may.
    await confirmPassword(admin);
    expect((await reset()).json()).toEqual({ detail: mfaMessages.ownFactorFirst });
    const adminKey = new SoftwareAuthenticator('http://localhost');
    expect((await register(admin, 'Admin açarı', adminKey)).statusCode).toBe(200);
    // The password stood in for a factor the administrator lacked; now the new passkey confirms.
    expect((await reset()).json().code).toBe('step_up_required');
    const options = await post('/api/user/mfa/step-up/webauthn/', {}, bearer(admin));
    const stepped = await post(
      '/api/user/mfa/step-up/',
      { webauthn: adminKey.assert(options.json().options) },
      bearer(admin),
    );
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect((await reset()).statusCode).toBe(204);
    // The reset ends the person's sessions at once.
    expect((await status(signedIn)).detail).toBeDefined();
    expect(await rows(sql`select 1 from user_passkeys where user_id = ${target!.id}`)).toEqual([]);
    expect((await password('inspector@demo.az')).json().mfa).toBe('enrol');
    await t.database.db.execute(sql`update groups set mfa_required = false where code = 'inspector'`);
  });
});
