import { permissionCatalogue, rolePermissions, roles, secondFactorRoles } from '@dnx/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { groupPermissions, groups, permissions } from '../schema';

/**
 * Brings the permission catalogue and the six role groups in line with packages/shared.
 * Runs at every start: it is system data, not demo data. It reads first and writes only what differs, so a
 * start on a database already in line changes nothing (and stays fast).
 */
export async function syncAccessModel(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const stored = new Map(
      (await tx.select().from(permissions)).map((p) => [p.code, { id: p.id, name: p.name, resource: p.resource }]),
    );
    const changed = permissionCatalogue.filter((p) => {
      const have = stored.get(p.code);
      return !have || have.name !== p.name || have.resource !== p.resource;
    });
    if (changed.length > 0) {
      const written = await tx
        .insert(permissions)
        .values(changed.map((p) => ({ code: p.code, resource: p.resource, name: p.name })))
        .onConflictDoUpdate({
          target: permissions.code,
          set: { name: sql`excluded.name`, resource: sql`excluded.resource` },
        })
        .returning();
      for (const p of written) stored.set(p.code, { id: p.id, name: p.name, resource: p.resource });
    }

    const roleGroups = new Map(
      (await tx.select({ id: groups.id, code: groups.code }).from(groups).where(isNotNull(groups.code))).map((g) => [
        g.code,
        g.id,
      ]),
    );
    const missing = roles.filter((r) => !roleGroups.has(r.code));
    if (missing.length > 0) {
      const created = await tx
        .insert(groups)
        .values(
          missing.map((r) => ({
            name: r.name,
            code: r.code,
            mfaRequired: secondFactorRoles.includes(r.code),
            // A passkey with its user verification is two factors in one: every role group may use it alone.
            passkeySignIn: true,
          })),
        )
        .returning({ id: groups.id, code: groups.code });
      for (const g of created) roleGroups.set(g.code, g.id);
    }

    const held = await tx
      .select({ groupId: groupPermissions.groupId, permissionId: groupPermissions.permissionId })
      .from(groupPermissions)
      .where(inArray(groupPermissions.groupId, [...roleGroups.values()]));
    const heldKeys = new Set(held.map((h) => `${h.groupId}:${h.permissionId}`));
    const wantedKeys = new Set<string>();
    const toAdd: { groupId: number; permissionId: number }[] = [];
    for (const role of roles) {
      const groupId = roleGroups.get(role.code)!;
      for (const code of rolePermissions[role.code]) {
        const permissionId = stored.get(code)!.id;
        const key = `${groupId}:${permissionId}`;
        wantedKeys.add(key);
        if (!heldKeys.has(key)) toAdd.push({ groupId, permissionId });
      }
    }
    const toRemove = held.filter((h) => !wantedKeys.has(`${h.groupId}:${h.permissionId}`));
    if (toAdd.length > 0) await tx.insert(groupPermissions).values(toAdd);
    for (const extra of toRemove) {
      await tx
        .delete(groupPermissions)
        .where(and(eq(groupPermissions.groupId, extra.groupId), eq(groupPermissions.permissionId, extra.permissionId)));
    }
  });
}
