import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../lib/passwords';
import { signInAs } from '../test/auth-helpers';
import { prepareDatabase } from '../app';
import type { Database } from '../db/client';
import { createTestApp, openTestDatabase, testConfig, type TestApp } from '../test/test-app';
import { syncAccessModel } from '../db/seed/access-model';
import {
  busRoutes,
  fnBatches,
  fnForms,
  groups,
  onlineCarrierRequests,
  onlinePaymentRequests,
  payments,
  regions,
  userGroups,
  users,
} from '../db/schema';
import { fnLedgerChain } from '../features/fn/ledger';
import { demoPassword, demoUsers } from './data';
import { actorOf } from './fn';
import { historyRegions } from './history-data';
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

  it('acts as the demo users do: their groups, permissions and region scope as a request of theirs has them', async () => {
    const central = await actorOf(t.database.db, 'central@demo.az');
    const cashier = await actorOf(t.database.db, 'cashier@demo.az');
    expect(central?.isNational).toBe(true);
    expect(central?.permissions.has('add_fnbatch')).toBe(true);
    expect(cashier?.isNational).toBe(false);
    expect(cashier?.permissions.has('add_payment')).toBe(true);
    expect(cashier?.permissions.has('add_fnbatch')).toBe(false);
    expect(cashier?.groups.map((g) => g.code)).toEqual(['cashier']);
    expect(await actorOf(t.database.db, 'nobody@demo.az')).toBeNull();
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

  it('keeps the demo users in their roles and regions, and the history staff in theirs', async () => {
    const rows = await t.database.db
      .select({ email: users.email, role: groups.code, region: regions.name, active: users.isActive })
      .from(users)
      .innerJoin(userGroups, eq(userGroups.userId, users.id))
      .innerJoin(groups, eq(groups.id, userGroups.groupId))
      .leftJoin(regions, eq(regions.id, users.regionId));
    const byEmail = new Map(rows.map((r) => [r.email, r]));
    for (const demo of [...demoUsers, ...historyRegions.flatMap((r) => r.staff.map((s) => ({ ...s, region: r.name })))])
      expect(byEmail.get(demo.email), demo.email).toEqual({
        email: demo.email,
        role: demo.role,
        region: demo.region,
        active: true,
      });
    // No demo password signs a history account in: it was given none.
    const [staff] = await t.database.db.select().from(users).where(eq(users.email, historyRegions[0]!.staff[0]!.email));
    expect(await verifyPassword(staff!.passwordHash, demoPassword)).toBe(false);
  });

  it('has a year of forms and payments in at least five regions, in every stage and status', async () => {
    const db = t.database.db;
    const count = sql<number>`count(*)::int`;
    const formRegions = await db
      .select({ region: fnBatches.regionId, forms: count })
      .from(fnForms)
      .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
      .groupBy(fnBatches.regionId);
    expect(formRegions.filter((r) => r.forms >= 100).length).toBeGreaterThanOrEqual(5);
    expect(formRegions.reduce((sum, r) => sum + r.forms, 0)).toBeGreaterThan(3000);
    const stages = await db.select({ stage: fnForms.stage, n: count }).from(fnForms).groupBy(fnForms.stage);
    expect(stages.map((s) => s.stage).sort()).toEqual(['active', 'new', 'paid', 'shared', 'used', 'voided']);
    const batchStatuses = await db.selectDistinct({ status: fnBatches.status }).from(fnBatches);
    expect(batchStatuses.map((b) => b.status).sort()).toEqual(['accepted', 'issued']);
    // Notice statuses: active, insured, not fully insured, paid, and expired (a paid form past its validity).
    const notices = await db.execute(sql`select distinct case when status = 4 and valid_to < current_date then 1
        else status end as status from fn_forms where status is not null`);
    expect((notices as unknown as { rows: { status: number }[] }).rows.map((r) => r.status).sort()).toEqual([
      0, 1, 2, 3, 4,
    ]);
    const statuses = await db.selectDistinct({ status: payments.status }).from(payments);
    expect(statuses.map((s) => s.status).sort()).toEqual([1, 2, 3, 4]);

    // Spread over the year, not a spike: forms issued and payments made in at least ten distinct months.
    const months = async (column: unknown, table: unknown) =>
      Number(
        (
          (await db.execute(
            sql`select count(distinct to_char(${column}, 'YYYY-MM'))::int as n from ${table}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    expect(await months(fnBatches.createdAt, fnBatches)).toBeGreaterThanOrEqual(10);
    expect(await months(payments.createdAt, payments)).toBeGreaterThanOrEqual(10);
    expect(await months(payments.paymentReceiptDate, payments)).toBeGreaterThanOrEqual(10);
    const [latest] = await db.select({ day: sql<string>`max(${payments.createdAt})::date::text` }).from(payments);
    const [earliest] = await db.select({ day: sql<string>`min(${payments.createdAt})::date::text` }).from(payments);
    const span = (Date.parse(latest!.day) - Date.parse(earliest!.day)) / 86_400_000;
    expect(span).toBeGreaterThan(300);
    // Dated back from the day it was made: nothing in the future.
    expect(latest!.day <= new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('has online requests of carriers and for marks in each state, and bus routes with a history in the regions', async () => {
    const db = t.database.db;
    for (const table of [onlineCarrierRequests, onlinePaymentRequests]) {
      const rows = await db.selectDistinct({ status: table.status, region: table.regionId }).from(table);
      expect([...new Set(rows.map((r) => r.status))].sort()).toEqual([1, 2, 3]);
      expect(new Set(rows.map((r) => r.region)).size).toBeGreaterThanOrEqual(5);
    }
    const routes = await db.selectDistinct({ region: busRoutes.regionId }).from(busRoutes);
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const central = await signInAs(t, 'central@demo.az');
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/bus-routes/?ordering=number`,
      headers: central.headers,
    });
    expect(history.json().count).toBeGreaterThanOrEqual(6);
  });

  it('passes the ledger and the reconciliation: every number accounted for, the chain unbroken', async () => {
    expect((await fnLedgerChain.verify(t.database.db)).ok).toBe(true);
    const central = await signInAs(t, 'central@demo.az');
    const res = await t.app.inject({ method: 'GET', url: '/api/fn/reconciliation/', headers: central.headers });
    expect(res.statusCode).toBe(200);
    const reconciliation = res.json() as {
      consistent: boolean;
      rows: { region: number }[];
      totals: { issued: number };
    };
    expect(reconciliation.consistent).toBe(true);
    expect(new Set(reconciliation.rows.map((r) => r.region)).size).toBeGreaterThanOrEqual(6);
    expect(reconciliation.totals.issued).toBeGreaterThan(3000);
  });

  it('gives the reports a year: the general report has figures in every month of it', async () => {
    const central = await signInAs(t, 'central@demo.az');
    const today = new Date().toISOString().slice(0, 10);
    const from = `${Number(today.slice(0, 4)) - 1}${today.slice(4, 7)}-01`;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/reports/general/?date_from=${from}&date_to=${today}`,
      headers: central.headers,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json() as { months: { key: string; issued: number; payments: number }[]; regions: unknown[] };
    const busy = report.months.filter((m) => m.payments > 0);
    expect(busy.length).toBeGreaterThanOrEqual(10);
    expect(report.regions.length).toBeGreaterThanOrEqual(6);
  });

  it('is the same on every run: a seeded random, dated from the day it is made', async () => {
    const figures = async (db: Database) =>
      (
        (await db.execute(sql`select b.series, count(*)::int as forms,
            count(*) filter (where f.stage = 'paid')::int as paid, min(b.created_at)::date::text as first,
            (select count(*)::int from payments) as payments, (select sum(total)::text from payments) as total
          from fn_forms f join fn_batches b on b.id = f.batch_id group by 1 order by 1`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    // A database seeded anew, not a copy of the run's template.
    const fresh = await openTestDatabase('migrated');
    try {
      await prepareDatabase(testConfig(), { database: fresh.handle, seed: 'always' });
      expect(await figures(fresh.handle.db)).toEqual(await figures(t.database.db));
    } finally {
      await fresh.dispose();
    }
  });

  it('is idempotent: running it again adds nothing', async () => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(regions))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(onlineCarrierRequests))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(busRoutes))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(fnForms))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(payments))[0]!.n +
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(onlinePaymentRequests))[0]!.n;
    const before = await count();
    await syncAccessModel(t.database.db);
    await seedDemo(t.database.db);
    expect(await count()).toBe(before);
  });
});
