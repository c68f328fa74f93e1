// Starts the production build as one process on a free port, for end-to-end tests and benchmarks.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './server-flags.mjs';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { Secret, TOTP } from 'otpauth';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Builds the server (dist/server.js, dist/cli.js) when it is absent; test files running side by side take turns on
 * a lock folder, so one builds and the others wait for it (`npm test` builds before any test runs).
 */
export function ensureServerBuild() {
  const dist = path.join(root, 'apps/server/dist');
  const built = () => existsSync(path.join(dist, 'server.js')) && existsSync(path.join(dist, 'cli.js'));
  if (built()) return;
  const lock = `${dist}.building`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`waited 3 minutes for ${lock}: remove it if no build runs`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (built()) return;
    const result = spawnSync('npm', ['run', 'build', '-w', '@dnx/server'], { cwd: root, stdio: 'ignore' });
    if (result.status !== 0) throw new Error('server build failed');
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function waitForHealth(baseUrl, timeoutMs = 90_000, healthPath = '/api/health/') {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}${healthPath}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${baseUrl} did not become healthy in ${timeoutMs} ms`);
}

/**
 * Spawns `command` (default: the server build, as `npm start` runs it) with the given environment and waits until /api/health/ answers.
 * Returns the base URL, the milliseconds it took, and a stop function that sends SIGTERM and waits for exit.
 */
export async function startServer({
  env = {},
  // SERVER_ENTRY: another build's server.js (an older commit's, built in a worktree), to measure old against new.
  command = [
    process.execPath,
    ...serverNodeFlags,
    ...(process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    process.env.SERVER_ENTRY || 'apps/server/dist/server.js',
  ],
  quiet = true,
  logFile = null,
  healthTimeoutMs = 90_000,
  healthPath = '/api/health/',
  // A port of the caller's (a process replaced on the address a proxy sends to); else a free one.
  port: fixedPort = null,
} = {}) {
  const port = fixedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    // The log lines (standard output) go to `logFile` when given (a test reads them), else nowhere when quiet.
    stdio: logFile
      ? ['ignore', openSync(logFile, 'a'), 'inherit']
      : quiet
        ? ['ignore', 'ignore', 'inherit']
        : 'inherit',
    detached: true,
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  await Promise.race([
    waitForHealth(baseUrl, healthTimeoutMs, healthPath),
    exited.then((code) => {
      throw new Error(`server exited with ${code} before it was healthy`);
    }),
  ]);
  const ms = performance.now() - started;
  return {
    baseUrl,
    ms,
    /** The process id (of `npm` when the command is `npm start`). */
    pid: child.pid,
    /** Kills the process at once (SIGKILL), as a crash or an out-of-memory kill would; resolves when it is gone. */
    kill: async () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        return;
      }
      await exited;
    },
    /** SIGTERM; resolves with the exit code once it is gone (1 when it outlived its own grace and was ended). */
    stop: async () => {
      // The whole process group: `npm start` runs the server as a child.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        return null;
      }
      return exited;
    },
  };
}

/** Signs in (the demo administrator by default) the way the browser does: solves the proof of work, posts /api/token/. */
export async function signIn(baseUrl, email = 'admin@demo.az', password = 'Demo12345') {
  const challenge = await (await fetch(`${baseUrl}/api/captcha/challenge/`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const gtoken = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, gtoken }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const answer = await res.json();
  if (!answer.mfa) return answer.access;
  // A real installation's administrator or cashier has a second factor (issue 27): set up here as the screen does
  // it, its key kept for this process's next sign-in of the same account.
  const post = async (url, body) => {
    const step = await fetch(`${baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!step.ok) throw new Error(`${url}: ${step.status} ${await step.text()}`);
    return step.json();
  };
  const codeOf = (secret, steps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: Date.now() + steps * 30_000,
    });
  const key = `${baseUrl} ${email}`;
  if (answer.mfa === 'enrol') {
    const { secret } = await post('/api/token/mfa/enrol/', { mfa_token: answer.mfa_token });
    enrolledKeys.set(key, secret);
    return (await post('/api/token/mfa/enrol/confirm/', { mfa_token: answer.mfa_token, code: codeOf(secret) })).access;
  }
  const secret = enrolledKeys.get(key);
  if (!secret) throw new Error(`${email} has a second factor this helper does not know`);
  // The next step's code: the enrolment's own is spent.
  return (await post('/api/token/mfa/', { mfa_token: answer.mfa_token, code: codeOf(secret, 1) })).access;
}
const enrolledKeys = new Map();

/** A JSON call of a started server's API with a bearer token; throws with the answer when it is not a success. */
export async function apiCall(baseUrl, token, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** The second-factor key `signIn` enrolled for `email` on `baseUrl` (undefined if none): a drill's step-up uses it. */
export const enrolledSecret = (baseUrl, email = 'admin@demo.az') => enrolledKeys.get(`${baseUrl} ${email}`);
