import { randomBytes } from 'node:crypto';
import type { OidcProvider } from '@dnx/shared';
import * as oidc from 'openid-client';
import { markSteppedUp, sha256 } from '../auth';
import { applyDirectoryDecision, auditRefusal } from './apply';
import { callbackUrl, finishPage, safeNext, type DirectoryDeps } from './deps';
import { DirectoryUnreachable, errorText } from './oidc-client';
import * as repo from './repository';
import { resolveDirectoryAccount } from './resolve';
import { strongOf, mergedClaims } from './oidc-claims';

const loginSeconds = 600;
const handoffSeconds = 120;

/**
 * The start of an OpenID Connect sign-in (issue 59): a pending login with its `state` (kept as a hash), PKCE
 * verifier and nonce, and the provider's authorization address with them. A step-up asks the provider to sign the
 * person in again (`prompt=login`, `max_age=0`) for the session it names.
 */
export async function startOidc(
  deps: DirectoryDeps,
  provider: OidcProvider,
  options: { next?: string | undefined; stepUpSessionId?: number },
): Promise<string> {
  const config = await deps.oidc.configOf(provider);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  await repo.addLogin(deps.db, {
    stateHash: sha256(state),
    provider: provider.id,
    codeVerifier,
    nonce,
    next: safeNext(options.next),
    stepUpSessionId: options.stepUpSessionId ?? null,
    expiresAt: new Date(Date.now() + loginSeconds * 1000),
  });
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(deps.config.publicOrigin),
    scope: provider.scopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    ...(options.stepUpSessionId ? { prompt: 'login', max_age: '0' } : {}),
  }).href;
}

/**
 * The provider's redirect back: the pending login of its `state` is spent (once), the code exchanged with the PKCE
 * verifier, the ID token checked in full by openid-client (issuer, audience, expiry, nonce, signature by the JWKS),
 * the claims resolved and written, and the browser sent to the sign-in page with a one-time handoff code. Every
 * failure sends it there with the reason instead, and leaves no account or session.
 */
export async function finishOidc(deps: DirectoryDeps, currentUrl: URL): Promise<string> {
  const state = currentUrl.searchParams.get('state');
  const login = state ? await repo.spendLogin(deps.db, sha256(state)) : null;
  const provider = login ? deps.provider(login.provider) : null;
  if (!login || !provider || provider.type !== 'oidc') {
    await auditRefusal(deps.db, login?.provider ?? 'oidc', 'oidc', 'state');
    return finishPage(deps.config.publicOrigin, { error: 'flow' });
  }
  let tokens;
  try {
    tokens = await deps.oidc.call(provider, (config) =>
      oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: login.codeVerifier,
        expectedState: state!,
        expectedNonce: login.nonce,
        idTokenExpected: true,
        ...(login.stepUpSessionId ? { maxAge: 60 } : {}),
      }),
    );
  } catch (err) {
    const unreachable = err instanceof DirectoryUnreachable;
    deps.log.warn({ provider: provider.id, err: errorText(err) }, 'directory sign-in refused');
    await auditRefusal(deps.db, provider.id, 'oidc', unreachable ? 'unreachable' : `token: ${errorText(err)}`);
    return finishPage(deps.config.publicOrigin, {
      error: unreachable ? 'unreachable' : 'refused',
      provider: provider.id,
    });
  }
  const claims = await mergedClaims(deps, provider, tokens);
  if (login.stepUpSessionId) return finishStepUp(deps, provider, login, claims);

  const decision = await resolveDirectoryAccount(deps.db, deps.config, provider, claims);
  if (decision.refusal) {
    await auditRefusal(deps.db, provider.id, 'oidc', decision.refusal, {
      email: decision.account.email,
      userId: decision.account.id,
      subject: decision.mapped.subject,
    });
    return finishPage(deps.config.publicOrigin, { error: decision.refusal, provider: provider.id });
  }
  const applied = await applyDirectoryDecision(deps.db, provider.id, 'oidc', decision);
  const code = randomBytes(32).toString('base64url');
  await repo.addHandoff(deps.db, {
    codeHash: sha256(code),
    userId: applied.userId,
    identityId: applied.identityId,
    strong: strongOf(provider, decision.mapped),
    providerSessionId: typeof claims.sid === 'string' ? claims.sid : null,
    providerRefreshToken: tokens.refresh_token ? deps.box.seal(tokens.refresh_token) : null,
    expiresAt: new Date(Date.now() + handoffSeconds * 1000),
  });
  return finishPage(deps.config.publicOrigin, { code, next: login.next });
}

/** A step-up's return: the same person signed in again just now, so the session counts as confirmed. */
async function finishStepUp(
  deps: DirectoryDeps,
  provider: OidcProvider,
  login: { stepUpSessionId: number | null; next: string },
  claims: Record<string, unknown>,
) {
  const session = await repo.directorySessionOf(deps.db, login.stepUpSessionId!);
  if (!session || session.provider !== provider.id || session.subject !== claims.sub) {
    await auditRefusal(deps.db, provider.id, 'oidc', 'step_up_other_person', { subject: String(claims.sub) });
    return finishPage(deps.config.publicOrigin, { error: 'refused', provider: provider.id });
  }
  await markSteppedUp(deps.db, login.stepUpSessionId!);
  return finishPage(deps.config.publicOrigin, { stepped_up: '1', next: login.next });
}
