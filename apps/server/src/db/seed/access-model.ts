import { permissionCatalogue, rolePermissions, roles } from '@dnx/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { groupPermissions, groups, permissions } from '../schema';

/**
 * Brings the permission catalogue and the six role groups in line with packages/shared.
 * Runs at every start: it is system data, not demo data, and it is idempotent.
 */
export async function syncAccessModel(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(permissionCatalogue.map((p) => ({ code: p.code, resource: p.resource, name: p.name })))
      .onConflictDoUpdate({
        target: permissions.code,
        set: { name: sql`excluded.name`, resource: sql`excluded.resource` },
      });
    const permissionIds = new Map(
      (await tx.select({ id: permissions.id, code: permissions.code }).from(permissions)).map((p) => [p.code, p.id]),
    );
    for (const role of roles) {
      const [group] = await tx
        .insert(groups)
        .values({ name: role.name, code: role.code })
        .onConflictDoUpdate({ target: groups.code, set: { code: sql`excluded.code` } })
        .returning({ id: groups.id });
      const wanted = rolePermissions[role.code].map((code) => permissionIds.get(code)!);
      await tx.delete(groupPermissions).where(inArray(groupPermissions.groupId, [group!.id]));
      await tx.insert(groupPermissions).values(wanted.map((permissionId) => ({ groupId: group!.id, permissionId })));
    }
  });
}
