import { permissionCodes, rolePermissions, roles } from '@dnx/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { groupPermissions, groups, permissions } from '../schema';
import { syncAccessModel } from './access-model';

describe('access model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('has every permission of the catalogue', async () => {
    const rows = await t.database.db.select({ code: permissions.code }).from(permissions);
    expect(rows.map((r) => r.code).sort()).toEqual([...permissionCodes].sort());
  });

  it('gives each of the six role groups exactly its permissions', async () => {
    for (const role of roles) {
      const rows = await t.database.db
        .select({ code: permissions.code })
        .from(groupPermissions)
        .innerJoin(groups, eq(groups.id, groupPermissions.groupId))
        .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
        .where(eq(groups.code, role.code));
      expect(rows.map((r) => r.code).sort(), role.code).toEqual([...rolePermissions[role.code]].sort());
    }
  });

  it('puts a role group back in line with the matrix at start, touching only what differs', async () => {
    const db = t.database.db;
    const [operator] = await db.select().from(groups).where(eq(groups.code, 'operator'));
    const [foreign] = await db.select().from(permissions).where(eq(permissions.code, 'delete_user'));
    const [own] = await db.select().from(permissions).where(eq(permissions.code, rolePermissions.operator[0]!));
    await db.insert(groupPermissions).values({ groupId: operator!.id, permissionId: foreign!.id });
    await db
      .delete(groupPermissions)
      .where(and(eq(groupPermissions.groupId, operator!.id), eq(groupPermissions.permissionId, own!.id)));
    await syncAccessModel(db);
    const rows = await db
      .select({ code: permissions.code })
      .from(groupPermissions)
      .innerJoin(permissions, eq(permissions.id, groupPermissions.permissionId))
      .where(eq(groupPermissions.groupId, operator!.id));
    expect(rows.map((r) => r.code).sort()).toEqual([...rolePermissions.operator].sort());
  });
});
