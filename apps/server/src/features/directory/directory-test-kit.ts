import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DirectoryMapping } from '@dnx/shared';
import { expect } from 'vitest';
import { providerBrowser, startProviderRelay } from '../../test/oidc-browser';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startDemoProvider, type DemoDirectoryUser } from './demo-provider';

/** The test's directory: a real provider (oidc-provider) behind a relay, and the app configured for it. */
export async function directoryKit(options: {
  users: Record<string, DemoDirectoryUser>;
  mapping: Partial<DirectoryMapping>;
  env?: Record<string, string>;
  listen?: boolean;
  provider?: Record<string, unknown>;
}) {
  const appOrigin = 'http://localhost';
  const relay = await startProviderRelay();
  const op = await startDemoProvider({ appOrigin, users: options.users, issuer: relay.url });
  relay.setTarget(op.address);
  // The client secret comes from a file, as a deployment's does (clientSecretFile).
  const dir = mkdtempSync(path.join(tmpdir(), 'dnx-sso-'));
  const secretFile = path.join(dir, 'oidc-client-secret');
  writeFileSync(secretFile, `${op.clientSecret}\n`);
  const providers = [
    {
      id: 'agency',
      type: 'oidc',
      name: { az: 'Agentlik kataloqu', en: 'Agency directory', ru: 'Каталог агентства' },
      issuer: relay.url,
      clientId: op.clientId,
      clientSecretFile: secretFile,
      allowHttp: true,
      timeoutSeconds: 2,
      mapping: options.mapping,
      ...options.provider,
    },
  ];
  const t: TestApp = await createTestApp({
    seed: true,
    env: { DIRECTORY_PROVIDERS: JSON.stringify(providers), ...options.env },
  });
  let baseUrl = '';
  if (options.listen) {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    op.setBackchannelLogoutUri(`${baseUrl}/api/auth/directory/backchannel-logout/`);
  }
  const app = t;

  /** A person signs in at the provider's own login page: the app's redirect, the page, the callback, the handoff. */
  async function signIn(login: string, password = options.users[login]?.password ?? '', next = '/') {
    const start = await app.app.inject({ method: 'GET', url: `/api/auth/directory/start/agency/?next=${next}` });
    expect(start.statusCode, start.body).toBe(302);
    const location = start.headers.location as string;
    if (location.startsWith(appOrigin)) return { callback: null, finish: new URL(location), answer: null };
    const browser = providerBrowser(appOrigin);
    const back = await browser.signIn(location, login, password);
    expect(back.app, back.page.slice(0, 300)).toBeTruthy();
    return finishAt(back.app!);
  }

  /** The app's callback at `callbackUrl` (as the browser brings it), then the handoff when it answered a code. */
  async function finishAt(callbackUrl: string) {
    const callback = new URL(callbackUrl);
    const res = await app.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(res.statusCode, res.body).toBe(302);
    const finish = new URL(res.headers.location as string);
    const code = finish.searchParams.get('code');
    if (!code) return { callback, finish, answer: null };
    const handoff = await app.app.inject({ method: 'POST', url: '/api/auth/directory/handoff/', payload: { code } });
    expect(handoff.statusCode, handoff.body).toBe(200);
    return { callback, finish, answer: handoff.json() as Record<string, unknown> };
  }

  return {
    t: app,
    op,
    relay,
    baseUrl,
    signIn,
    finishAt,
    close: async () => {
      await app.close();
      await op.close();
      await relay.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type DirectoryKit = Awaited<ReturnType<typeof directoryKit>>;
