import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords';
import { signInAs } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { syncAccessModel } from '../db/seed/access-model';
import { busRoutes, groups, onlineCarrierRequests, regions, userGroups, users } from '../db/schema';
import { demoPassword, demoUsers } from './data';
import { seedDemo } from './seed';

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('has one demo user per role with the demo password, each hashed with its own salt', async () => {
    const hashes = new Set<string>();
    for (const demo of demoUsers) {
      const [row] = await t.database.db
        .select({ hash: users.passwordHash, role: groups.code })
        .from(users)
        .innerJoin(userGroups, eq(userGroups.userId, users.id))
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(eq(users.email, demo.email));
      expect(row?.role, demo.email).toBe(demo.role);
      expect(row!.hash.startsWith('$argon2id$')).toBe(true);
      expect(await verifyPassword(row!.hash, demoPassword)).toBe(true);
      hashes.add(row!.hash);
    }
    expect(hashes.size).toBe(demoUsers.length);
  });

  it('has the regions of Azerbaijan with Azerbaijani names and coefficients', async () => {
    const rows = await t.database.db.select().from(regions);
    expect(rows.length).toBeGreaterThan(70);
    const byName = new Map(rows.map((r) => [r.name, r.coefficient]));
    expect(Number(byName.get('Bakı'))).toBe(2);
    expect(Number(byName.get('Gəncə'))).toBe(1.5);
    expect(byName.has('İsmayıllı')).toBe(true);
  });

  it('leaves online requests waiting for the Gəncə cashier, each with its documents, and two bus routes with a history', async () => {
    const cashier = await signInAs(t, 'cashier@demo.az');
    const get = async <T>(url: string, headers = cashier.headers) => {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      return res.json() as T;
    };
    type Listed = { results: { id: number; voen?: string; status: number }[]; count: number };
    const carriers = await get<Listed>('/api/online-carriers/');
    expect(carriers.results.map((r) => [r.voen, r.status]).sort()).toEqual([
      ['2000456781', 1],
      ['2001234561', 1],
    ]);
    const payments = await get<Listed>('/api/online-payments/');
    expect(payments.count).toBe(1);
    const request = await get<{ vehicles: unknown[]; files: { id: number; kind: string }[] }>(
      `/api/online-payments/${payments.results[0]!.id}/`,
    );
    expect(request.vehicles).toHaveLength(2);
    expect(request.files.map((f) => f.kind)).toEqual(['registration_certificate', 'power_of_attorney']);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/online-files/${request.files[0]!.id}/`,
      headers: cashier.headers,
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // An existing carrier's VÖEN: the review shows the differences from the register.
    const existing = await get<{ existing: unknown }>(
      `/api/online-carriers/${carriers.results.find((r) => r.voen === '2000456781')!.id}/`,
    );
    expect(existing.existing).not.toBeNull();

    const head = await signInAs(t, 'regional@demo.az');
    const routes = await get<{ results: { id: number; number: string; fare: string }[] }>(
      '/api/bus-routes/?ordering=number',
      head.headers,
    );
    expect(routes.results.map((r) => [r.number, r.fare])).toEqual([
      ['1', '0.40'],
      ['105', '10.00'],
    ]);
    const history = await get<{
      data: { action: string; changes: { field: string; before: unknown; after: unknown }[] }[];
    }>(`/api/bus-routes/${routes.results[0]!.id}/history/`, head.headers);
    expect(history.data.map((h) => h.action).sort()).toEqual(['create', 'update']);
    expect(history.data.find((h) => h.action === 'update')!.changes).toEqual([
      { field: 'fare', before: '0.30', after: '0.40' },
    ]);
  });

  it('is idempotent: running it again adds nothing', async () => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(regions))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(onlineCarrierRequests))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(busRoutes))[0]!.n;
    const before = await count();
    await syncAccessModel(t.database.db);
    await seedDemo(t.database.db);
    expect(await count()).toBe(before);
  });
});
