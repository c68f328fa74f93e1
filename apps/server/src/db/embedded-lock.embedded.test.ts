import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authMessages } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuild, root, startServer } from '../../../../scripts/lib/server-process.mjs';
import { EmbeddedDatabaseBusyError, lockEmbeddedDatabase } from './embedded-lock';

/**
 * The embedded database is one process's (issue 25): a second server or command on the same data folder stops with
 * a clear message and a non-zero exit and touches nothing; a lock left by a dead process is taken over; production
 * refuses the embedded database unless told so on purpose. Against the server build, as an operator runs it.
 */

const cli = (dataDir: string, args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });

/** Runs the server build until it exits by itself (it is expected to refuse); its exit code and standard error. */
function serverRefusal(dataDir: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

describe('the lock of the embedded database folder', () => {
  it('refuses a second holder in this process and takes over a lock whose process is gone', () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'dnx-lock-')), 'pglite');
    const first = lockEmbeddedDatabase(dir, 'the first');
    expect(() => lockEmbeddedDatabase(dir, 'the second')).toThrow(EmbeddedDatabaseBusyError);
    expect(() => lockEmbeddedDatabase(dir, 'the second')).toThrow(/in use by the first \(process \d+/);
    first.release();
    expect(existsSync(`${dir}.lock`)).toBe(false);

    // A lock left by a process that died: its pid names no process.
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: Number(dead.stdout), command: 'gone', since: 'then' }));
    const again = lockEmbeddedDatabase(dir, 'the next');
    expect(JSON.parse(readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, command: 'the next' });
    again.release();
    rmSync(path.dirname(dir), { recursive: true, force: true });
  });
});

describe('one process on an embedded data folder (server build)', () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startServer>>;

  beforeAll(async () => {
    ensureServerBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-one-process-'));
    server = await startServer({ env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' } });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a second server and every command that opens the database stop with a message and touch nothing', async () => {
    const lock = readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8');
    const second = await serverRefusal(dataDir);
    expect(second.code).not.toBe(0);
    expect(second.stderr).toContain(`The embedded database in ${path.join(dataDir, 'pglite')} is in use by the server`);

    for (const command of ['seed', 'migrate']) {
      const run = cli(dataDir, [command]);
      expect(run.status, command).toBe(1);
      expect(run.stderr, command).toContain('is in use by the server');
    }
    // The chain checks are useful while it runs: they ask the server, over its socket in the data folder.
    for (const command of ['verify-ledger', 'verify-audit']) {
      const run = cli(dataDir, [command]);
      expect(run.status, command).toBe(0);
      expect(run.stderr, command).toMatch(/Asked the running server \(process \d+\)/);
      expect(JSON.parse(run.stdout), command).toMatchObject({ ok: true, first_broken_id: null });
      expect(JSON.parse(run.stdout).rows, command).toBeGreaterThan(0);
    }
    const admin = cli(dataDir, ['create-admin', '--email', 'second@demo.az'], { ADMIN_PASSWORD: 'Ikinci2026parol' });
    expect(admin.status).toBe(1);
    expect(admin.stderr).toContain('is in use by the server');
    // A backup is taken by the server; a restore into its folder is refused, even when told to replace.
    const backup = cli(dataDir, ['backup', path.join(dataDir, 'running.dnx')]);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stderr).toMatch(/Asked the running server \(process \d+\)/);
    expect(JSON.parse(backup.stdout)).toMatchObject({ format: 'dnx-backup', kind: 'embedded' });
    const restore = cli(dataDir, ['restore', path.join(dataDir, 'running.dnx'), '--replace']);
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain('is in use by the server');

    // The lock is the first server's still, and it serves.
    expect(readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8')).toBe(lock);
    expect((await fetch(`${server.baseUrl}/api/health/`)).status).toBe(200);
  });

  it('once the server has stopped, a command opens the folder; a killed server leaves nothing in the way', async () => {
    await server.stop();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    const verified = cli(dataDir, ['verify-ledger']);
    expect(verified.status).toBe(0);
    expect(JSON.parse(verified.stdout)).toMatchObject({ ok: true });
    // A common password is refused here as on every other path that sets one.
    const weak = cli(dataDir, ['create-admin', '--email', 'weak@agency.az'], { ADMIN_PASSWORD: 'Password123' });
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain(authMessages.passwordTooCommon);
    // With the server stopped, the commands open the folder themselves: a backup, and its restore elsewhere.
    const backup = cli(dataDir, ['backup', path.join(dataDir, 'stopped.dnx')]);
    expect(backup.status, backup.stderr).toBe(0);
    const elsewhere = path.join(dataDir, 'elsewhere');
    const restored = cli(elsewhere, ['restore', path.join(dataDir, 'stopped.dnx')]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(JSON.parse(restored.stdout)).toMatchObject({ ok: true, tablesDiffering: [] });
    expect(restored.stderr).toMatch(/both chains intact; the counts match the backup/);

    server = await startServer({ env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' } });
    await server.kill();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
    server = await startServer({ env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' } });
    expect((await fetch(`${server.baseUrl}/api/health/`)).status).toBe(200);
    // Five commands and two starts, each opening the folder: about 20 s on a quiet 2-core machine, more on a busy one.
  }, 90_000);

  it('production refuses the embedded database unless EMBEDDED_DATABASE_IN_PRODUCTION=true', async () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      MFA_ENCRYPTION_KEY: 'y'.repeat(40),
      PUBLIC_URL: 'http://localhost',
    };
    const fresh = mkdtempSync(path.join(tmpdir(), 'dnx-production-'));
    try {
      const refused = await serverRefusal(fresh, production);
      expect(refused.code).toBe(78);
      expect(refused.stderr).toContain('Refusing to run NODE_ENV=production on the embedded database');
      expect(existsSync(path.join(fresh, 'pglite'))).toBe(false);
      expect(cli(fresh, ['migrate'], production).stderr).toContain('Refusing to run NODE_ENV=production');

      const allowed = await startServer({
        env: { ...production, DATA_DIR: fresh, DATABASE_URL: '', EMBEDDED_DATABASE_IN_PRODUCTION: 'true' },
      });
      expect((await fetch(`${allowed.baseUrl}/api/health/`)).status).toBe(200);
      await allowed.stop();
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});
