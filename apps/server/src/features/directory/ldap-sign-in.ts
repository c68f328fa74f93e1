import { randomBytes } from 'node:crypto';
import { directoryErrorMessages, directoryMessages, type LdapProvider, type SignInAnswer } from '@dnx/shared';
import { HttpError, throttled } from '../../lib/http-errors';
import * as rateLimits from '../../lib/rate-limit';
import { sha256 } from '../auth';
import { applyDirectoryDecision, auditRefusal } from './apply';
import type { DirectoryDeps } from './deps';
import { exchangeHandoff } from './handoff';
import { ldapBind } from './ldap';
import { DirectoryUnreachable } from './oidc-client';
import * as repo from './repository';
import { resolveDirectoryAccount } from './resolve';

/** The directory could not be asked: 503, the sign-in page says the directory is unreachable. */
export const unreachable = () => new HttpError(503, { detail: directoryMessages.unreachable, code: 'unreachable' });

/**
 * POST /api/auth/directory/ldap/:id/ (issue 59): a user name and password checked by the directory's bind, limited as
 * the password's sign-in is; then the same decision, session and second step as an OpenID Connect sign-in.
 */
export async function ldapSignIn(
  deps: DirectoryDeps,
  provider: LdapProvider,
  input: { username: string; password: string },
  clientAddress: string,
): Promise<SignInAnswer> {
  const { db, config } = deps;
  const name = input.username.toLowerCase();
  const limit = await rateLimits.takeRateLimit(db, [
    {
      scope: 'ldap:pair',
      key: `${provider.id} ${name} ${clientAddress}`,
      limit: config.LOGIN_RATE_LIMIT,
      window: config.LOGIN_RATE_WINDOW,
    },
    {
      scope: 'signin:address',
      key: clientAddress,
      limit: config.LOGIN_ADDRESS_RATE_LIMIT,
      window: config.LOGIN_ADDRESS_RATE_WINDOW,
    },
  ]);
  if (!limit.allowed) throw throttled(limit.retryAfter);
  let claims;
  try {
    claims = await ldapBind(provider, input.username, input.password);
    await repo.recordProviderState(db, provider.id, null);
  } catch (err) {
    if (!(err instanceof DirectoryUnreachable)) throw err;
    await repo.recordProviderState(db, provider.id, err.message);
    await auditRefusal(db, provider.id, 'ldap', 'unreachable', { subject: name });
    throw unreachable();
  }
  if (!claims) {
    await auditRefusal(db, provider.id, 'ldap', 'bad_credentials', { subject: name });
    throw new HttpError(401, { detail: directoryMessages.badCredentials });
  }
  await rateLimits.releaseRateLimit(db, limit.hitIds);
  const decision = await resolveDirectoryAccount(db, config, provider, claims);
  if (decision.refusal) {
    await auditRefusal(db, provider.id, 'ldap', decision.refusal, {
      email: decision.account.email,
      userId: decision.account.id,
      subject: decision.mapped.subject,
    });
    throw new HttpError(403, { detail: directoryErrorMessages[decision.refusal], code: decision.refusal });
  }
  const applied = await applyDirectoryDecision(db, provider.id, 'ldap', decision);
  // The same handoff as a provider's redirect, spent at once: one way to the session and the second step.
  const code = randomBytes(32).toString('base64url');
  await repo.addHandoff(db, {
    codeHash: sha256(code),
    userId: applied.userId,
    identityId: applied.identityId,
    strong: false,
    expiresAt: new Date(Date.now() + 60_000),
  });
  return exchangeHandoff(deps, code);
}
