import { driverResource } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groups, permissions, userGroups, userPermissions, users } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resourceKit } from './resource-test-kit';

/** What the server reuses between requests (grants, filtered counts) must follow every change at once. */
describe('reused reads stay exact', () => {
  let t: TestApp;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    admin = await signInAs(t, 'admin@demo.az');
  });
  afterAll(() => t.close());

  it("a permission given or taken away counts on the user's very next request", async () => {
    const inspector = await signInAs(t, 'inspector@demo.az');
    const regions = () => t.app.inject({ method: 'GET', url: '/api/regions/', headers: inspector.headers });
    expect((await regions()).statusCode).toBe(403);
    expect((await regions()).statusCode).toBe(403);

    const [view] = await t.database.db.select().from(permissions).where(eq(permissions.code, 'view_region'));
    await t.database.db.insert(userPermissions).values({ userId: inspector.userId, permissionId: view!.id });
    expect((await regions()).statusCode).toBe(200);

    await t.database.db.delete(userPermissions).where(eq(userPermissions.userId, inspector.userId));
    expect((await regions()).statusCode).toBe(403);

    // Through a group too: joining the administrators' group opens it, leaving closes it.
    const [adminGroup] = await t.database.db.select().from(groups).where(eq(groups.code, 'admin'));
    await t.database.db.insert(userGroups).values({ userId: inspector.userId, groupId: adminGroup!.id });
    expect((await regions()).statusCode).toBe(200);
    await t.database.db.delete(userGroups).where(eq(userGroups.groupId, adminGroup!.id));
    await t.database.db.insert(userGroups).values({ userId: admin.userId, groupId: adminGroup!.id });
    expect((await regions()).statusCode).toBe(403);
  });

  it('a deactivated user is refused at once even with grants known to the server', async () => {
    const cashier = await signInAs(t, 'cashier@demo.az');
    const me = () => t.app.inject({ method: 'POST', url: '/api/user/current-user/', headers: cashier.headers });
    expect((await me()).statusCode).toBe(200);
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, cashier.userId));
    expect((await me()).statusCode).toBe(401);
  });

  it("a search's count follows inserts, updates and deletes", async () => {
    const kit = resourceKit(t, () => admin);
    const count = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${driverResource.apiPath}?search=Zülfüqarlı`,
        headers: admin.headers,
      });
      return (res.json() as { count: number }).count;
    };
    const before = await count();
    expect(await count()).toBe(before);

    const created = await t.app.inject({
      method: 'POST',
      url: driverResource.apiPath,
      headers: admin.headers,
      payload: await kit.sampleInput(driverResource, { last_name: 'Zülfüqarlı' }),
    });
    expect(created.statusCode).toBe(201);
    const driver = created.json() as Record<string, unknown> & { id: number };
    expect(await count()).toBe(before + 1);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${driverResource.apiPath}${driver.id}/`,
      headers: admin.headers,
      payload: { ...(await kit.sampleInput(driverResource)), last_name: 'Başqa' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await count()).toBe(before);

    await t.app.inject({
      method: 'PUT',
      url: `${driverResource.apiPath}${driver.id}/`,
      headers: admin.headers,
      payload: { ...(await kit.sampleInput(driverResource)), last_name: 'Zülfüqarlı' },
    });
    expect(await count()).toBe(before + 1);
    const removed = await t.app.inject({
      method: 'POST',
      url: `${driverResource.apiPath}delete-multiple/`,
      headers: admin.headers,
      payload: { pkList: [driver.id] },
    });
    expect(removed.statusCode).toBe(200);
    expect(await count()).toBe(before);
  });
});
