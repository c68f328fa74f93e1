import { busRouteCreateSchema, busRouteUpdateSchema } from '@dnx/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  busRouteHistory,
  busRoutes,
  carriers,
  cities,
  onlineCarrierRequests,
  onlinePaymentRequests,
  payments,
  regions,
  routeCompanies,
  taxPayers,
  transportTypes,
  users,
} from '../db/schema';
import { createBusRouteService } from '../features/bus-routes/service';
import { recordCarrierRequest, recordPaymentRequest } from '../features/online/service';
import { utcDay } from '../lib/days';
import { actorOf } from './fn';
import { historyRegionIds } from './history';
import { historyRegions, ownerNames } from './history-data';
import { addDays, atWork, seededRandom } from './random';
import { certificateOf } from './requests';

const rejected = 'Təqdim olunan sənəd oxunmur, yenidən göndərin.';

/** The history regions' cashiers (who decide their requests), by address. */
async function historyCashierIds(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        historyRegions.map((r) => r.staff.find((s) => s.role === 'cashier')!.email),
      ),
    );
  return new Map(rows.map((u) => [u.email, u.id]));
}

/** A region's three carriers asking to be registered (the `index`-th region's own names, numbers and addresses). */
function registrationsOf(region: (typeof historyRegions)[number], index: number) {
  return [0, 1, 2].map((k) => {
    const owner = ownerNames[(index * 3 + k) % ownerNames.length]!;
    const voen = `17${String(index * 3 + k).padStart(2, '0')}${owner.code.slice(4)}`;
    return {
      name: `${region.name} ${['Sərnişin', 'Nəqliyyat', 'Yol'][k]} MMC`,
      voen: `${voen.slice(0, 9)}1`,
      phone: `+99450${String(1000000 + index * 1000 + k).slice(-7)}`,
      address: `${region.name}, mərkəzi küçə ${k + 1}`,
      email: `muraciet.${region.plateCode}${k}@example.az`,
    };
  });
}

/**
 * The year's online requests in the history regions (docs/decisions/0051-demo-data.md): per region, carriers'
 * registrations and requests for marks in each state (new, approved or accepted, rejected), spread over the months.
 * Stored through the online service's own record functions (tracking code, documents, audit row, as a carrier's
 * submit), then decided and dated as the region's cashier did. Only once: when the regions have no online request yet.
 */
async function seedHistoryOnline(db: Database, today: string) {
  const regionIds = await historyRegionIds(db);
  if (!regionIds) return;
  const [any] = await db
    .select({ id: onlineCarrierRequests.id })
    .from(onlineCarrierRequests)
    .where(inArray(onlineCarrierRequests.regionId, [...regionIds.values()]))
    .limit(1);
  if (any) return;
  const random = seededRandom(220);
  const [taxPayer] = await db.select({ id: taxPayers.id }).from(taxPayers).orderBy(asc(taxPayers.id)).limit(1);
  const types = await db.select({ id: transportTypes.id }).from(transportTypes).orderBy(asc(transportTypes.id));
  const cashierIds = await historyCashierIds(db);
  const address = '127.0.0.1';

  for (const [index, region] of historyRegions.entries()) {
    const regionId = regionIds.get(region.name)!;
    // One sample certificate per region stands for each request's scan: a PDF takes a while to draw.
    const certificate = await certificateOf({ name: `${region.name} regionu`, voen: '', address: region.name });
    const cashier = cashierIds.get(region.staff.find((s) => s.role === 'cashier')!.email) ?? null;
    const decide = async (
      table: typeof onlineCarrierRequests | typeof onlinePaymentRequests,
      id: number,
      daysAgo: number,
      decision: { status: 1 | 2 | 3; reason?: string; carrierId?: number; paymentId?: number },
    ) => {
      const created = addDays(today, -daysAgo);
      const decided = addDays(created, random.int(1, 3));
      await db
        .update(table)
        .set({
          createdAt: atWork(created, random),
          status: decision.status,
          ...(decision.status === 1
            ? {}
            : {
                reason: decision.reason ?? null,
                decidedBy: cashier,
                decidedAt: atWork(decided > today ? today : decided, random),
              }),
          ...(decision.carrierId === undefined ? {} : { carrierId: decision.carrierId }),
          ...(decision.paymentId === undefined ? {} : { paymentId: decision.paymentId }),
        } as never)
        .where(eq(table.id, id));
    };

    // Registrations: one waiting, one approved (the carrier is on the register since), one rejected.
    const registrations = registrationsOf(region, index);
    for (const [k, fields] of registrations.entries()) {
      const stored = await recordCarrierRequest(
        db,
        { info: '', ...fields, tax_payer: taxPayer?.id ?? null, region: regionId },
        [certificate],
        address,
      );
      if (k === 0) await decide(onlineCarrierRequests, stored.id, random.int(0, 6), { status: 1 });
      if (k === 1) {
        const [carrier] = await db
          .insert(carriers)
          .values({ ...fields, taxPayerId: taxPayer?.id ?? null, info: 'Onlayn müraciətlə qeydiyyata alınıb.' })
          .returning({ id: carriers.id });
        await decide(onlineCarrierRequests, stored.id, random.int(60, 300), { status: 2, carrierId: carrier!.id });
      }
      if (k === 2) await decide(onlineCarrierRequests, stored.id, random.int(20, 200), { status: 3, reason: rejected });
    }

    // Requests for marks: one waiting, one accepted (the payment made of it), one rejected.
    const [made] = await db
      .select({ id: payments.id, ownerCode: payments.ownerCode, ownerName: payments.ownerName })
      .from(payments)
      .leftJoin(onlinePaymentRequests, eq(onlinePaymentRequests.paymentId, payments.id))
      .where(and(eq(payments.regionId, regionId), eq(payments.status, 3), isNull(onlinePaymentRequests.id)))
      .orderBy(asc(payments.id))
      .limit(1);
    for (const k of [0, 1, 2]) {
      const owner = k === 1 && made ? { code: made.ownerCode, name: made.ownerName } : random.pick(ownerNames);
      const stored = await recordPaymentRequest(
        db,
        {
          owner_code: owner.code,
          owner_name: owner.name,
          owner_address: region.name,
          owner_phone: '+994501112233',
          owner_email: `sifaris.${region.plateCode}${k}@example.az`,
          owner_region: regionId,
          owner_transport_type: types[0]!.id,
          vehicles: [
            {
              plate: `${region.plateCode}-OR-${String(100 + index * 10 + k)}`,
              transport_type: types[0]!.id,
              seats_count: random.int(14, 40),
              load_carrying_capacity: '0',
              months: random.pick([1, 3, 6, 12] as const),
              driver_fin: '',
            },
          ],
        },
        [certificate],
        address,
      );
      if (k === 0) await decide(onlinePaymentRequests, stored.id, random.int(0, 6), { status: 1 });
      if (k === 1 && made) {
        const [payment] = await db
          .select({ createdAt: payments.createdAt })
          .from(payments)
          .where(eq(payments.id, made.id));
        const daysAgo = Math.max(1, Math.round((Date.now() - payment!.createdAt.getTime()) / 86_400_000) + 1);
        await decide(onlinePaymentRequests, stored.id, daysAgo, { status: 2, paymentId: made.id });
      }
      if (k === 2) await decide(onlinePaymentRequests, stored.id, random.int(20, 200), { status: 3, reason: rejected });
    }
  }
}

/**
 * A city line in each history region, kept through the bus route service (so each has its history), whose fare
 * rose some months ago; dated back: created a year ago, changed since.
 */
async function seedHistoryRoutes(db: Database, today: string) {
  const central = await actorOf(db, 'central@demo.az');
  if (!central) return;
  const regionRows = await db.select({ id: regions.id, name: regions.name }).from(regions);
  const regionIds = new Map(regionRows.map((r) => [r.name, r.id]));
  const [existing] = await db
    .select({ id: busRoutes.id })
    .from(busRoutes)
    .where(
      inArray(
        busRoutes.regionId,
        historyRegions.map((r) => regionIds.get(r.name) ?? -1),
      ),
    )
    .limit(1);
  if (existing) return;
  const [bus] = await db
    .select({ id: transportTypes.id })
    .from(transportTypes)
    .orderBy(asc(transportTypes.id))
    .limit(1);
  const cityIds = new Map((await db.select().from(cities)).map((c) => [c.name, c.id]));
  const [company] = await db.select({ id: routeCompanies.id }).from(routeCompanies).orderBy(asc(routeCompanies.id));
  if (!bus || !company) return;
  const random = seededRandom(105);
  const service = createBusRouteService(db);
  for (const [index, region] of historyRegions.entries()) {
    const city = cityIds.get(region.name) ?? cityIds.get('Bakı')!;
    const created = await service.create(
      central,
      busRouteCreateSchema.parse({
        transport_type: bus.id,
        region: regionIds.get(region.name),
        name: `${region.name}: Avtovağzal — Mərkəz`,
        number: String(10 + index),
        city,
        destination_city: city,
        cover: `${region.name} şəhəri`,
        route_length_straight: `${random.int(8, 20)}.50`,
        route_length_versa: `${random.int(8, 20)}.70`,
        start_time: '06:30',
        finish_time: '22:30',
        one_period_time: random.int(40, 70),
        interval: random.pick([10, 12, 15, 20]),
        fare: '0.40',
        route_companies: [company.id],
        route_points: [{ name: 'Avtovağzal' }, { name: 'Mərkəz' }],
        description: 'Şəhərdaxili müntəzəm marşrut.',
      }),
    );
    await service.update(
      central,
      created.id,
      busRouteUpdateSchema.parse({
        ...created,
        route_companies: created.route_companies.map((c) => c.id),
        fare: '0.50',
      }),
    );
    // A year of the route: made eleven months ago, its fare raised a few months ago.
    const made = atWork(addDays(today, -random.int(300, 350)), random);
    const raised = atWork(addDays(today, -random.int(60, 150)), random);
    await db.update(busRoutes).set({ createdAt: made }).where(eq(busRoutes.id, created.id));
    await db
      .update(busRouteHistory)
      .set({
        at: sql`case when ${busRouteHistory.action} = 'create' then ${made.toISOString()}::timestamptz else ${raised.toISOString()}::timestamptz end`,
      })
      .where(eq(busRouteHistory.routeId, created.id));
  }
}

/** The history regions' online requests and bus routes. */
export async function seedDemoHistoryRequests(db: Database): Promise<void> {
  const today = utcDay();
  await seedHistoryOnline(db, today);
  await seedHistoryRoutes(db, today);
}
