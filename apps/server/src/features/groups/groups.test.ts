import {
  groupExportColumns,
  permissionCodes,
  permissionCatalogue,
  userMessages,
  versionMessages,
  type Group,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, groups, userGroups, users } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('groups and permissions API', () => {
  let t: TestApp;
  let admin: SignedIn;
  let permissionIds: Record<string, number>;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const auditCount = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
    const list = (await send('GET', '/api/user/permissions/')).json() as { id: number; code: string }[];
    permissionIds = Object.fromEntries(list.map((p) => [p.code, p.id]));
  });
  afterAll(() => t.close());

  it('lists every permission with its Azerbaijani name, in catalogue order', async () => {
    const res = await send('GET', '/api/user/permissions/');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { code: string; name: string; resource: string }[];
    expect(body.map((p) => p.code)).toEqual([...permissionCodes]);
    expect(body.find((p) => p.code === 'view_user')).toMatchObject({
      name: permissionCatalogue.find((p) => p.code === 'view_user')!.name,
      resource: 'user',
    });
  });

  it('creates (201), reads, renames and deletes a group, auditing each step', async () => {
    const before = await auditCount();
    const created = await send('POST', '/api/user/groups/', {
      name: '  Hesabat baxışı ',
      permissions: [permissionIds.view_report, permissionIds.view_region],
    });
    expect(created.statusCode).toBe(201);
    const group = created.json() as Group;
    expect(group).toMatchObject({ name: 'Hesabat baxışı', code: null });
    expect(group.permissions).toEqual([permissionIds.view_report!, permissionIds.view_region!].sort((a, b) => a - b));
    expect((await send('GET', `/api/user/groups/${group.id}/`)).json()).toEqual(group);

    const updated = await send('PUT', `/api/user/groups/${group.id}/`, {
      version: group.version,
      name: 'Hesabatlar',
      permissions: [permissionIds.view_report],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Hesabatlar', permissions: [permissionIds.view_report] });

    const removed = await send('DELETE', `/api/user/groups/${group.id}/`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ pk: group.id });
    expect((await send('GET', `/api/user/groups/${group.id}/`)).statusCode).toBe(404);

    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.recordId, String(group.id)));
    const groupRows = rows.filter((r) => r.resource === 'group');
    expect(groupRows.map((r) => r.action)).toEqual(['create', 'update', 'delete']);
    expect(groupRows[1]!.changes).toEqual({
      name: { before: 'Hesabat baxışı', after: 'Hesabatlar' },
      permissions: { before: group.permissions, after: [permissionIds.view_report] },
    });
    expect(await auditCount()).toBe(before + 3);
  });

  it('refuses a stale version with 409 and a missing one with 400, changing nothing; a save bumps it', async () => {
    const group = (await send('POST', '/api/user/groups/', { name: 'Növbə', permissions: [] })).json() as Group;
    expect(group.version).toBe(1);
    const url = `/api/user/groups/${group.id}/`;
    const saved = await send('PUT', url, { name: 'Növbə 1', permissions: [permissionIds.view_report], version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ name: 'Növbə 1', version: 2 });
    const before = await auditCount();
    const stale = await send('PUT', url, { name: 'Növbə 2', permissions: [], version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: versionMessages.stale, code: 'stale_version' });
    const missing = await send('PUT', url, { name: 'Növbə 2', permissions: [] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ version: ['This field is required.'] });
    expect((await send('GET', url)).json()).toEqual(saved.json());
    expect(await auditCount()).toBe(before);
  });

  it('needs a name, unique regardless of Azerbaijani case, and real permissions', async () => {
    const before = await auditCount();
    expect((await send('POST', '/api/user/groups/', { name: ' ', permissions: [] })).json()).toEqual({
      name: [userMessages.groupNameRequired],
    });
    expect((await send('POST', '/api/user/groups/', { permissions: [] })).statusCode).toBe(400);
    for (const name of ['ADMINISTRATOR', 'administrator', 'mərkəzi APARAT', 'MƏRKƏZİ APARAT', 'Merkezi aparat']) {
      const res = await send('POST', '/api/user/groups/', { name, permissions: [] });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ name: [userMessages.groupNameTaken] });
    }
    const unknown = await send('POST', '/api/user/groups/', { name: 'Yeni', permissions: [999_999] });
    expect(unknown.json()).toEqual({ permissions: [userMessages.choiceMissing] });
    expect(await auditCount()).toBe(before);
    // The database holds the rule too, whatever the code checks first.
    await expect(t.database.db.insert(groups).values({ name: 'administrator' })).rejects.toThrow();
  });

  it('keeps the six role groups read-only: 409 on change and delete', async () => {
    const roleGroups = await t.database.db.select().from(groups);
    const admins = roleGroups.find((g) => g.code === 'admin')!;
    const put = await send('PUT', `/api/user/groups/${admins.id}/`, {
      name: 'Admins',
      permissions: [],
      version: 1,
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({ detail: userMessages.roleGroupProtected });
    const del = await send('DELETE', `/api/user/groups/${admins.id}/`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({ detail: userMessages.roleGroupProtected });
    expect((await send('DELETE', '/api/user/groups/999999/')).statusCode).toBe(404);
    expect((await send('PUT', '/api/user/groups/999999/', { name: 'X', permissions: [], version: 1 })).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete a group still given to users, naming how many', async () => {
    const group = (await send('POST', '/api/user/groups/', { name: 'İstifadədə', permissions: [] })).json() as Group;
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'inspector@demo.az'));
    await t.writeOutside((db) => db.insert(userGroups).values({ userId: user!.id, groupId: group.id }));
    const res = await send('DELETE', `/api/user/groups/${group.id}/`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: userMessages.groupInUse(1) });
  });

  it('lists groups with the list contract: filters, Azerbaijani search and order, paging errors', async () => {
    const page = (await send('GET', '/api/user/groups/')).json();
    expect(page).toMatchObject({ next: null, previous: null });
    expect(page.count).toBeGreaterThanOrEqual(6);
    const central = (await send('GET', '/api/user/groups/?name=MERKEZI')).json();
    expect(central.results.map((g: Group) => g.code)).toEqual(['central']);
    expect(
      (await send('GET', '/api/user/groups/?search=%C5%9F%C3%B6b%C9%99')).json().results.map((g: Group) => g.code),
    ).toEqual(['regional_head']);
    const names = (await send('GET', '/api/user/groups/?order_by=name&no_page=1'))
      .json()
      .results.map((g: Group) => g.name);
    expect(names.indexOf('Mərkəzi aparat')).toBeLessThan(names.indexOf('Müfəttiş'));
    expect(names.indexOf('Operator')).toBeLessThan(names.indexOf('Ödəniş əməkdaşı'));
    expect((await send('GET', '/api/user/groups/?order_by=code')).statusCode).toBe(400);
    expect((await send('GET', '/api/user/groups/?per_page=2&page=99')).statusCode).toBe(404);
    const second = (await send('GET', '/api/user/groups/?per_page=2&page=2')).json();
    expect(second.results).toHaveLength(2);
    expect(second.previous).toBe('http://localhost/api/user/groups/?per_page=2');
  });

  it('exports the list as CSV: its rows in its order, the columns asked for', async () => {
    const query = 'order_by=name&order=desc&search=o';
    const list = (await send('GET', `/api/user/groups/?no_page=1&${query}`)).json();
    expect(list.count).toBeGreaterThan(1);
    const res = await send('GET', `/api/user/groups/export/?format=csv&columns=name,permissions&${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-export-rows']).toBe(String(list.count));
    expect(res.body).toBe(expectedCsv(groupExportColumns, list.results as Group[], ['name', 'permissions']));
  });

  it('does not let a delegated group manager grant permissions they lack', async () => {
    const managers = (
      await send('POST', '/api/user/groups/', {
        name: 'Qrup idarəçiləri',
        permissions: [permissionIds.view_group, permissionIds.add_group, permissionIds.view_report],
      })
    ).json() as Group;
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'central@demo.az'));
    await t.writeOutside((db) => db.insert(userGroups).values({ userId: user!.id, groupId: managers.id }));
    const central = await signInAs(t, 'central@demo.az');
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user/groups/', headers: central.headers, payload });
    expect((await post({ name: 'Hamısı', permissions: [permissionIds.delete_user] })).json()).toEqual({
      permissions: [userMessages.grantBeyondOwn],
    });
    expect((await post({ name: 'Hesabat', permissions: [permissionIds.view_report] })).statusCode).toBe(201);
  });
});
