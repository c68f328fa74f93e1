import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../build.mjs';
import { freePort, root, waitForHealth } from '../../../scripts/lib/server-process.mjs';
import { watchdogExitCode } from '../../../scripts/lib/supervise.mjs';
import { createThrowawayDatabase } from '../../../scripts/lib/throwaway-database.mjs';
import { blockedSignal, memoryExitCode } from './lib/watchdog';

/**
 * The watchdog (issue 40) on the bundled server as a real process: a blocked event loop and memory past its cap each
 * end the process with a fatal log line, and the launcher `npm start` runs (scripts/lib/supervise.mjs) starts it
 * again, but not once it is stopped.
 */

interface Run {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

const fatalLines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 60);

describe(`the watchdog (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let bundleDir = '';
  const cleanups: (() => Promise<void> | void)[] = [];
  beforeAll(async () => {
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
    bundleDir = mkdtempSync(path.join(root, 'node_modules/.cache/dnx-watchdog-'));
    await bundleServer(bundleDir, ['server.ts']);
  }, 120_000);
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(bundleDir, { recursive: true, force: true });
  });

  /** Runs `command` (the bundled server, or a launcher of it) on a data folder and database of its own. */
  async function run(env: Record<string, string>, command = [path.join(bundleDir, 'server.js')]): Promise<Run> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-watchdog-'));
    const database = process.env.DATABASE_URL
      ? await createThrowawayDatabase(process.env.DATABASE_URL, 'dnx_watchdog')
      : null;
    const port = await freePort();
    const child = spawn(process.execPath, command, {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        DATABASE_URL: database?.url ?? '',
        NODE_ENV: 'test',
        SEED_DEMO: 'never',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
    );
    cleanups.push(async () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // gone already
      }
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    });
    return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
  }

  const block = (baseUrl: string) => fetch(`${baseUrl}/api/test/block-event-loop/`, { method: 'POST' });

  it(
    'kills a process whose event loop stays blocked past WATCHDOG_EVENT_LOOP_LIMIT, with a fatal line',
    { timeout: 120_000 },
    async () => {
      const server = await run({ WATCHDOG_TEST_BLOCK: 'true', WATCHDOG_EVENT_LOOP_LIMIT: '1000' });
      await waitForHealth(server.baseUrl);
      expect((await block(server.baseUrl)).status).toBe(200);
      const blockedAt = Date.now();
      // The loop blocks just after the answer left; the liveness probe a moment later finds no one to answer it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const live = fetch(`${server.baseUrl}/api/health/live/`).then(
        (res) => res.status,
        () => 'no answer',
      );
      const end = await server.exited;
      expect(end).toMatchObject({ code: null, signal: blockedSignal });
      // Within the limit and the watchdog's check (a quarter of it), with room for a busy machine.
      expect(end.at - blockedAt).toBeLessThan(1000 + 3000);
      expect(await live).toBe('no answer');
      const fatal = fatalLines(server.output()) as { msg: string; blockedMs?: number }[];
      expect(fatal).toEqual([
        expect.objectContaining({ msg: expect.stringMatching(/^event loop blocked past WATCHDOG_EVENT_LOOP_LIMIT/) }),
      ]);
      // The heartbeat stood still at least the limit (it last moved up to 250 ms before the loop blocked).
      expect(fatal[0]!.blockedMs).toBeGreaterThanOrEqual(1000);
    },
  );

  it(
    'ends a process whose memory passed WATCHDOG_MEMORY_LIMIT with its exit code and a fatal line',
    { timeout: 120_000 },
    async () => {
      const server = await run({ WATCHDOG_MEMORY_LIMIT: '32' });
      const end = await server.exited;
      expect(end).toMatchObject({ code: memoryExitCode, signal: null });
      expect(fatalLines(server.output())).toEqual([
        expect.objectContaining({ msg: expect.stringMatching(/^memory past WATCHDOG_MEMORY_LIMIT/), limitMb: 32 }),
      ]);
    },
  );

  it(
    "is started again by npm start's launcher after its watchdog ended it, and not once it is stopped",
    { timeout: 120_000 },
    async () => {
      expect(watchdogExitCode).toBe(memoryExitCode);
      const supervise = path.join(root, 'scripts/lib/supervise.mjs');
      const launcher = await run({ WATCHDOG_TEST_BLOCK: 'true', WATCHDOG_EVENT_LOOP_LIMIT: '1000' }, [
        '--input-type=module',
        '-e',
        `import { supervise } from ${JSON.stringify(supervise)};
       supervise([process.execPath, ${JSON.stringify(path.join(bundleDir, 'server.js'))}], {}, { firstWaitMs: 200 });`,
      ]);
      await waitForHealth(launcher.baseUrl);
      expect((await block(launcher.baseUrl)).status).toBe(200);
      // Killed by its watchdog, then started again on the same port and data.
      for (let i = 0; i < 200 && !launcher.output().includes('starting it again'); i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(launcher.output()).toContain('The server was killed (SIGKILL): starting it again in 0.2 s.');
      await waitForHealth(launcher.baseUrl, 60_000, '/api/health/ready/');
      expect(fatalLines(launcher.output())).toHaveLength(1);

      // Stopped: the server drains and exits, and so does the launcher, without a restart.
      process.kill(launcher.child.pid!, 'SIGTERM');
      const end = await launcher.exited;
      expect(end).toMatchObject({ code: 0, signal: null });
      expect(launcher.output().match(/starting it again/g)).toHaveLength(1);
    },
  );
});
