import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { authApiMessages, authMessages } from '@dnx/shared';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoPassword } from '../../demo/data';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';

interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Undoes quoted-printable (the mailer's text encoding), so the link can be read from the raw message. */
function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

const linkPattern = /(https?:\/\/[^\s"<]+)\/reset-password\/([A-Za-z0-9_.-]+)/;

function resetLinkOf(raw: string) {
  const match = decodeQuotedPrintable(raw).match(linkPattern);
  if (!match) throw new Error(`no reset link in:\n${raw}`);
  return { origin: match[1]!, token: match[2]! };
}

const forgot = (t: TestApp, email: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/user/users/forgot-password/', remoteAddress, payload: { email } });

const reset = (t: TestApp, token: string, password: string, confirm = password, bearerToken: string | null = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/users/reset-password/',
    headers: bearerToken ? { authorization: `Bearer ${bearerToken}` } : {},
    payload: { token, password, confirm_password: confirm },
  });

const verify = (t: TestApp, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/verify/', payload: { token } });

async function signIn(t: TestApp, email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { email, password, gtoken: await solveCaptcha(t.app) },
  });
}

describe('password recovery over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      seed: true,
      env: { SMTP_URL: smtp.url, PUBLIC_URL: 'https://dnx.example.az/', FORGOT_PASSWORD_RATE_LIMIT: '1000' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  async function mailFor(email: string): Promise<ReceivedMail> {
    return vi.waitFor(
      () => {
        const mail = smtp.received.findLast((m) => m.to.includes(email));
        if (!mail) throw new Error(`no mail for ${email} yet`);
        return mail;
      },
      { timeout: 10_000, interval: 50 },
    );
  }

  it('sends an Azerbaijani reset e-mail, text and HTML, with the link to /reset-password/{token}', async () => {
    const res = await forgot(t, 'operator@demo.az');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authApiMessages.forgotPasswordSent });
    const mail = await mailFor('operator@demo.az');
    expect(mail.raw).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(mail.raw).toMatch(/Subject: =\?UTF-8\?/i);
    const decoded = decodeQuotedPrintable(mail.raw);
    expect(decoded).toContain('Salam, Nigar!');
    expect(decoded).toContain('Yeni şifrə təyin et');
    const link = resetLinkOf(mail.raw);
    expect(link.origin).toBe('https://dnx.example.az');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await forgot(t, 'nobody@demo.az');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authApiMessages.forgotPasswordSent });
    await t.app.mailer.drain();
    expect(smtp.received.length).toBe(before);
  });

  it("checks the address with the spec's messages", async () => {
    const blank = await forgot(t, '');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ email: [authMessages.forgotEmailRequired] });
    const bad = await forgot(t, 'not-an-email');
    expect(bad.json()).toEqual({ email: [authMessages.forgotEmailInvalid] });
  });

  it('resets the password once: the token verifies, is spent, the old password and sessions end', async () => {
    const old = await signIn(t, 'cashier@demo.az', demoPassword);
    expect(old.statusCode).toBe(200);
    const session = old.json() as { access: string; refresh: string };

    await forgot(t, 'cashier@demo.az');
    const { token } = resetLinkOf((await mailFor('cashier@demo.az')).raw);
    expect((await verify(t, token)).statusCode).toBe(200);

    // It is no session: no protected endpoint takes it as a bearer.
    const asBearer = await t.app.inject({
      method: 'POST',
      url: '/api/user/current-user/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.statusCode).toBe(401);
    expect(asBearer.json().messages[0].message).toBe('Token has wrong type');
    const asRefresh = await t.app.inject({ method: 'POST', url: '/api/refresh/', payload: { refresh: token } });
    expect(asRefresh.statusCode).toBe(401);

    const res = await reset(t, token, 'NewPassw0rd!');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authApiMessages.passwordReset });

    // Single use.
    const again = await reset(t, token, 'Another1pass');
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    expect((await verify(t, token)).statusCode).toBe(401);

    // Every earlier session ended.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/refresh/',
      payload: { refresh: session.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    const current = await t.app.inject({
      method: 'POST',
      url: '/api/user/current-user/',
      headers: { authorization: `Bearer ${session.access}` },
    });
    expect(current.statusCode).toBe(401);

    expect((await signIn(t, 'cashier@demo.az', demoPassword)).statusCode).toBe(401);
    expect((await signIn(t, 'cashier@demo.az', 'NewPassw0rd!')).statusCode).toBe(200);
  });

  it('spends the other reset links of the user too', async () => {
    await forgot(t, 'central@demo.az');
    const first = resetLinkOf((await mailFor('central@demo.az')).raw).token;
    await forgot(t, 'central@demo.az');
    const second = await vi.waitFor(() => {
      const token = resetLinkOf(
        (smtp.received.findLast((m) => m.to.includes('central@demo.az')) ?? { raw: '' }).raw,
      ).token;
      if (token === first) throw new Error('second mail not here yet');
      return token;
    });
    expect((await reset(t, second, 'Central-pass1')).statusCode).toBe(200);
    expect((await verify(t, first)).statusCode).toBe(401);
    expect((await reset(t, first, 'Central-pass2')).statusCode).toBe(401);
  });

  it("applies the spec's password rules with their messages", async () => {
    await forgot(t, 'regional@demo.az');
    const { token } = resetLinkOf((await mailFor('regional@demo.az')).raw);
    const cases: [string, string, Record<string, string[]>][] = [
      [
        '',
        '',
        { password: [authMessages.resetPasswordRequired], confirm_password: [authMessages.resetConfirmRequired] },
      ],
      ['abc1', 'abc1', { password: [authMessages.resetPasswordTooShort] }],
      ['12345678', '12345678', { password: [authMessages.resetPasswordOnlyDigits] }],
      ['abcdefgh', 'abcdefgh', { password: [authMessages.resetPasswordOnlyLetters] }],
      ['        ', '        ', { password: [authMessages.passwordTooCommon] }],
      ['!!!!!!!!', '!!!!!!!!', { password: [authMessages.passwordTooCommon] }],
      ['Password1', 'Password1', { password: [authMessages.passwordTooCommon] }],
      ['qwerty123', 'qwerty123', { password: [authMessages.passwordTooCommon] }],
      ['Passw0rd!', 'Passw0rd?', { confirm_password: [authMessages.resetPasswordsDiffer] }],
      ['Passw0rd!', '', { confirm_password: [authMessages.resetConfirmRequired] }],
    ];
    for (const [password, confirm, errors] of cases) {
      const res = await reset(t, token, password, confirm);
      expect(res.statusCode, password).toBe(400);
      expect(res.json(), password).toEqual(errors);
    }
    // Refusals did not spend it.
    expect((await verify(t, token)).statusCode).toBe(200);
  });

  it('refuses a bearer that is not the reset token, and a forged reset token', async () => {
    await forgot(t, 'inspector@demo.az');
    const { token } = resetLinkOf((await mailFor('inspector@demo.az')).raw);
    const signedIn = (await signIn(t, 'admin@demo.az', demoPassword)).json() as { access: string };
    expect((await reset(t, token, 'Passw0rd!', 'Passw0rd!', signedIn.access)).statusCode).toBe(401);
    // An access token in the token field is the wrong type.
    const wrongType = await reset(t, signedIn.access, 'Passw0rd!');
    expect(wrongType.statusCode).toBe(401);
    expect(wrongType.json()).toEqual({ detail: 'Token has wrong type', code: 'token_not_valid' });
    const forged = `${token.slice(0, -3)}abc`;
    expect((await reset(t, forged, 'Passw0rd!', 'Passw0rd!', null)).json()).toEqual({
      detail: 'Token is invalid or expired',
      code: 'token_not_valid',
    });
    expect((await verify(t, token)).statusCode).toBe(200);
  });
});

describe('password recovery without SMTP: the outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { RESET_TOKEN_LIFETIME: '60' } });
  });
  afterAll(() => t.close());

  const outbox = () => path.join(t.config.dataDir, 'outbox');

  it('writes the message as an .eml file, linking to the configured origin whatever the Host header says', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/forgot-password/',
      headers: { host: 'evil.example' },
      payload: { email: 'admin@demo.az' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.drain();
    const files = readdirSync(outbox()).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(path.join(outbox(), files[0]!), 'utf8');
    expect(raw).toMatch(/^To: admin@demo\.az$/m);
    const link = resetLinkOf(raw);
    expect(link.origin).toBe(t.config.publicOrigin);

    // The reset token expires (lifetime 60 s here): the clock moves on rather than the test waiting.
    expect((await verify(t, link.token)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    const expired = await verify(t, link.token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ detail: 'Token is invalid or expired', code: 'token_not_valid' });
    expect((await reset(t, link.token, 'Passw0rd!')).statusCode).toBe(401);
  });
});

describe('password recovery limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('answers 429 with Retry-After after 5 requests for one address', async () => {
    for (let i = 1; i <= 5; i++) expect((await forgot(t, 'admin@demo.az', `10.1.0.${i}`)).statusCode).toBe(200);
    const blocked = await forgot(t, 'admin@demo.az', '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    const wait = Number(blocked.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(blocked.json()).toEqual({ detail: `Request was throttled. Expected available in ${wait} seconds.` });
  });

  it('answers 429 after 5 requests from one client address', async () => {
    for (let i = 1; i <= 5; i++) expect((await forgot(t, `person${i}@demo.az`, '10.1.1.1')).statusCode).toBe(200);
    expect((await forgot(t, 'operator@demo.az', '10.1.1.1')).statusCode).toBe(429);
    expect((await forgot(t, 'operator@demo.az', '10.1.1.2')).statusCode).toBe(200);
  });
});
