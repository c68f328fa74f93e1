import { recordAuditEvent } from '../../lib/audit';
import type { Database } from '../../db/client';
import type { DirectoryDecision } from './resolve';
import * as repo from './repository';

/** A directory sign-in's audit detail: which provider, how, and the person's directory id. */
export const ssoDetail = (provider: string, method: 'oidc' | 'ldap', decision: DirectoryDecision) => ({
  provider,
  method,
  subject: decision.mapped.subject,
  directory_groups: decision.mapped.directoryGroups,
});

/** A refused directory sign-in, with its reason, into the audit trail; nothing else is written. */
export async function auditRefusal(
  db: Database,
  provider: string,
  method: 'oidc' | 'ldap',
  reason: string,
  who: { email?: string | null; userId?: number | null; subject?: string | null } = {},
) {
  await recordAuditEvent(db, {
    actor: null,
    email: who.email ?? who.subject ?? provider,
    action: 'sign_in',
    result: 'failure',
    resource: 'user',
    recordId: who.userId ?? null,
    objectName: who.email ?? who.subject ?? null,
    detail: { provider, method, reason, ...(who.subject ? { subject: who.subject } : {}) },
  });
}

/**
 * Writes what a decision that is not refused says: the account created or linked, then its groups and region when
 * they follow the directory; each link, creation and change of groups into the audit trail. Answers the account and
 * identity the session belongs to.
 */
export async function applyDirectoryDecision(
  db: Database,
  provider: string,
  method: 'oidc' | 'ldap',
  decision: DirectoryDecision,
): Promise<{ userId: number; identityId: number; email: string }> {
  const { account, mapped } = decision;
  const applied = await db.transaction(async (tx) => {
    const userId =
      account.id ??
      (await repo.createDirectoryUser(tx, {
        email: account.email!,
        firstName: account.firstName,
        lastName: account.lastName,
      }));
    const identityId =
      decision.identityId ??
      (await repo.addIdentity(tx, { userId, provider, issuer: decision.issuer, subject: mapped.subject }));
    if (decision.identityId !== null) await repo.touchIdentity(tx, identityId);
    let change: { before: object; after: object } | null = null;
    if (decision.writesAccess) {
      const before = await repo.groupsOfUser(tx, userId);
      const current = await repo.findAccount(tx, { id: userId });
      const beforeIds = before.map((g) => g.id).sort((a, b) => a - b);
      const afterIds = decision.groups.map((g) => g.id).sort((a, b) => a - b);
      const regionId = decision.region?.id ?? null;
      if (beforeIds.join() !== afterIds.join()) await repo.setUserGroups(tx, userId, afterIds);
      if ((current?.regionId ?? null) !== regionId) await repo.setUserRegion(tx, userId, regionId);
      if (beforeIds.join() !== afterIds.join() || (current?.regionId ?? null) !== regionId)
        change = {
          before: { groups: beforeIds, region: current?.regionId ?? null },
          after: { groups: afterIds, region: regionId },
        };
    }
    return { userId, identityId, change };
  });
  const email = account.email ?? '';
  const actor = { id: applied.userId, email };
  const detail = ssoDetail(provider, method, decision);
  const event = (action: 'directory_create' | 'directory_link' | 'directory_groups', extra: object = {}) =>
    recordAuditEvent(db, {
      actor,
      action,
      result: 'success',
      resource: 'user',
      recordId: applied.userId,
      objectName: email,
      detail: { ...detail, ...extra },
    });
  if (account.action === 'create') await event('directory_create');
  if (account.action !== 'linked') await event('directory_link', { issuer: decision.issuer });
  if (applied.change) await event('directory_groups', applied.change);
  return { userId: applied.userId, identityId: applied.identityId, email };
}
