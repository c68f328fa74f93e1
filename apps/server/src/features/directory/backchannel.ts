import { directoryMessages, type OidcProvider } from '@dnx/shared';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import { recordAuditEvent } from '../../lib/audit';
import { HttpError } from '../../lib/http-errors';
import type { DirectoryDeps } from './deps';
import * as repo from './repository';

const logoutEvent = 'http://schemas.openid.net/event/backchannel-logout';
const refused = () => new HttpError(400, { detail: directoryMessages.logoutTokenInvalid });

// Each provider's signing keys for logout tokens, as jose fetches them (and refetches for a key it does not know).
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * OpenID Connect Back-Channel Logout (issue 59): the provider posts a logout token, checked by jose against the
 * provider's JWKS (issuer, audience, signature, an asymmetric alg only, `iat` within five minutes, the logout event,
 * no nonce). The sessions it names end at once, and with them their access tokens and live streams (a session's end
 * reaches every process through the change feed, as a sign-out's does).
 */
export async function backchannelLogout(deps: DirectoryDeps, logoutToken: string): Promise<number> {
  let issuer: unknown;
  try {
    issuer = decodeJwt(logoutToken).iss;
  } catch {
    throw refused();
  }
  const provider = deps.config.directoryProviders.find(
    (p): p is OidcProvider => p.type === 'oidc' && p.issuer === issuer,
  );
  if (!provider) throw refused();
  const config = await deps.oidc.configOf(provider);
  const jwksUri = config.serverMetadata().jwks_uri;
  if (!jwksUri) throw refused();
  let keys = keySets.get(jwksUri);
  if (!keys) keySets.set(jwksUri, (keys = createRemoteJWKSet(new URL(jwksUri))));
  let claims;
  try {
    ({ payload: claims } = await jwtVerify(logoutToken, keys, {
      issuer: provider.issuer,
      audience: provider.clientId,
      algorithms: ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'],
      requiredClaims: ['iat', 'jti', 'events'],
      maxTokenAge: '5 minutes',
    }));
  } catch (err) {
    deps.log.warn({ provider: provider.id, err: (err as Error).message }, 'back-channel logout token refused');
    throw refused();
  }
  const events = claims.events as Record<string, unknown> | undefined;
  const sub = typeof claims.sub === 'string' ? claims.sub : undefined;
  const sid = typeof claims.sid === 'string' ? claims.sid : undefined;
  if (!events || typeof events[logoutEvent] !== 'object' || 'nonce' in claims || (!sub && !sid)) throw refused();
  const ended = await repo.endDirectorySessions(deps.db, provider.issuer, { sub, sid });
  for (const session of ended) {
    await recordAuditEvent(deps.db, {
      actor: null,
      action: 'sign_out',
      result: 'success',
      resource: 'user',
      recordId: session.userId,
      detail: { session: session.id, provider: provider.id, method: 'backchannel_logout' },
    });
  }
  return ended.length;
}
