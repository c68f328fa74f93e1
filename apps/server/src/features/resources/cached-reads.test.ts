import { driverResource } from '@dnx/shared';
import { eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, groups, permissions, sessions, userGroups, userPermissions, users } from '../../db/schema';
import { signInAs, type SignedIn } from '../../test/auth-helpers';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resourceKit } from './resource-test-kit';
import { resourceSpecs } from './specs';

/**
 * What the server keeps between requests (the signed-in user, grants, counts) must follow every change: the
 * writes here go straight to the database, as another server process's would, and reach the app through the
 * database's change feed.
 */
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
    await t.writeOutside((db) =>
      db.insert(userPermissions).values({ userId: inspector.userId, permissionId: view!.id }),
    );
    expect((await regions()).statusCode).toBe(200);

    await t.writeOutside((db) => db.delete(userPermissions).where(eq(userPermissions.userId, inspector.userId)));
    expect((await regions()).statusCode).toBe(403);

    // Through a group too: joining the administrators' group opens it, leaving closes it.
    const [adminGroup] = await t.database.db.select().from(groups).where(eq(groups.code, 'admin'));
    await t.writeOutside((db) => db.insert(userGroups).values({ userId: inspector.userId, groupId: adminGroup!.id }));
    expect((await regions()).statusCode).toBe(200);
    await t.writeOutside((db) => db.delete(userGroups).where(eq(userGroups.groupId, adminGroup!.id)));
    await t.writeOutside((db) => db.insert(userGroups).values({ userId: admin.userId, groupId: adminGroup!.id }));
    expect((await regions()).statusCode).toBe(403);
  });

  it('a deactivated user is refused at once even with grants known to the server', async () => {
    const cashier = await signInAs(t, 'cashier@demo.az');
    const me = () => t.app.inject({ method: 'POST', url: '/api/user/current-user/', headers: cashier.headers });
    expect((await me()).statusCode).toBe(200);
    await t.writeOutside((db) => db.update(users).set({ isActive: false }).where(eq(users.id, cashier.userId)));
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
      payload: { ...(await kit.sampleInput(driverResource)), last_name: 'Başqa', version: driver.version },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await count()).toBe(before);

    await t.app.inject({
      method: 'PUT',
      url: `${driverResource.apiPath}${driver.id}/`,
      headers: admin.headers,
      payload: { ...(await kit.sampleInput(driverResource)), last_name: 'Zülfüqarlı', version: renamed.json().version },
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

  it('a session ended elsewhere refuses its access token on the next request', async () => {
    const central = await signInAs(t, 'central@demo.az');
    const me = () => t.app.inject({ method: 'POST', url: '/api/user/current-user/', headers: central.headers });
    expect((await me()).statusCode).toBe(200);
    await t.writeOutside((db) =>
      db
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: 'logout' })
        .where(eq(sessions.id, central.sessionId)),
    );
    const refused = await me();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('every resource table announces its writes on the change feed (its counts are kept in memory)', async () => {
    const result = (await t.database.db.execute(
      sql`select c.relname as table_name from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname = c.relname || '_change_feed'`,
    )) as unknown as { rows: { table_name: string }[] };
    const announced = result.rows.map((row) => row.table_name);
    expect(announced).toEqual(expect.arrayContaining(resourceSpecs.map((spec) => getTableName(spec.table))));
  });

  it("a list's total follows rows written by another process", async () => {
    const total = async () => {
      const res = await t.app.inject({ method: 'GET', url: driverResource.apiPath, headers: admin.headers });
      return (res.json() as { count: number }).count;
    };
    const before = await total();
    expect(await total()).toBe(before);
    const kit = resourceKit(t, () => admin);
    const input = await kit.sampleInput(driverResource);
    const [driver] = await t.writeOutside((db) =>
      db
        .insert(drivers)
        .values({
          firstName: String(input.first_name),
          lastName: String(input.last_name),
          parentName: String(input.parent_name),
          identityFinCode: String(input.identity_fin_code),
          drivingLicenseStartDate: String(input.driving_license_start_date),
          drivingLicenseFinishDate: String(input.driving_license_finish_date),
          drivingCategory: input.driving_category as string[],
        })
        .returning(),
    );
    expect(await total()).toBe(before + 1);
    await t.writeOutside((db) => db.delete(drivers).where(eq(drivers.id, driver!.id)));
    expect(await total()).toBe(before);
  });

  it('a lost change feed leaves nothing stale: reads go to the database until it listens again', async () => {
    const total = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${driverResource.apiPath}?status=0`,
        headers: admin.headers,
      });
      return (res.json() as { count: number }).count;
    };
    const before = await total();
    expect(await total()).toBe(before);
    const [driver] = await t.database.db.select({ id: drivers.id }).from(drivers).where(eq(drivers.status, 1)).limit(1);

    if (t.database.kind === 'postgres') {
      // The listening connection dies as it would in a database restart.
      // As the owner: the app's role may not end another role's connections.
      await t.database.asOwner((owner) =>
        owner.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'dnx-change-feed' and datname = current_database()`,
        ),
      );
      await expect.poll(() => t.app.changes.live, { timeout: 10_000 }).toBe(false);
    } else {
      t.app.changes.restart();
    }
    // Written without waiting for any notice: a lost feed must not let a cached count hide it.
    await t.database.db.update(drivers).set({ status: 0 }).where(eq(drivers.id, driver!.id));
    expect(await total()).toBe(before + 1);

    await expect.poll(() => t.app.changes.live, { timeout: 10_000 }).toBe(true);
    expect(await total()).toBe(before + 1);
    await t.writeOutside((db) => db.update(drivers).set({ status: 1 }).where(eq(drivers.id, driver!.id)));
    expect(await total()).toBe(before);
  });
});
