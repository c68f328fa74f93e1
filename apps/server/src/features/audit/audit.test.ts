import { auditExportColumns, type AuditEntry, type Page } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPassword } from '../../demo/data';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';

const agent = { 'user-agent': 'audit-test/1.0' };

describe('audit trail over the API', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/audit/?${query}`, headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page<AuditEntry>;
  };
  const verify = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/verify/', headers: admin.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { ok: boolean; rows: number; first_broken_id: number | null };
  };
  const signIn = async (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: agent,
      payload: { email, password, gtoken: await solveCaptcha(t.app) },
    });

  it('records sign-in success and failure with the e-mail tried, address and agent, never the password', async () => {
    expect((await signIn('nobody@demo.az', 'Secret-pass-1')).statusCode).toBe(401);
    expect((await signIn('admin@demo.az', 'Wrong-pass-1')).statusCode).toBe(401);
    const ok = await signIn('admin@demo.az', demoPassword);
    expect(ok.statusCode).toBe(200);
    const { access, refresh } = ok.json() as { access: string; refresh: string };

    const rows = (await list('action=sign_in&order=desc')).results;
    expect(rows.slice(0, 3).map((r) => [r.actor_email, r.result, r.detail?.reason ?? null])).toEqual([
      ['admin@demo.az', 'success', null],
      ['admin@demo.az', 'failure', 'bad_credentials'],
      ['nobody@demo.az', 'failure', 'bad_credentials'],
    ]);
    expect(rows[0]).toMatchObject({ ip: '127.0.0.1', user_agent: 'audit-test/1.0', resource: 'user' });
    expect(rows[2]).toMatchObject({ actor: null, record_id: null });
    const everything = JSON.stringify(await list('no_page=1'));
    for (const secret of ['Secret-pass-1', 'Wrong-pass-1', demoPassword, access, refresh]) {
      expect(everything).not.toContain(secret);
    }

    // Sign-out, then the spent refresh token presented twice: the second is a reuse.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout/',
      headers: { authorization: `Bearer ${access}` },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    const again = await signIn('admin@demo.az', demoPassword);
    const pair = again.json() as { refresh: string };
    const refreshOnce = () =>
      t.app.inject({ method: 'POST', url: '/api/refresh/', payload: { refresh: pair.refresh } });
    expect((await refreshOnce()).statusCode).toBe(200);
    // Past the grace in which two tabs may present it together: then it is a reuse.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (t.config.REFRESH_REUSE_GRACE + 1) * 1000 });
    expect((await refreshOnce()).statusCode).toBe(401);
    vi.useRealTimers();
    expect((await list('action=sign_out')).count).toBe(1);
    expect((await list('action=refresh_reuse')).results[0]).toMatchObject({ result: 'failure', resource: 'user' });
  });

  it('records a reset asked for an unknown address without telling the caller', async () => {
    const ask = (email: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/users/forgot-password/', payload: { email } });
    const unknown = await ask('ghost@demo.az');
    const known = await ask('central@demo.az');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const rows = (await list('action=password_reset_request&order=desc')).results;
    expect(rows.slice(0, 2).map((r) => [r.actor_email, r.result, r.detail?.reason])).toEqual([
      ['central@demo.az', 'success', 'sent'],
      ['ghost@demo.az', 'failure', 'unknown'],
    ]);
  });

  it('records a 403 with the route and the missing permission', async () => {
    const inspector = await signInAs(t, 'inspector@demo.az');
    const res = await t.app.inject({ method: 'GET', url: '/api/audit/', headers: inspector.headers });
    expect(res.statusCode).toBe(403);
    const [denied] = (await list('action=access_denied&order=desc')).results;
    expect(denied).toMatchObject({
      actor_email: 'inspector@demo.az',
      result: 'denied',
      resource: 'route',
      object_name: 'GET /api/audit/',
      detail: { permissions: ['view_auditlog'] },
    });
  });

  it('filters by actor, action, object, result, address and days, and searches e-mails and names', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/fn-statuses/',
      headers: { ...admin.headers, ...agent },
      payload: { name: 'Audit sınaq növü', description: 'Sınaq' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const [row] = (await list(`resource=fnstatus&record_id=${id}`)).results;
    expect(row).toMatchObject({
      action: 'create',
      actor: admin.userId,
      object_name: 'Audit sınaq növü',
      ip: '127.0.0.1',
      user_agent: 'audit-test/1.0',
      result: 'success',
    });
    expect(row!.changes.name).toEqual({ before: null, after: 'Audit sınaq növü' });
    expect((await list('search=AUDIT SINAQ')).results.map((r) => r.id)).toEqual([row!.id]);
    expect((await list(`actor=${admin.userId}&action=create&result=success&ip=127.0.0.1`)).count).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`date_from=${today}&date_to=${today}&resource=fnstatus&record_id=${id}`)).count).toBe(1);
    expect((await list(`date_to=2000-01-01`)).count).toBe(0);
    expect((await list('result=denied')).results.every((r) => r.result === 'denied')).toBe(true);
  });

  it('exports the trail as CSV: the rows the filter selects, in its order', async () => {
    const query = 'result=failure&order_by=at&order=asc';
    const page = await list(`no_page=1&${query}`);
    expect(page.count).toBeGreaterThan(1);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/audit/export/?format=csv&${query}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe(String(page.count));
    expect(res.body).toBe(expectedCsv(auditExportColumns, page.results));
  });

  it('keeps one unbroken chain under 30 concurrent writes, and names a row the owner rewrote', async () => {
    const writes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/fn-statuses/',
          headers: admin.headers,
          payload: { name: `Paralel növ ${i}`, description: 'Sınaq' },
        }),
      ),
    );
    expect(writes.map((w) => w.statusCode)).toEqual(Array(30).fill(201));
    const before = await verify();
    expect(before).toMatchObject({ ok: true, first_broken_id: null });
    expect(before.rows).toBeGreaterThanOrEqual(30);

    const [victim] = (await list('search=Paralel növ 7')).results;
    await t.database.asOwner((owner) =>
      owner.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
        await tx.execute(sql`update audit_log set object_name = 'başqa' where id = ${victim!.id}`);
        await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
      }),
    );
    expect(await verify()).toMatchObject({ ok: false, first_broken_id: victim!.id });
  });
});
