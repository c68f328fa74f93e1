import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from './test/auth-helpers';
import { createTestApp, type TestApp } from './test/test-app';

const forged = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
  forwarded: 'host=evil.example;proto=https',
};

describe.each([
  ['without a proxy', {}],
  ['behind a trusted proxy', { TRUST_PROXY: 'true' }],
])('links come from PUBLIC_URL, never from a request header (%s)', (_name, env: Record<string, string>) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ...env, PUBLIC_URL: 'https://dnx.example.az/' } });
  });
  afterAll(() => t.close());

  it('mails the reset link on the configured origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/users/forgot-password/',
      headers: forged,
      payload: { email: 'admin@demo.az' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.mailer.drain();
    const outbox = path.join(t.config.dataDir, 'outbox');
    const raw = readdirSync(outbox)
      .map((file) => readFileSync(path.join(outbox, file), 'utf8'))
      .join('\n')
      .replace(/=\r?\n/g, '');
    expect(raw).toContain('https://dnx.example.az/reset-password/');
    expect(raw).not.toContain('evil.example');
  });

  it('writes list page links on the configured origin', async () => {
    const admin = await signInAs(t, 'admin@demo.az');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/regions/?per_page=1&page=2',
      headers: { ...admin.headers, ...forged },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.next).toBe('https://dnx.example.az/api/regions/?per_page=1&page=3');
    expect(page.previous).toBe('https://dnx.example.az/api/regions/?per_page=1');
  });
});
