import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { reportMessages, reportSubscriptionLimit } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import readExcelFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { previousMonth, sendReportSubscriptions } from './subscriptions';

/** Report subscriptions: kept per user, mailed as Excel on the first of the month, each month once. */
describe('report subscriptions', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  const url = '/api/reports/subscriptions/';
  const call = (method: 'GET' | 'POST' | 'DELETE', path: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url: path, headers: who.headers, ...(payload ? { payload } : {}) });
  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
  });
  afterAll(async () => t?.close());

  it('reads the month before the first of a month', () => {
    expect(previousMonth('2026-12-01')).toEqual({ period: '2026-11', dateFrom: '2026-11-01', dateTo: '2026-11-30' });
    expect(previousMonth('2026-01-01')).toEqual({ period: '2025-12', dateFrom: '2025-12-01', dateTo: '2025-12-31' });
    expect(previousMonth('2024-03-01').dateTo).toBe('2024-02-29');
  });

  it('a user with report access subscribes, lists and ends their own; the same filters twice 409; bad input 400', async () => {
    const created = await call('POST', url, k.as.central, { group_by: 'transport_type', region: k.ganja });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ group_by: 'transport_type', region: k.ganja, last_sent_period: null });
    const again = await call('POST', url, k.as.central, { region: k.ganja, group_by: 'transport_type' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: reportMessages.subscriptionExists });
    const bad = await call('POST', url, k.as.central, { form_status: 9, colour: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().form_status).toEqual([reportMessages.formStatusInvalid]);
    expect((await call('GET', url, k.as.central)).json().map((s: { id: number }) => s.id)).toEqual([created.json().id]);
    // Another user sees none of it and cannot end it; a cashier has no reports.
    expect((await call('GET', url, k.as.admin)).json()).toEqual([]);
    expect((await call('DELETE', `${url}${created.json().id}/`, k.as.admin)).statusCode).toBe(404);
    expect((await call('GET', url, k.as.cashier)).statusCode).toBe(403);
    const ended = await call('DELETE', `${url}${created.json().id}/`, k.as.central);
    expect(ended.statusCode).toBe(204);
    expect((await call('GET', url, k.as.central)).json()).toEqual([]);
  });

  it(`keeps at most ${reportSubscriptionLimit} per user`, async () => {
    for (let validity = 1; validity <= reportSubscriptionLimit; validity += 1)
      expect((await call('POST', url, k.as.admin, { validity })).statusCode).toBe(201);
    const over = await call('POST', url, k.as.admin, { validity: 99 });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ detail: reportMessages.subscriptionsTooMany(reportSubscriptionLimit) });
    await t.database.db.execute(sql`delete from report_subscriptions`);
  });

  it('on the first of the month mails the report of the month before as Excel, once, and the worker sends it', async () => {
    const created = (await call('POST', url, k.as.central, { group_by: 'region' })).json() as { id: number };
    // The job's run on the first day of this month mails last month's report.
    const firstOfNext = `${new Date().toISOString().slice(0, 7)}-01`;
    const { period } = previousMonth(firstOfNext);
    // The worker waits while the outbox row is read (it empties a sent mail's body and attachments).
    await t.app.mailer.sender.stop();
    expect(await sendReportSubscriptions(t.database.db, firstOfNext)).toEqual({ period, mailed: 1, skipped: 0 });
    expect(await sendReportSubscriptions(t.database.db, firstOfNext)).toEqual({ period, mailed: 0, skipped: 0 });
    const [mail] = await rows<{ to: string; subject: string; attachments: { filename: string; content: string }[] }>(
      sql`select "to", subject, attachments from mail_outbox where kind = 'report_subscription'`,
    );
    expect(mail!.to).toBe('central@demo.az');
    expect(mail!.subject).toBe(`Hesabat: ${period}`);
    expect(mail!.attachments[0]!.filename).toBe(`hesabat-${period}.xlsx`);
    const workbook = await readExcelFile(Buffer.from(mail!.attachments[0]!.content, 'base64'));
    expect(workbook.map((s) => s.sheet)).toEqual(['Hesabat', 'Blanklar']);
    const [from, to] = [previousMonth(firstOfNext).dateFrom, previousMonth(firstOfNext).dateTo].map((d) =>
      d.split('-').reverse().join('.'),
    );
    expect(workbook[0]!.data.some((r) => r[0] === 'Dövr' && r[1] === `${from} – ${to}`)).toBe(true);
    expect((await call('GET', url, k.as.central)).json()[0].last_sent_period).toBe(period);

    t.app.mailer.sender.start();
    await t.app.mailer.drain();
    const [sent] = await rows<{ status: string; attachments: unknown }>(
      sql`select status, attachments from mail_outbox where kind = 'report_subscription'`,
    );
    expect(sent).toEqual({ status: 'sent', attachments: null });
    const files = await readdir(t.app.mailer.outboxDir);
    const eml = await Promise.all(files.map((f) => readFile(path.join(t.app.mailer.outboxDir, f), 'utf8')));
    expect(eml.some((m) => m.includes(`filename=hesabat-${period}.xlsx`))).toBe(true);

    // A user who lost the right to reports gets nothing.
    await t.database.db.execute(sql`delete from report_subscription_sends where subscription_id = ${created.id}`);
    await t.database.db.execute(sql`update users set is_active = false where email = 'central@demo.az'`);
    expect(await sendReportSubscriptions(t.database.db, firstOfNext)).toEqual({ period, mailed: 0, skipped: 1 });
    await t.database.db.execute(sql`update users set is_active = true where email = 'central@demo.az'`);
  });
});
