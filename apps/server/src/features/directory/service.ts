import {
  directoryMessages,
  type DirectoryProvider,
  type LdapProvider,
  type OidcProvider,
  type SignInProviders,
} from '@dnx/shared';
import * as oidc from 'openid-client';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { secretBox, type AuthServiceDeps, type DirectoryHooks } from '../auth';
import { backchannelLogout } from './backchannel';
import type { DirectoryDeps } from './deps';
import { followsAtRefresh } from './follow';
import { exchangeHandoff, sessionOpened } from './handoff';
import { ldapSignIn } from './ldap-sign-in';
import { createOidcClients } from './oidc-client';
import { finishOidc, startOidc } from './oidc-flow';
import { preview, providerStates } from './preview';
import * as repo from './repository';

/**
 * Sign-in through the agency's directory (issue 59): OpenID Connect (start, callback, handoff), LDAP, back-channel
 * and RP-initiated logout, the refresh's follow-up, and the administrators' providers and preview. It builds on
 * the sign-in's own session, second step and audit (features/auth), and gives the sign-in its hooks.
 */
export function createDirectoryService(auth: AuthServiceDeps) {
  const providers = auth.config.directoryProviders;
  const deps: DirectoryDeps = {
    ...auth,
    box: secretBox(auth.config.mfaKey),
    oidc: createOidcClients(auth.db),
    provider: (id) => providers.find((p) => p.id === id) ?? null,
  };
  const of = <T extends DirectoryProvider['type']>(id: string, type: T) => {
    const provider = deps.provider(id);
    if (!provider || provider.type !== type) throw notFound(directoryMessages.providerUnknown);
    return provider as Extract<DirectoryProvider, { type: T }>;
  };
  const hooks: DirectoryHooks = {
    sessionOpened: (challengeId, sessionId) => sessionOpened(deps, challengeId, sessionId),
    followsAtRefresh: (sessionId, userId) => followsAtRefresh(deps, sessionId, userId),
  };
  return {
    hooks,
    /** The sign-in screen's buttons, its automatic redirect and whether it shows the password form. */
    signInProviders: (): SignInProviders => ({
      providers: providers.map((p) => ({ id: p.id, type: p.type, name: p.name })),
      auto_redirect: auth.config.DIRECTORY_AUTO_REDIRECT ?? null,
      local_form: auth.config.LOCAL_PASSWORDS === 'on' || providers.length === 0,
    }),
    start: (id: string, next?: string) => startOidc(deps, of(id, 'oidc'), { next }),
    callback: (url: URL) => finishOidc(deps, url),
    handoff: (code: string) => exchangeHandoff(deps, code),
    ldapSignIn: (id: string, input: { username: string; password: string }, clientAddress: string) =>
      ldapSignIn(deps, of(id, 'ldap') as LdapProvider, input, clientAddress),
    backchannelLogout: (token: string) => backchannelLogout(deps, token),
    /** Where the browser goes to sign out at the provider too (RP-initiated logout); null for other sessions. */
    async endSessionUrl(user: AuthUser): Promise<string | null> {
      const session = await repo.directorySessionOf(auth.db, user.sessionId);
      const provider = session ? deps.provider(session.provider) : null;
      if (!provider || provider.type !== 'oidc') return null;
      const config = await deps.oidc.configOf(provider);
      if (!config.serverMetadata().end_session_endpoint) return null;
      return oidc.buildEndSessionUrl(config, {
        client_id: provider.clientId,
        post_logout_redirect_uri: `${auth.config.publicOrigin}/signin`,
      }).href;
    },
    /** A step-up at the provider for a session opened there (`prompt=login`); null for other sessions. */
    async stepUpUrl(user: AuthUser, next?: string): Promise<string | null> {
      const session = await repo.directorySessionOf(auth.db, user.sessionId);
      const provider = session ? deps.provider(session.provider) : null;
      if (!provider || provider.type !== 'oidc') return null;
      return startOidc(deps, provider as OidcProvider, { next, stepUpSessionId: user.sessionId });
    },
    preview: (input: { provider: string; claims: Record<string, unknown> }) => preview(deps, input),
    providerStates: () => providerStates(deps),
    /** The OpenID Connect clients (a test forgets a discovery when its provider starts again). */
    oidc: deps.oidc,
  };
}
export type DirectoryService = ReturnType<typeof createDirectoryService>;
