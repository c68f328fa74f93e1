import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../../../../../scripts/lib/postgres-cluster.mjs';
import { ensureServerBuild, freePort, root, startServer } from '../../../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../../../scripts/lib/throwaway-database.mjs';

/**
 * A mail whose change committed survives its process (issue 26): the server is killed (SIGKILL) while it sends a
 * reset mail (its SMTP server never answers), and the mail goes out once, from the next process, when the dead
 * one's claim runs out. A PostgreSQL-only test, against the server build in its own process.
 */
describe('a mail of a killed server process', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
  let database: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  let dataDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    ensureServerBuild();
    if (!process.env.DATABASE_URL) cluster = await startCluster();
    database = await createThrowawayDatabase(process.env.DATABASE_URL || cluster!.url, 'dnx_mail_crash');
    dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-mail-crash-'));
    env = {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://localhost',
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'never',
      MAIL_CLAIM_LEASE: '3',
    };
    const seeded = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
      cwd: root,
      env: { ...process.env, ...env, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    });
    if (seeded.status !== 0) throw new Error('seeding failed');
  }, 180_000);

  afterAll(async () => {
    await database?.drop();
    cluster?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('SIGKILL while the mail is being sent: the next process sends it, once', { timeout: 120_000 }, async () => {
    const owner = new pg.Client({ connectionString: database.url });
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
      let server = await startServer({ env: { ...env, SMTP_URL: `smtp://127.0.0.1:${holePort}` } });
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

      server = await startServer({ env: { ...env, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
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
