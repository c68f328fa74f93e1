import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';

/**
 * A browser at the directory's provider, as a person's would be: it keeps the provider's cookies, follows its
 * redirects, fills its login page, and stops at the first address of the app (the callback), which the test gives
 * to the app. Nothing of the provider is imitated: every answer is the real provider's.
 */
export function providerBrowser(appOrigin: string) {
  const cookies = new Map<string, string>();
  const header = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  async function go(url: string, init: { method?: string; body?: URLSearchParams } = {}) {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: { cookie: header(), ...(init.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      ...(init.body ? { body: init.body.toString() } : {}),
    });
    for (const set of res.headers.getSetCookie()) {
      const [pair] = set.split(';');
      const at = pair!.indexOf('=');
      cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return res;
  }
  /** Follows redirects from `url` until a page of the provider (answered) or an address of the app (returned). */
  async function follow(url: string, init: { method?: string; body?: URLSearchParams } = {}) {
    let res = await go(url, init);
    let at = url;
    for (let hops = 0; hops < 20; hops++) {
      if (res.status < 300 || res.status >= 400)
        return { app: null, page: await res.text(), url: at, status: res.status };
      at = new URL(res.headers.get('location')!, at).href;
      if (at.startsWith(appOrigin)) return { app: at, page: '', url: at, status: res.status };
      res = await go(at);
    }
    throw new Error('too many redirects');
  }
  return {
    follow,
    /** From the provider's authorization address: its login page filled with `login` and `password`, then on. */
    async signIn(authorizationUrl: string, login: string, password: string) {
      const first = await follow(authorizationUrl);
      if (first.app) return first;
      const action = /<form method="post" action="([^"]+)"/.exec(first.page)?.[1];
      if (!action) throw new Error(`no login form at ${first.url}: ${first.status} ${first.page.slice(0, 200)}`);
      return follow(new URL(action, first.url).href, {
        method: 'POST',
        body: new URLSearchParams({ login, password }),
      });
    },
  };
}

/** A forged ID token: the real one's claims changed, signed with `key` (or unsigned, `alg: none`). */
export async function forgeIdToken(original: string, change: Partial<JWTPayload>, key: JWK | 'none') {
  const claims = { ...decodeJwt(original), ...change };
  if (key === 'none') {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
  }
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: key.kid! }).sign(await importJWK(key, 'RS256'));
}

const readAll = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * A relay in front of the real provider (the issuer people reach): it passes every request on, and, when told,
 * replaces the ID token of the token endpoint's answer (a provider gone wrong, or an attacker in the middle), or
 * never answers at all (a provider that times out).
 */
export async function startProviderRelay() {
  let target = '';
  let tamper: ((idToken: string) => Promise<string>) | null = null;
  let silent = false;
  const server = createServer((req, res) => {
    void (async () => {
      if (silent) return; // holds the connection open and answers nothing
      const body = await readAll(req);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'connection', 'content-length'].includes(k)),
      ) as Record<string, string>;
      headers['x-forwarded-host'] = req.headers.host!;
      headers['x-forwarded-proto'] = 'http';
      const upstream = await fetch(`${target}${req.url}`, {
        method: req.method!,
        headers,
        redirect: 'manual',
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
      });
      let out = Buffer.from(await upstream.arrayBuffer());
      if (tamper && req.url?.startsWith('/token') && upstream.ok) {
        const json = JSON.parse(out.toString('utf8')) as { id_token?: string };
        if (json.id_token) json.id_token = await tamper(json.id_token);
        out = Buffer.from(JSON.stringify(json));
      }
      const answer: Record<string, string | string[]> = {};
      upstream.headers.forEach((value, key) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'set-cookie', 'connection'].includes(key))
          answer[key] = value;
      });
      const cookies = upstream.headers.getSetCookie();
      if (cookies.length > 0) answer['set-cookie'] = cookies;
      res.writeHead(upstream.status, answer);
      res.end(out);
    })().catch((err: unknown) => {
      res.writeHead(502);
      res.end(String(err));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setTarget: (url: string) => void (target = url),
    /** Replaces each ID token with what `change` makes of it; null: passes them as they are. */
    setTamper: (change: ((idToken: string) => Promise<string>) | null) => void (tamper = change),
    /** Answers nothing from now on (true), or again (false). */
    setSilent: (value: boolean) => void (silent = value),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
