import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK } from 'jose';

/** A person of the in-process directory: their password, claims, and how strongly they sign in. */
export interface DemoDirectoryUser {
  password: string;
  email: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  groups?: string[];
  region?: string;
  /** What the provider says of the sign-in (`['pwd', 'otp']`: a second factor there). */
  amr?: string[];
  acr?: string;
  /** A disabled person: the provider refuses them (a refresh too). */
  disabled?: boolean;
}

export interface DemoProviderOptions {
  /** The app's public origin: the redirect, post-logout and back-channel addresses are under it. */
  appOrigin: string;
  /** Where the provider posts back-channel logout tokens (default: under appOrigin). */
  backchannelLogoutUri?: string;
  users: Record<string, DemoDirectoryUser>;
  clientId?: string;
  clientSecret?: string;
  port?: number;
  /** Seconds an ID token lives. */
  idTokenTtl?: number;
  /** The issuer it names itself, when a relay in front of it is the address people reach (a test's). */
  issuer?: string;
}

/** A signing key of the provider (RS256, with its `kid`), private part included. */
export async function newSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomBytes(6).toString('hex'), alg: 'RS256', use: 'sig' };
}

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agency directory</title></head>` +
  `<body style="font-family:sans-serif;max-width:320px;margin:60px auto">${body}</body></html>`;
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

/**
 * A real OpenID Connect provider in this process (panva's oidc-provider, OpenID certified), for the tests and for
 * `npm start -- --demo-sso` (issue 59): its own login page, users with groups, a region and `amr`, PKCE, refresh
 * tokens, key rotation, RP-initiated and back-channel logout. Never part of a production install (a dev dependency).
 */
export async function startDemoProvider(options: DemoProviderOptions) {
  const { default: Provider } = await import('oidc-provider');
  const clientId = options.clientId ?? 'dnx';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const users = options.users;
  let keys: JWK[] = [await newSigningKey()];

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const issuer = options.issuer ?? address;
  let backchannelLogoutUri =
    options.backchannelLogoutUri ?? `${options.appOrigin}/api/auth/directory/backchannel-logout/`;

  // Behind a relay (a test's) it names the relay's address in its metadata, as behind a reverse proxy.
  const build = () => {
    const built = new Provider(
      issuer,
      providerConfiguration({
        clientId,
        clientSecret,
        appOrigin: options.appOrigin,
        backchannelLogoutUri,
        keys,
        users,
        idTokenTtl: options.idTokenTtl,
      }),
    );
    built.proxy = true;
    return built;
  };
  let provider = build();

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', address).pathname;
    const match = /^\/interaction\/([^/]+)(\/login)?$/.exec(path);
    if (!match) return provider.callback()(req, res);
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'POST' && match[2]) {
        const form = await formBody(req);
        const login = form.get('login') ?? '';
        const user = users[login];
        if (!user || user.disabled || user.password !== form.get('password')) {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          return res.end(loginPage(details.uid, 'Wrong user name or password.'));
        }
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: login, amr: user.amr ?? ['pwd'], ...(user.acr ? { acr: user.acr } : {}) } },
          { mergeWithLastSubmission: false },
        );
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginPage(details.uid));
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(String((err as Error).message));
    }
  }

  return {
    issuer,
    /** Where it listens (the issuer's address unless a relay stands in front of it). */
    address,
    clientId,
    clientSecret,
    users,
    /** The signing keys as the provider holds them (private parts too: a test signs a forged token with one). */
    keys: () => keys,
    /** Signs with a new key from now on, still publishing the old ones (`drop`: publishes only the new one). */
    async rotateKeys({ drop = false } = {}) {
      keys = [await newSigningKey(), ...(drop ? [] : keys)];
      provider = build();
    },
    /** Where back-channel logout tokens go from now on (the app's real listening address in a test). */
    setBackchannelLogoutUri(uri: string) {
      backchannelLogoutUri = uri;
      provider = build();
    },
    /** Ends the person's sessions at the provider and posts the back-channel logout token to the app. */
    async backchannelLogout(sub: string, sid: string) {
      const client = (await provider.Client.find(clientId)) as unknown as {
        backchannelLogout(sub: string, sid: string): Promise<void>;
      };
      await client.backchannelLogout(sub, sid);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type DemoProvider = Awaited<ReturnType<typeof startDemoProvider>>;

function loginPage(uid: string, error?: string) {
  return page(
    `<h1>Agency directory</h1>${error ? `<p role="alert" style="color:#b00">${escape(error)}</p>` : ''}` +
      `<form method="post" action="/interaction/${escape(uid)}/login">` +
      `<p><label>User name <input name="login" autocomplete="username" autofocus></label></p>` +
      `<p><label>Password <input name="password" type="password" autocomplete="current-password"></label></p>` +
      `<p><button type="submit">Sign in</button></p></form>`,
  );
}

/** The provider's settings: one client (the product), its users, PKCE, refresh tokens and both logouts. */
function providerConfiguration(c: {
  clientId: string;
  clientSecret: string;
  appOrigin: string;
  backchannelLogoutUri: string;
  keys: JWK[];
  users: DemoProviderOptions['users'];
  idTokenTtl: number | undefined;
}) {
  const { clientId, clientSecret, backchannelLogoutUri, keys, users } = c;
  const options = { appOrigin: c.appOrigin, idTokenTtl: c.idTokenTtl };
  return {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${options.appOrigin}/api/auth/directory/callback/`],
        post_logout_redirect_uris: [`${options.appOrigin}/signin`],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        backchannel_logout_uri: backchannelLogoutUri,
        backchannel_logout_session_required: true,
      },
    ],
    jwks: { keys },
    cookies: { keys: ['demo-provider-cookie-key-that-is-long'] },
    claims: {
      // How the person signed in (`amr`) and when, in every ID token: the app skips its own factor on a strong one.
      openid: ['sub', 'amr', 'auth_time'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'groups', 'region'],
    },
    conformIdTokenClaims: false,
    // Its back-channel logout goes to the app on this machine: no guard against loopback addresses here.
    fetch: (url: string | URL | Request, init?: RequestInit) => {
      const { dispatcher: _guard, ...rest } = (init ?? {}) as RequestInit & { dispatcher?: unknown };
      return fetch(url, rest);
    },
    features: {
      devInteractions: { enabled: false },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    pkce: { required: () => true },
    ttl: { IdToken: options.idTokenTtl ?? 3600, AccessToken: 600, RefreshToken: 86_400, Session: 86_400 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // A refresh token for this first-party client without offline_access and its consent prompt.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // The agency's own client: no consent screen.
    loadExistingGrant: async (ctx) => {
      const oidc = ctx.oidc;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session!.grantIdFor(oidc.client!.clientId);
      const found = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
      if (found) return found;
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile offline_access');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const user = users[id];
      if (!user || user.disabled) return undefined;
      return {
        accountId: id,
        claims: async () => {
          const { password: _p, amr: _a, acr: _c, disabled: _d, ...claims } = users[id]!;
          return { sub: id, email_verified: true, ...claims };
        },
      };
    },
  } as ConstructorParameters<typeof import('oidc-provider').default>[1];
}
