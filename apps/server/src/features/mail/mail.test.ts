import { mailExportColumns, mailMessages, type MailItem } from '@dnx/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../../../scripts/lib/server-process.mjs';
import { mailOutbox } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Durable mail (issue 26): a mail is a row of the outbox written with the change that causes it; the worker sends it
 * with retries and backoff. SMTP down, then up: every mail arrives exactly once. Given up after its attempts: an
 * administrator sees it (never its body) and retries it.
 */

/** A real SMTP server on `port` that keeps what it receives. */
async function smtpCatcher(port: number) {
  const received: { to: string; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('the mail outbox', () => {
  let t: TestApp;
  let port: number;
  let admin: SignedIn;
  const outbox = () => t.database.db.select().from(mailOutbox).orderBy(mailOutbox.id);
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/users/forgot-password/', payload: { email } });

  beforeAll(async () => {
    port = await freePort();
    // Nothing listens on the port yet: SMTP is down. Retries come after 1 s, 2 s, ...; three attempts at most.
    t = await createTestApp({
      seed: true,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_RETRY_DELAY: '1',
        MAIL_MAX_ATTEMPTS: '3',
        FORGOT_PASSWORD_RATE_LIMIT: '100',
      },
    });
    admin = await signInAs(t, 'admin@demo.az');
  });
  afterAll(async () => t?.close());

  it('keeps mails while SMTP is down and sends each exactly once when it is back', async () => {
    for (const email of ['central@demo.az', 'cashier@demo.az', 'operator@demo.az'])
      expect((await forgot(email)).statusCode).toBe(200);
    await t.app.mailer.drain();
    const waiting = (await outbox()).filter((m) => m.kind === 'password_reset');
    expect(waiting).toHaveLength(3);
    for (const mail of waiting) {
      expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
      expect(mail.lastError).toBeTruthy();
      expect(mail.text).toContain('/reset-password/');
    }

    const smtp = await smtpCatcher(port);
    try {
      await vi.waitFor(
        async () => {
          const rows = (await outbox()).filter((m) => m.kind === 'password_reset');
          if (rows.some((m) => m.status !== 'sent')) throw new Error('not all sent yet');
        },
        { timeout: 15_000, interval: 200 },
      );
      // Later passes send nothing again.
      await t.app.mailer.drain();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const recipients = smtp.received.map((m) => m.to).sort();
      expect(recipients).toEqual(['cashier@demo.az', 'central@demo.az', 'operator@demo.az']);
      // Sent: the reset link (a credential) is no longer kept.
      for (const mail of (await outbox()).filter((m) => m.kind === 'password_reset')) {
        expect(mail).toMatchObject({ status: 'sent', attempts: 2, lastError: null, text: '', html: '' });
        expect(mail.sentAt).toBeInstanceOf(Date);
      }
    } finally {
      await smtp.close();
    }
  });

  it('gives a mail up after its attempts; an administrator sees it without its body and sends it again', async () => {
    expect((await forgot('inspector@demo.az')).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        const [mail] = (await outbox()).filter((m) => m.to === 'inspector@demo.az');
        if (mail?.status !== 'failed') throw new Error('not given up yet');
      },
      { timeout: 15_000, interval: 200 },
    );
    const list = await t.app.inject({ method: 'GET', url: '/api/mail-outbox/?status=failed', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const [failed] = list.json().results as Record<string, unknown>[];
    expect(failed).toMatchObject({ to: 'inspector@demo.az', status: 'failed', attempts: 3, kind: 'password_reset' });
    expect(failed).not.toHaveProperty('text');
    expect(JSON.stringify(list.json())).not.toContain('/reset-password/');
    // Not for every role.
    const cashier = await signInAs(t, 'cashier@demo.az');
    expect((await t.app.inject({ method: 'GET', url: '/api/mail-outbox/', headers: cashier.headers })).statusCode).toBe(
      403,
    );

    const smtp = await smtpCatcher(port);
    try {
      const retried = await t.app.inject({
        method: 'POST',
        url: `/api/mail-outbox/${failed!.id}/retry/`,
        headers: admin.headers,
      });
      expect(retried.statusCode, retried.body).toBe(200);
      await vi.waitFor(() => expect(smtp.received.map((m) => m.to)).toEqual(['inspector@demo.az']), {
        timeout: 10_000,
      });
      const again = await t.app.inject({
        method: 'POST',
        url: `/api/mail-outbox/${failed!.id}/retry/`,
        headers: admin.headers,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ detail: mailMessages.notFailed });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/mail-outbox/999999/retry/', headers: admin.headers }))
          .statusCode,
      ).toBe(404);
    } finally {
      await smtp.close();
    }
  });

  it('writes a mail only with the change that causes it: a rolled back change leaves none', async () => {
    const before = (await outbox()).length;
    const { enqueueMail } = await import('./outbox');
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueMail(tx, 'password_reset', { to: 'x@example.az', subject: 's', text: 't', html: 'h' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await outbox()).length).toBe(before);
  });

  it('exports the outbox as CSV: the mails the filter selects, in its order, never a body', async () => {
    const query = 'status=sent&order_by=created_at&order=desc';
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: admin.headers });
    // The worker is done: nothing changes between the list and its export.
    await vi.waitFor(async () => expect((await outbox()).every((m) => m.status === 'sent')).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
    const list = (await get(`/api/mail-outbox/?no_page=1&${query}`)).json();
    expect(list.count).toBeGreaterThan(1);
    const res = await get(`/api/mail-outbox/export/?format=csv&${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe(String(list.count));
    expect(res.body).toBe(expectedCsv(mailExportColumns, list.results as MailItem[]));
    expect(res.body).not.toContain('/reset-password/');
  });
});
