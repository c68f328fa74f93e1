import net from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer } from '../../../../../scripts/lib/server-process.mjs';
import { seededProductionDatabase } from '../../test/production-server';

/**
 * A mail whose change committed survives its process (issue 26): the server is killed (SIGKILL) while it sends a
 * reset mail (its SMTP server never answers), and the mail goes out once, from the next process, when the dead
 * one's claim runs out. A PostgreSQL-only test, against the server build in its own process.
 */
describe('a mail of a killed server process', () => {
  let setup: Awaited<ReturnType<typeof seededProductionDatabase>>;

  beforeAll(async () => {
    setup = await seededProductionDatabase('dnx_mail_crash', { MAIL_CLAIM_LEASE: '3' });
  }, 180_000);
  afterAll(async () => setup?.dispose());

  it('SIGKILL while the mail is being sent: the next process sends it, once', { timeout: 120_000 }, async () => {
    const owner = new pg.Client({ connectionString: setup.database.url });
    await owner.connect();
    // An SMTP server that takes the connection and never greets: the send hangs there.
    const sockets: net.Socket[] = [];
    const hole = net.createServer((socket) => sockets.push(socket));
    const holePort = await freePort();
    await new Promise<void>((resolve) => hole.listen(holePort, '127.0.0.1', resolve));
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
          callback();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
    try {
      let server = await startServer({ env: { ...setup.env, SMTP_URL: `smtp://127.0.0.1:${holePort}` } });
      const asked = await fetch(`${server.baseUrl}/api/user/users/forgot-password/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.az' }),
      });
      expect(asked.status).toBe(200);
      // The worker has the mail and waits for the silent server's greeting.
      const claimed = async () =>
        (
          await owner.query<{ n: number }>(
            "select count(*)::int as n from mail_outbox where status = 'pending' and claimed_until > now()",
          )
        ).rows[0]!.n;
      await expect.poll(claimed, { timeout: 15_000 }).toBe(1);
      await expect.poll(() => sockets.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await server.kill();

      server = await startServer({ env: { ...setup.env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
      try {
        await expect.poll(() => received, { timeout: 30_000 }).toEqual(['admin@demo.az']);
        await new Promise((resolve) => setTimeout(resolve, 2_000));
        expect(received).toEqual(['admin@demo.az']);
        const [mail] = (await owner.query('select status, attempts from mail_outbox')).rows;
        expect(mail).toEqual({ status: 'sent', attempts: 1 });
      } finally {
        await server.stop();
      }
    } finally {
      for (const socket of sockets) socket.destroy();
      hole.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      await owner.end();
    }
  });
});
