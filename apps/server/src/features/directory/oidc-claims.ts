import type { OidcProvider } from '@dnx/shared';
import { strongSignIn, type MappedClaims } from '@dnx/shared';
import * as oidc from 'openid-client';
import type { DirectoryDeps } from './deps';

/**
 * The claims of a sign-in or refresh: the ID token's (already checked), with the userinfo's where the provider has
 * that endpoint (many put groups only there). The ID token's subject, `amr`, `acr` and `sid` are kept as it says.
 */
export async function mergedClaims(
  deps: DirectoryDeps,
  provider: OidcProvider,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
): Promise<Record<string, unknown>> {
  const idClaims = tokens.claims() as Record<string, unknown> | undefined;
  if (!idClaims) throw new Error('no ID token');
  const config = await deps.oidc.configOf(provider);
  let userinfo: Record<string, unknown> = {};
  if (config.serverMetadata().userinfo_endpoint && tokens.access_token)
    userinfo = (await deps.oidc.call(provider, (c) =>
      oidc.fetchUserInfo(c, tokens.access_token, idClaims.sub as string),
    )) as Record<string, unknown>;
  return { ...idClaims, ...userinfo, sub: idClaims.sub, amr: idClaims.amr, acr: idClaims.acr, sid: idClaims.sid };
}

/** The provider asserted a second factor: this product does not ask its own. */
export const strongOf = (provider: OidcProvider, mapped: MappedClaims) =>
  strongSignIn(mapped, provider.strongAmr, provider.strongAcr);
