import { authApiMessages } from '@dnx/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, solveCaptcha, type TestApp } from '../../test/test-app';

describe('human verification (ALTCHA)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CAPTCHA_LIFETIME: '60' } });
  });
  afterAll(() => t.close());

  it('gives a signed, expiring proof-of-work challenge that is never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json();
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.parameters.cost).toBe(1);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.expiresAt).toBeGreaterThan(Date.now() / 1000);
    const other = (await t.app.inject({ method: 'GET', url: '/api/captcha/challenge/' })).json();
    expect(other.parameters.nonce).not.toBe(challenge.parameters.nonce);
  });

  it('takes a solved payload once', async () => {
    const gtoken = await solveCaptcha(t.app);
    expect(await t.app.captcha.verify(gtoken)).toBeNull();
    expect(await t.app.captcha.verify(gtoken)).toBe(authApiMessages.captchaUsed);
  });

  it('refuses a wrong solution and an expired challenge', async () => {
    const gtoken = await solveCaptcha(t.app);
    const payload = JSON.parse(Buffer.from(gtoken, 'base64').toString());
    const derivedKey = payload.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
    const wrong = { ...payload, solution: { ...payload.solution, derivedKey } };
    expect(await t.app.captcha.verify(Buffer.from(JSON.stringify(wrong)).toString('base64'))).toBe(
      authApiMessages.captchaInvalid,
    );
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61_000 });
    expect(await t.app.captcha.verify(gtoken)).toBe(authApiMessages.captchaExpired);
  });
});
