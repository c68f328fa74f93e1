import { directoryMessages, type DirectoryPreview, type DirectoryProviderState } from '@dnx/shared';
import { fieldErrors, notFound } from '../../lib/http-errors';
import type { DirectoryDeps } from './deps';
import * as repo from './repository';
import { resolveDirectoryAccount, type DirectoryDecision } from './resolve';

/** A decision as the preview shows it: what a sign-in with these claims would grant, nothing written. */
export function previewOf(decision: DirectoryDecision): DirectoryPreview {
  const { account } = decision;
  return {
    allowed: decision.refusal === null,
    refusal: decision.refusal,
    account: {
      action: account.action,
      id: account.id,
      email: account.email,
      first_name: account.firstName,
      last_name: account.lastName,
    },
    directory_groups: decision.mapped.directoryGroups,
    groups: decision.groups,
    roles: decision.roles,
    region: decision.region,
    unknown: decision.unknown,
    writes_access: decision.writesAccess,
  };
}

/**
 * POST /api/admin/directory/preview/ (issue 59): pasted claims through the very decision a sign-in makes
 * (resolveDirectoryAccount), so the preview and the sign-in cannot disagree.
 */
export async function preview(
  deps: DirectoryDeps,
  input: { provider: string; claims: Record<string, unknown> },
): Promise<DirectoryPreview> {
  const provider = deps.provider(input.provider);
  if (!provider) throw notFound(directoryMessages.providerUnknown);
  if (typeof input.claims.sub !== 'string' || input.claims.sub === '')
    throw fieldErrors({ claims: [directoryMessages.claimsInvalid] });
  return previewOf(await resolveDirectoryAccount(deps.db, deps.config, provider, input.claims));
}

/** GET /api/admin/directory/providers/: each provider, its last contact and error, and the accounts linked. */
export async function providerStates(deps: DirectoryDeps): Promise<DirectoryProviderState[]> {
  const { states, linked } = await repo.providerStates(deps.db);
  return deps.config.directoryProviders.map((provider) => {
    const state = states.find((s) => s.provider === provider.id);
    return {
      id: provider.id,
      type: provider.type,
      name: provider.name,
      address: provider.type === 'oidc' ? provider.issuer : provider.url,
      state: state?.state ?? 'unknown',
      last_error: state?.lastError ?? null,
      last_error_at: state?.lastErrorAt?.toISOString() ?? null,
      last_success_at: state?.lastSuccessAt?.toISOString() ?? null,
      mapping: provider.mapping,
      linked_accounts: linked.get(provider.id) ?? 0,
    };
  });
}
