import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import type { FullConfig } from '@playwright/test';
import { SMTPServer } from 'smtp-server';
import { freePort, root, startServer } from '../../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';

/** A real SMTP server the app sends to; each message lands as a file the tests read. */
async function startMailCatcher(mailDir: string) {
  const port = await freePort();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        count += 1;
        writeFileSync(path.join(mailDir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * One server of the production build for each worker, each with its own fresh database, data folder and SMTP
 * catcher: the workers' tests run side by side without seeing each other's data (support/fixtures.ts picks the
 * worker's server by its parallel index).
 */
async function startSlot(work: string, slot: number) {
  const dataDir = path.join(work, `data-${slot}`);
  const mailDir = path.join(work, `mail-${slot}`);
  mkdirSync(mailDir, { recursive: true });
  const mail = await startMailCatcher(mailDir);
  // A fresh PostgreSQL database for this worker when DATABASE_URL names a server (npm test's run).
  const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL, 'dnx_e2e') : null;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    SMTP_URL: mail.url,
    // The suite signs in and fails on purpose many times from one address.
    LOGIN_RATE_LIMIT: '1000',
    FORGOT_PASSWORD_RATE_LIMIT: '1000',
    // And looks up wrong tracking codes and receipts on purpose, from that one address (issue 40's limit).
    PUBLIC_LOOKUP_RATE_LIMIT: '1000',
    // The widget's proof of work takes about a second at the production cost; every sign-in of the suite would wait
    // for it. The widget, its token and the server's check are the same at any cost
    // (docs/decisions/0002-one-test-command-and-ci.md).
    CAPTCHA_COST: '50',
    // A worker reuses the sessions it signed in through the screen (fixtures.ts, signedIn) while their access token
    // has five minutes left: half an hour of life lets a session serve a worker's tests without two contexts
    // refreshing the same token. Refreshing is tested on its own (auth.spec.ts).
    ACCESS_TOKEN_LIFETIME: '1800',
    // Every request's line (its id, route, user and status) in a file the tests read (fixtures.ts, serverLog).
    LOG_LEVEL: 'info',
  };
  if (database) {
    // The embedded database seeds itself on first start; a PostgreSQL one is seeded as an operator would.
    const seeded = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: 'inherit',
    });
    if (seeded.status !== 0) throw new Error('seeding the e2e database failed');
  }
  const logFile = path.join(work, `server-${slot}.log`);
  const server = await startServer({ env, logFile });
  process.env[`E2E_BASE_URL_${slot}`] = server.baseUrl;
  process.env[`E2E_SERVER_LOG_${slot}`] = logFile;
  process.env[`E2E_MAIL_DIR_${slot}`] = mailDir;
  return async () => {
    await server.stop();
    await mail.close();
    await database?.drop();
  };
}

export default async function globalSetup(config: FullConfig) {
  const work = mkdtempSync(path.join(tmpdir(), 'dnx-e2e-'));
  process.env.E2E_WORK_DIR = work;
  mkdirSync(path.join(root, 'apps/web/e2e/screenshots'), { recursive: true });
  const slots = Array.from({ length: config.workers }, (_, slot) => slot);
  const stops = await Promise.all(slots.map((slot) => startSlot(work, slot)));
  return async () => {
    await Promise.all(stops.map((stop) => stop()));
    rmSync(work, { recursive: true, force: true });
  };
}
