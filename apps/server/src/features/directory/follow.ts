import type { DirectoryProvider } from '@dnx/shared';
import * as oidc from 'openid-client';
import { applyDirectoryDecision, auditRefusal } from './apply';
import type { DirectoryDeps } from './deps';
import { lookUpLdapPerson } from './ldap';
import { DirectoryUnreachable, errorText } from './oidc-client';
import { mergedClaims } from './oidc-claims';
import * as repo from './repository';
import { resolveDirectoryAccount } from './resolve';

/**
 * The claims the directory gives the person now: an OpenID Connect provider's refresh grant (its refresh token,
 * rotated and kept sealed), or the LDAP entry looked up again by the service account. Null when the directory
 * refuses the person (a disabled account, a revoked grant, an entry gone); DirectoryUnreachable when it cannot say.
 */
async function claimsNow(
  deps: DirectoryDeps,
  provider: DirectoryProvider,
  sessionId: number,
  session: { subject: string; providerRefreshToken: string | null },
): Promise<Record<string, unknown> | null> {
  if (provider.type === 'ldap') return lookUpLdapPerson(provider, session.subject);
  if (!session.providerRefreshToken) return null;
  try {
    const tokens = await deps.oidc.call(provider, (config) =>
      oidc.refreshTokenGrant(config, deps.box.open(session.providerRefreshToken!)),
    );
    if (tokens.refresh_token)
      await repo.setProviderRefreshToken(deps.db, sessionId, deps.box.seal(tokens.refresh_token));
    if (!tokens.claims()) return null;
    const claims = await mergedClaims(deps, provider, tokens);
    return claims.sub === session.subject ? claims : null;
  } catch (err) {
    if (err instanceof DirectoryUnreachable) throw err;
    deps.log.info({ provider: provider.id, err: errorText(err) }, 'directory refused a refresh');
    return null;
  }
}

/**
 * At a refresh of a session opened through a directory (issue 59): the directory is asked again, the same decision
 * as the sign-in's is made (resolveDirectoryAccount), and its groups and region written when the provider's sync is
 * on, so a removed group takes its rights away now. Refused: false, and the session ends. A directory that cannot
 * be reached keeps the session as it is (the state says so on the admin screen). Any other session: true.
 */
export async function followsAtRefresh(deps: DirectoryDeps, sessionId: number, userId: number): Promise<boolean> {
  const session = await repo.directorySessionOf(deps.db, sessionId);
  if (!session) return true;
  const provider = deps.provider(session.provider);
  if (!provider) return false;
  let claims: Record<string, unknown> | null;
  try {
    claims = await claimsNow(deps, provider, sessionId, session);
  } catch (err) {
    if (err instanceof DirectoryUnreachable) return true;
    throw err;
  }
  const method = provider.type;
  if (!claims) {
    await auditRefusal(deps.db, provider.id, method, 'refresh_refused', { userId, subject: session.subject });
    return false;
  }
  const decision = await resolveDirectoryAccount(deps.db, deps.config, provider, claims);
  if (decision.refusal || decision.account.id !== userId) {
    await auditRefusal(deps.db, provider.id, method, decision.refusal ?? 'other_account', {
      userId,
      subject: session.subject,
      email: decision.account.email,
    });
    return false;
  }
  await applyDirectoryDecision(deps.db, provider.id, method, decision);
  return true;
}
