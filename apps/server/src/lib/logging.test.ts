import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '../demo/data';
import { signInAs } from '../test/auth-helpers';
import { createTestApp, solveCaptcha, type TestApp } from '../test/test-app';
import { hashPassword } from './passwords';

/** Builds the real app with its log written to memory, at the most talkative level. */
async function appWithLog(env: Record<string, string>) {
  const lines: string[] = [];
  const logStream: DestinationStream = { write: (line: string) => lines.push(line) };
  let hash = '';
  const t = await createTestApp({
    seed: true,
    env: { LOG_LEVEL: 'trace', ...env },
    logStream,
    extend: (app) => {
      const route = { schema: { hide: true }, config: { access: 'public' as const } };
      // A value the database refuses (22P02), with a hash among the statement's parameters.
      app.get('/api/test-refused/', route, async () => app.db.execute(sql`select ${hash}::int`));
      // A statement that fails otherwise (23502: a 500), whose error repeats the row it refused.
      app.get('/api/test-failed/', route, async () =>
        app.db.execute(sql`insert into users (email, password_hash) values (null, ${hash})`),
      );
      // A log call handed the credentials of a request.
      app.post('/api/test-credentials/', route, async (request) => {
        request.log.info({ headers: request.headers, body: request.body }, 'credentials handed to the log');
        request.log.info({ password: 'Plain-Passw0rd', passwordHash: hash, token: 'x.y.z' }, 'secrets by name');
        return {};
      });
    },
  });
  hash = await hashPassword('Secret-Passw0rd');
  return { t, lines, hash, log: () => lines.join('') };
}

/** Everything a client can do that has put secrets in the log. */
async function exercise(t: TestApp, hash: string) {
  const tokens: string[] = [];
  expect((await t.app.inject({ method: 'GET', url: '/api/test-refused/' })).statusCode).toBe(400);
  expect((await t.app.inject({ method: 'GET', url: '/api/test-failed/' })).statusCode).toBe(500);
  const admin = await signInAs(t, 'admin@demo.az');
  tokens.push(admin.token);
  await t.app.inject({
    method: 'POST',
    url: '/api/test-credentials/',
    headers: { ...admin.headers, cookie: 'session=cookie-secret' },
    payload: { password: 'Plain-Passw0rd', refresh: admin.token, access: admin.token },
  });
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email: 'admin@demo.az', password: demoPassword, gtoken: await solveCaptcha(t.app) },
  });
  expect(signIn.statusCode).toBe(200);
  tokens.push(signIn.json().access, signIn.json().refresh);
  // A failed sign-in, a bad bearer, a refresh: tokens and passwords in bodies and headers.
  await t.app.inject({ method: 'POST', url: '/api/token/', payload: { email: 'admin@demo.az', password: 'Wr0ng!' } });
  await t.app.inject({ method: 'GET', url: '/api/user/current-user/', headers: { authorization: 'Bearer abc.def' } });
  await t.app.inject({ method: 'POST', url: '/api/refresh/', payload: { refresh: signIn.json().refresh } });
  await t.app.inject({ method: 'POST', url: '/api/user/users/forgot-password/', payload: { email: 'admin@demo.az' } });
  await t.app.mailer.drain();
  // The reset page, with its token in the path.
  await t.app.inject({ method: 'GET', url: `/reset-password/${admin.token}` });
  return { tokens, hash };
}

describe('the log in production', () => {
  let app: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    app = await appWithLog({ NODE_ENV: 'production' });
  });
  afterAll(() => app.t.close());

  it('holds no SQL parameter, password, hash, token, cookie or Authorization header', async () => {
    const { tokens, hash } = await exercise(app.t, app.hash);
    const log = app.log();
    expect(log).toContain('database refused a value');
    expect(log).toContain('request failed');
    expect(log).toContain('no SMTP_URL: reset e-mail written to the outbox');
    expect(log).toContain('/reset-password/[redacted]');
    // What the statements were is still told; their values are not.
    expect(log).toContain('params: [redacted]');
    expect(log).toContain('insert into users');
    for (const secret of [hash, '$argon2id$', demoPassword, 'Plain-Passw0rd', 'Wr0ng!', 'cookie-secret', 'Bearer ']) {
      expect(log, secret).not.toContain(secret);
    }
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain('/reset-password/eyJ');
    expect(log).not.toContain('Failing row contains (');
  });
});

describe('the log outside production', () => {
  let app: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    app = await appWithLog({ NODE_ENV: 'development' });
  });
  afterAll(() => app.t.close());

  it('holds the reset link on one line that says why, and no other secret', async () => {
    const { tokens, hash } = await exercise(app.t, app.hash);
    const lines = app.lines.map((line) => JSON.parse(line) as { msg: string; resetLink?: string });
    const linkLines = lines.filter((line) => line.resetLink);
    expect(linkLines).toHaveLength(1);
    expect(linkLines[0]!.msg).toContain('its link is logged because NODE_ENV=development (never in production)');
    expect(linkLines[0]!.resetLink).toMatch(/^http:\/\/localhost\/reset-password\/eyJ/);
    const others = app.lines.filter((line) => !line.includes('"resetLink"')).join('');
    for (const secret of [hash, '$argon2id$', demoPassword, 'Plain-Passw0rd', 'cookie-secret', 'Bearer ']) {
      expect(others, secret).not.toContain(secret);
    }
    for (const token of tokens) expect(others).not.toContain(token);
  });
});

describe('secrets in request paths and queries (issue 40)', () => {
  let app: Awaited<ReturnType<typeof appWithLog>>;
  beforeAll(async () => {
    app = await appWithLog({ NODE_ENV: 'production' });
  });
  afterAll(() => app.t.close());

  const code = 'K7Q2-M9X4-TR5W';
  const voen = '7700000011';
  const verifyCode = 'c0ffee5ecret9a7b';
  const optOut = randomUUID();
  const resetToken = 'reset-5ecret-not-a-jwt';
  // Each route of the app (API and page) that carries a secret in its path or query, and its logged form.
  const routes = [
    [
      `/api/public/online/status/?code=${code}&voen=${voen}`,
      '/api/public/online/status/?code=[redacted]&voen=[redacted]',
    ],
    [`/online/status?code=${code.toLowerCase()}`, '/online/status?code=[redacted]'],
    [`/api/public/payments/${verifyCode}/`, '/api/public/payments/[redacted]/'],
    [`/verify/${verifyCode}`, '/verify/[redacted]'],
    [`/api/public/reminders/${optOut}/`, '/api/public/reminders/[redacted]/'],
    [`/api/public/reminders/${optOut}/opt-out/`, '/api/public/reminders/[redacted]/opt-out/'],
    [`/reminders/opt-out/${optOut}`, '/reminders/opt-out/[redacted]'],
    [`/reset-password/${resetToken}`, '/reset-password/[redacted]'],
  ] as const;

  it('logs each request line with the secret masked, and the secret nowhere', async () => {
    for (const [url] of routes) {
      const method = url.endsWith('/opt-out/') ? 'POST' : 'GET';
      await app.t.app.inject({ method, url, remoteAddress: '10.40.0.1' });
    }
    const urls = app.lines
      .map((line) => JSON.parse(line) as { req?: { url: string } })
      .flatMap((line) => (line.req ? [line.req.url] : []));
    for (const [url, masked] of routes) expect(urls, url).toContain(masked);
    const log = app.log();
    for (const secret of [code, code.toLowerCase(), `voen=${voen}`, verifyCode, optOut, resetToken]) {
      expect(log, secret).not.toContain(secret);
    }
  });
});
