import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../../demo/data';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0';
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';

/** The sessions a person sees and ends (issue 27), the administrator's end of all, and the new-device notice. */
describe('sessions', () => {
  let t: TestApp;
  const signIn = async (email: string, userAgent: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { 'user-agent': userAgent },
      payload: { email, password: demoPassword, gtoken: await solveCaptcha(t.app) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { access: string; refresh: string };
  };
  const notices = async () =>
    (
      (await t.database.db.execute(
        sql`select "to", text from mail_outbox where kind = 'new_device' order by id`,
      )) as unknown as { rows: { to: string; text: string }[] }
    ).rows;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it('lists the open sessions with their device, address and times, and ends one of them', async () => {
    const first = await signIn('central@demo.az', firefox);
    const second = await signIn('central@demo.az', chrome);
    const listed = await t.app.inject({ method: 'GET', url: '/api/user/sessions/', headers: bearer(second.access) });
    expect(listed.statusCode, listed.body).toBe(200);
    const sessions = listed.json() as { id: number; device: string; ip: string; current: boolean }[];
    expect(sessions.slice(0, 2).map((s) => [s.device, s.current])).toEqual([
      ['Chrome 130, Linux', true],
      ['Firefox 132, Windows 10', false],
    ]);
    expect(sessions[0]!.ip).toBeTruthy();
    // The other device is signed out on its next request; another person's session is not found.
    const other = sessions[1]!;
    const end = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${other.id}/`,
      headers: bearer(second.access),
    });
    expect(end.statusCode).toBe(204);
    const afterwards = await t.app.inject({ method: 'GET', url: '/api/user/sessions/', headers: bearer(first.access) });
    expect(afterwards.statusCode).toBe(401);
    const admin = await signIn('admin@demo.az', chrome);
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/sessions/${sessions[0]!.id}/`,
      headers: bearer(admin.access),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('mails a notice when a browser never seen on the account signs in, not for a known one', async () => {
    const before = (await notices()).length;
    await signIn('regional@demo.az', chrome);
    await signIn('regional@demo.az', chrome);
    // The first sign-in ever has nothing to compare with; the same browser again is known.
    expect((await notices()).length).toBe(before);
    await signIn('regional@demo.az', firefox);
    const mails = await notices();
    expect(mails.length).toBe(before + 1);
    expect(mails.at(-1)).toMatchObject({ to: 'regional@demo.az' });
    // The worker may have sent it already (a sent mail's body is emptied): read it as it went out.
    await t.app.mailer.drain();
    const sent = await Promise.all(
      (await readdir(t.app.mailer.outboxDir)).map((f) => readFile(path.join(t.app.mailer.outboxDir, f), 'utf8')),
    );
    const notice = sent
      .map((m) => m.replace(/=\r?\n/g, ''))
      .find((m) => m.includes('regional@demo.az') && m.includes('Firefox 132, Windows 10'));
    expect(notice, 'the notice names the new browser').toBeDefined();
  });

  it('an administrator ends every session of a user at once', async () => {
    const cashier = await signIn('cashier@demo.az', chrome);
    const admin = await signIn('admin@demo.az', chrome);
    const cashierId = (
      (
        await t.app.inject({ method: 'POST', url: '/api/user/current-user/', headers: bearer(cashier.access) })
      ).json() as {
        user: { id: number };
      }
    ).user.id;
    const end = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/users/${cashierId}/end-sessions/`,
        headers: bearer(admin.access),
      });
    // Another account's sessions: the administrator confirms first (issue 40), with the password when no factor.
    expect((await end()).json()).toMatchObject({ code: 'step_up_required' });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/user/mfa/step-up/',
      payload: { password: demoPassword },
      headers: bearer(admin.access),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await end()).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/sessions/', headers: bearer(cashier.access) })).statusCode,
    ).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh/',
      payload: { refresh: cashier.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    // Only for those who may change users.
    const other = await signIn('central@demo.az', chrome);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/user/users/${cashierId}/end-sessions/`,
          headers: bearer(other.access),
        })
      ).statusCode,
    ).toBe(403);
  });
});
