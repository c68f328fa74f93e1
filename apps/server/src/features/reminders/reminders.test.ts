import { reminderMessages } from '@dnx/shared';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { sendExpiryReminders } from './service';

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Reminders to carriers 30 and 7 days before their paid forms expire, once each, and the carrier's opt-out. */
describe('expiry reminders', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  const voen = '1999999991';
  const email = 'reminders@dasiyici.az';
  let validTo: string;
  let forms: { id: number; series: string; number: string }[];

  const rows = async <R>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: R[] }).rows;
  /** The reminders as they went out: the worker sends them at once (and empties a sent mail's body), so each is
   * read from the outbox's file, in order. */
  const mails = async (): Promise<OutboxMail[]> => {
    await t.app.mailer.drain();
    const listed = await rows<{ to: string; subject: string }>(
      sql`select "to", subject from mail_outbox where kind = 'expiry_reminder' order by id`,
    );
    const dir = t.app.mailer.outboxDir;
    const files = (await readdir(dir).catch(() => [] as string[])).sort();
    const bodies = (await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8'))))
      .map((m) => m.replace(/=\r?\n/g, '').replace(/=3D/g, '='))
      .filter((m) => m.includes('/reminders/opt-out/'));
    return listed.map((mail, i) => ({ ...mail, text: bodies[bodies.length - listed.length + i] ?? '' }));
  };
  const dayBefore = (days: number) => new Date(Date.parse(validTo) - days * 86_400_000).toISOString().slice(0, 10);
  const run = (today: string) => sendExpiryReminders(t.database.db, t.app.publicOrigin, today);

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    const carrier = await k.request('POST', '/api/carriers/', k.as.admin, {
      name: 'Xatırlatma MMC',
      voen,
      phone: '+994501234567',
      email: 'Reminders@Dasiyici.az',
    });
    expect(carrier.statusCode, carrier.body).toBe(201);
    expect(carrier.json()).toMatchObject({ email, expiry_reminders: 1 });
    expect(carrier.json()).not.toHaveProperty('reminder_token');
    ({ forms } = await k.payForms(voen, 2));
    const [form] = await rows<{ valid_to: string }>(
      sql`select valid_to::text from fn_forms where id = ${forms[0]!.id}`,
    );
    validTo = form!.valid_to;
  });
  afterAll(async () => t?.close());

  it('mails the carrier 30 days and then 7 days before, listing its forms, each reminder once', async () => {
    expect(await run(dayBefore(31))).toEqual({ carriers_mailed: 0, forms_reminded: 0 });
    expect(await run(dayBefore(30))).toEqual({ carriers_mailed: 1, forms_reminded: 2 });
    // Again the same day, and the next days until the 7-day mark: nothing more.
    expect(await run(dayBefore(30))).toEqual({ carriers_mailed: 0, forms_reminded: 0 });
    expect(await run(dayBefore(8))).toEqual({ carriers_mailed: 0, forms_reminded: 0 });
    expect(await run(dayBefore(7))).toEqual({ carriers_mailed: 1, forms_reminded: 2 });
    expect(await run(dayBefore(1))).toEqual({ carriers_mailed: 0, forms_reminded: 0 });
    const sent = await mails();
    expect(sent.map((m) => [m.to, m.subject])).toEqual([
      [email, 'Blanklarınızın müddəti 30 gün sonra bitir'],
      [email, 'Blanklarınızın müddəti 7 gün sonra bitir'],
    ]);
    for (const form of forms) expect(sent[0]!.text).toContain(`${form.series} ${form.number}`);
    expect(sent[0]!.text).toMatch(/\/reminders\/opt-out\/[0-9a-f-]{36}/);
  });

  it("a form first seen within 7 days gets the 7-day reminder only; an annulled or other carrier's form none", async () => {
    await t.database.db.execute(sql`delete from fn_expiry_reminders`);
    await t.database.db.execute(sql`delete from mail_outbox where kind = 'expiry_reminder'`);
    await rm(t.app.mailer.outboxDir, { recursive: true, force: true });
    await t.database.db.execute(sql`update fn_forms set annulled = true where id = ${forms[1]!.id}`);
    expect(await run(dayBefore(5))).toEqual({ carriers_mailed: 1, forms_reminded: 1 });
    expect(await run(dayBefore(5))).toEqual({ carriers_mailed: 0, forms_reminded: 0 });
    const [mail] = await mails();
    expect(mail!.text).toContain(`${forms[0]!.series} ${forms[0]!.number}`);
    expect(mail!.text).not.toContain(`${forms[1]!.series} ${forms[1]!.number}`);
    await t.database.db.execute(sql`update fn_forms set annulled = false where id = ${forms[1]!.id}`);
  });

  it('the carrier opts out from the link (POST, audited); a wrong or malformed link 404', async () => {
    const [mail] = await mails();
    const token = /\/reminders\/opt-out\/([0-9a-f-]{36})/.exec(mail!.text)![1]!;
    const read = await t.app.inject({ method: 'GET', url: `/api/public/reminders/${token}/` });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ carrier: 'Xatırlatma MMC', expiry_reminders: 1 });
    const out = await t.app.inject({ method: 'POST', url: `/api/public/reminders/${token}/opt-out/` });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ carrier: 'Xatırlatma MMC', expiry_reminders: 0 });
    const [audit] = await rows<{ resource: string; changes: Record<string, unknown> }>(
      sql`select resource, changes from audit_log where resource = 'carrier' order by id desc limit 1`,
    );
    expect(audit!.changes).toHaveProperty('expiry_reminders');
    // Opted out: nothing more, whatever is due.
    await t.database.db.execute(sql`delete from fn_expiry_reminders`);
    expect(await run(dayBefore(20))).toEqual({ carriers_mailed: 0, forms_reminded: 0 });

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/public/reminders/00000000-0000-4000-8000-000000000000/opt-out/',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: reminderMessages.tokenUnknown });
    // A malformed link names no carrier: 404, as a malformed id in a path is.
    const malformed = await t.app.inject({ method: 'GET', url: '/api/public/reminders/nope/' });
    expect(malformed.statusCode).toBe(404);
    // The staff's form shows the choice, and can turn the reminders on again.
    const list = await k.request('GET', `/api/carriers/?voen=${voen}`, k.as.admin);
    expect(list.json().results[0].expiry_reminders).toBe(0);
  });

  it('is one of the scheduled jobs, run daily at 09:00 in Baku', async () => {
    const jobs = (await k.request('GET', '/api/jobs/', k.as.admin)).json() as { name: string; cron: string }[];
    expect(jobs.find((j) => j.name === 'expiry-reminders')?.cron).toBe('0 9 * * *');
  });
});
