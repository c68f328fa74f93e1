import { readFileSync } from 'node:fs';
import type { OidcProvider } from '@dnx/shared';
import * as oidc from 'openid-client';
import type { Database } from '../../db/client';
import * as repo from './repository';

/** The provider could not be reached (refused, timed out, 5xx): the sign-in page says the directory is unreachable. */
export class DirectoryUnreachable extends Error {}

const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'OAUTH_TIMEOUT',
]);

/** Whether an error of the client (or its cause) is the network's or the provider's own failure, not a refusal. */
export function isUnreachable(err: unknown): boolean {
  for (let e = err as { name?: string; code?: string; status?: number; cause?: unknown } | undefined; e;) {
    if (e instanceof DirectoryUnreachable) return true;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true;
    if (e.code && unreachableCodes.has(e.code)) return true;
    if (e instanceof TypeError && /fetch failed/.test(e.message)) return true;
    if (e instanceof oidc.ResponseBodyError && e.status >= 500) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A short text of an error for the admin screen (never a token: the libraries' messages name claims, not values). */
export const errorText = (err: unknown) => {
  const e = err as { message?: string; code?: string; cause?: { message?: string; code?: string } };
  return [e.code, e.message, e.cause?.code ?? e.cause?.message].filter(Boolean).join(': ').slice(0, 500);
};

/**
 * Each OpenID Connect provider's configuration, discovered from its issuer once a process (openid-client: the
 * metadata, then the JWKS it fetches and refetches for an unknown key). A failed discovery is tried again at the
 * next sign-in; each outcome is the provider's state on the admin screen.
 */
export function createOidcClients(db: Database) {
  const configs = new Map<string, Promise<oidc.Configuration>>();

  async function discover(provider: OidcProvider): Promise<oidc.Configuration> {
    const secret = provider.clientSecretFile
      ? readFileSync(provider.clientSecretFile, 'utf8').replace(/\r?\n$/, '')
      : undefined;
    return oidc.discovery(
      new URL(provider.issuer),
      provider.clientId,
      secret ? { client_secret: secret } : undefined,
      secret ? oidc.ClientSecretBasic(secret) : oidc.None(),
      {
        timeout: provider.timeoutSeconds,
        // The ID token's signature is checked against the provider's JWKS too, not only trusted for coming over TLS.
        execute: [oidc.enableNonRepudiationChecks, ...(provider.allowHttp ? [oidc.allowInsecureRequests] : [])],
      },
    );
  }

  /** The provider's configuration; DirectoryUnreachable when its discovery fails (recorded as its state). */
  async function configOf(provider: OidcProvider): Promise<oidc.Configuration> {
    let pending = configs.get(provider.id);
    if (!pending) {
      pending = discover(provider);
      configs.set(provider.id, pending);
    }
    try {
      return await pending;
    } catch (err) {
      configs.delete(provider.id);
      await repo.recordProviderState(db, provider.id, `discovery: ${errorText(err)}`);
      throw new DirectoryUnreachable(errorText(err), { cause: err });
    }
  }

  return {
    configOf,
    /** Runs a call to the provider; its failure is recorded as the provider's state, its success too. */
    async call<T>(provider: OidcProvider, run: (config: oidc.Configuration) => Promise<T>): Promise<T> {
      const config = await configOf(provider);
      try {
        const result = await run(config);
        await repo.recordProviderState(db, provider.id, null);
        return result;
      } catch (err) {
        await repo.recordProviderState(db, provider.id, errorText(err));
        if (isUnreachable(err)) throw new DirectoryUnreachable(errorText(err), { cause: err });
        throw err;
      }
    },
    /** Forgets a discovery (a test's provider started again on new keys, or the settings changed). */
    forget: (id: string) => configs.delete(id),
  };
}
export type OidcClients = ReturnType<typeof createOidcClients>;
