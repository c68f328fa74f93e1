import { jobMessages } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { captchaSolutions, jobRuns, mailOutbox, rateLimitHits } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Scheduled work on the job queue (issue 26): each job is on pg-boss's schedule, its runs are recorded, an
 * administrator sees them and runs one now; the nightly check mails the administrators when a chain is broken; the
 * cleanup forgets what has served its time.
 */
describe('scheduled jobs', () => {
  let t: TestApp;
  let admin: SignedIn;
  const get = (url: string, who = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
  });
  afterAll(async () => t?.close());

  it('lists each job with its schedule in Baku time and its next run; only for administrators', async () => {
    const res = await get('/api/jobs/');
    expect(res.statusCode).toBe(200);
    const jobs = res.json() as { name: string; label: string; cron: string; time_zone: string; next_run_at: string }[];
    expect(jobs.map((j) => j.name)).toEqual([
      'bank-late-credits',
      'chain-check',
      'cleanup',
      'expiry-reminders',
      'report-subscriptions',
      'report-summaries-fold',
    ]);
    for (const job of jobs) {
      // Each job has its label on the screen, never its bare name.
      expect(job.label, job.name).toMatch(/^\S/);
      expect(job.label, job.name).not.toBe(job.name);
      expect(job.time_zone).toBe('Asia/Baku');
      expect(Date.parse(job.next_run_at)).toBeGreaterThan(Date.now());
    }
    // The nightly check at 02:15 in Baku is 22:15 UTC.
    expect(new Date(jobs[1]!.next_run_at).getUTCHours()).toBe(22);
    expect(new Date(jobs[1]!.next_run_at).getUTCMinutes()).toBe(15);
    const cashier = await signInAs(t, 'cashier@demo.az');
    expect((await get('/api/jobs/', cashier)).statusCode).toBe(403);
    // Each is on the queue's schedule.
    const schedules = (await t.database.db.execute(
      sql`select name, cron, timezone from pgboss.schedule order by name`,
    )) as unknown as {
      rows: { name: string; cron: string; timezone: string }[];
    };
    expect(schedules.rows).toEqual([
      { name: 'bank-late-credits', cron: '*/10 * * * *', timezone: 'Asia/Baku' },
      { name: 'chain-check', cron: '15 2 * * *', timezone: 'Asia/Baku' },
      { name: 'cleanup', cron: '7 * * * *', timezone: 'Asia/Baku' },
      { name: 'expiry-reminders', cron: '0 9 * * *', timezone: 'Asia/Baku' },
      { name: 'report-subscriptions', cron: '0 7 1 * *', timezone: 'Asia/Baku' },
      { name: 'report-summaries-fold', cron: '37 * * * *', timezone: 'Asia/Baku' },
    ]);
  });

  it('cleans up spent captcha solutions, old rate-limit rows and old sent mails, and records the run', async () => {
    const db = t.database.db;
    await db.insert(captchaSolutions).values({ hash: 'spent-solution', expiresAt: new Date(Date.now() - 60_000) });
    await db
      .insert(rateLimitHits)
      .values({ scope: 'signin:pair', key: 'old', createdAt: new Date(Date.now() - 2 * 86_400_000) });
    await db.insert(mailOutbox).values({
      kind: 'password_reset',
      to: 'old@example.az',
      subject: 'Köhnə',
      text: '',
      html: '',
      status: 'sent',
      sentAt: new Date(Date.now() - 100 * 86_400_000),
    });
    const result = await t.app.jobs.run('cleanup', 'test');
    expect(result).toMatchObject({ ok: true, summary: { captcha_solutions: 1, rate_limit_hits: 1, sent_mails: 1 } });
    const jobs = (await get('/api/jobs/')).json() as { name: string; last_run: Record<string, unknown> | null }[];
    expect(jobs.find((j) => j.name === 'cleanup')!.last_run).toMatchObject({ ok: true, trigger: 'test', error: null });
  });

  it("runs a job now at an administrator's word, on the queue: one run, named by who asked", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/jobs/cleanup/run/', headers: admin.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ detail: jobMessages.started });
    await vi.waitFor(
      async () => {
        const runs = await t.database.db.select().from(jobRuns).where(eq(jobRuns.trigger, 'admin@demo.az'));
        expect(runs).toHaveLength(1);
        expect(runs[0]!.ok).toBe(true);
      },
      { timeout: 15_000, interval: 250 },
    );
    const unknown = await t.app.inject({ method: 'POST', url: '/api/jobs/no-such-job/run/', headers: admin.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: jobMessages.unknown });
  });

  it('the nightly check passes on intact chains, and mails the administrators when the audit chain is broken', async () => {
    expect(await t.app.jobs.run('chain-check', 'test')).toMatchObject({
      ok: true,
      summary: { ok: true, administrators_mailed: 0 },
    });
    // Someone with the owner's rights changes a row of the audit trail.
    await t.database.asOwner(async (db) => {
      await db.execute(sql`alter table audit_log disable trigger user`);
      await db.execute(
        sql`update audit_log set object_name = 'dəyişdirilib' where id = (select min(id) from audit_log)`,
      );
      await db.execute(sql`alter table audit_log enable trigger user`);
    });
    const result = await t.app.jobs.run('chain-check', 'test');
    expect(result.summary).toMatchObject({ ok: false, audit: { ok: false }, ledger: { ok: true } });
    expect(result.summary!.administrators_mailed).toBeGreaterThanOrEqual(1);
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'chain_check'));
    expect(mails.map((m) => m.to)).toContain('admin@demo.az');
    expect(mails[0]!.text).toContain('Audit jurnalının zənciri qırılıb');
  });
});
