import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
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

export default async function globalSetup() {
  const work = mkdtempSync(path.join(tmpdir(), 'dnx-e2e-'));
  const dataDir = path.join(work, 'data');
  const mailDir = path.join(work, 'mail');
  mkdirSync(mailDir, { recursive: true });
  mkdirSync(path.join(root, 'apps/web/e2e/screenshots'), { recursive: true });

  const mail = await startMailCatcher(mailDir);
  // A fresh PostgreSQL database for this run when DATABASE_URL names a server (CI's second pass).
  const database = process.env.DATABASE_URL ? await createThrowawayDatabase(process.env.DATABASE_URL, 'dnx_e2e') : null;
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    SMTP_URL: mail.url,
    // The suite signs in and fails on purpose many times from one address.
    LOGIN_RATE_LIMIT: '1000',
    FORGOT_PASSWORD_RATE_LIMIT: '1000',
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
  const server = await startServer({ env });
  process.env.E2E_BASE_URL = server.baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await server.stop();
    await mail.close();
    await database?.drop();
    rmSync(work, { recursive: true, force: true });
  };
}
