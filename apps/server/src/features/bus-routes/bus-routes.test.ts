import {
  busRouteExportColumns,
  busRouteMessages,
  versionMessages,
  type BusRouteListItem,
  type Page,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cities, routeCompanies, transportTypes } from '../../db/schema';
import type { SignedIn } from '../../test/auth-helpers';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';

interface Route {
  id: number;
  region: number;
  number: string;
  fare: string;
  status: number;
  version: number;
  start_time: string | null;
  route_companies: { id: number; name: string }[];
  route_points: { name: string; lat: string | null; lng: string | null }[];
}
interface History {
  data: { action: string; actor_email: string | null; changes: { field: string; before: unknown; after: unknown }[] }[];
}

describe('bus routes API', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  let city: number;
  let otherCity: number;
  let companies: { id: number; name: string }[];
  let bus: number;
  let serial = 0;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
    const db = t.database.db;
    [city, otherCity] = (await db.select({ id: cities.id }).from(cities).limit(2)).map((c) => c.id) as [number, number];
    companies = await db.select({ id: routeCompanies.id, name: routeCompanies.name }).from(routeCompanies).limit(2);
    bus = (
      await db.select({ id: transportTypes.id }).from(transportTypes).where(eq(transportTypes.feeGroup, 'seat'))
    )[0]!.id;
  });
  afterAll(async () => t?.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: SignedIn, payload?: object) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  const body = (overrides: Record<string, unknown> = {}) => ({
    transport_type: bus,
    name: 'Gəncə — Bakı',
    number: `R-${++serial}`,
    city,
    destination_city: otherCity,
    cover: 'Şəhərlərarası',
    route_length_straight: '365,5',
    fare: '0,40',
    start_time: '06:30',
    finish_time: null,
    route_companies: companies.map((c) => c.id),
    route_points: [{ name: 'Avtovağzal', lat: '40,680', lng: '46.36' }, { name: 'Gənclik' }, { name: 'Bazar' }],
    ...overrides,
  });
  const create = async (who: SignedIn, overrides: Record<string, unknown> = {}) => {
    const res = await send('POST', '/api/bus-routes/', who, body(overrides));
    if (res.statusCode !== 201) throw new Error(`create: ${res.statusCode} ${res.body}`);
    return res.json() as Route;
  };

  it('a regional head creates a route in their region with three stops and two companies; the history starts with it', async () => {
    const route = await create(k.as.regional, { region: k.baku });
    expect(route.region).toBe(k.ganja);
    expect(route.fare).toBe('0.40');
    expect(route.start_time).toBe('06:30');
    expect(route.route_companies.map((c) => c.id)).toEqual(companies.map((c) => c.id));
    expect(route.route_points).toEqual([
      { name: 'Avtovağzal', lat: '40.68', lng: '46.36' },
      { name: 'Gənclik', lat: null, lng: null },
      { name: 'Bazar', lat: null, lng: null },
    ]);
    const history = (await send('GET', `/api/bus-routes/${route.id}/history/`, k.as.regional)).json() as History;
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ action: 'create', actor_email: 'regional@demo.az' });
    expect(history.data[0]!.changes).toContainEqual({ field: 'fare', before: null, after: '0.40' });
  });

  it("answers every slot of the form's errors, and refuses bad times, coordinates and references under their fields", async () => {
    const empty = await send('POST', '/api/bus-routes/', k.as.admin, {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json()).sort()).toEqual(
      ['city', 'cover', 'destination_city', 'name', 'number', 'transport_type'].sort(),
    );
    const noRegion = await send('POST', '/api/bus-routes/', k.as.admin, body());
    expect(noRegion.json()).toEqual({ region: [busRouteMessages.regionRequired] });
    const wrong = await send(
      'POST',
      '/api/bus-routes/',
      k.as.regional,
      body({
        start_time: '25:00',
        route_points: [
          { name: 'A', lat: '40' },
          { name: 'B', lat: '91', lng: '1' },
        ],
        fare: '-1',
      }),
    );
    expect(wrong.json()).toEqual({
      start_time: [busRouteMessages.timeInvalid],
      'route_points.0.lat': [busRouteMessages.coordinatesPair],
      'route_points.1.lat': [busRouteMessages.coordinatesInvalid],
      fare: [busRouteMessages.fareInvalid],
    });
    const unknown = await send(
      'POST',
      '/api/bus-routes/',
      k.as.regional,
      body({ city: 999_999, route_companies: [999_999] }),
    );
    expect(unknown.json()).toMatchObject({ city: [busRouteMessages.cityRequired] });
    expect(Object.keys(unknown.json())).toContain('route_companies');
  });

  it('keeps numbers unique among the active routes of a region only', async () => {
    const first = await create(k.as.regional, { number: 'U-1' });
    const again = await send('POST', '/api/bus-routes/', k.as.regional, body({ number: 'U-1' }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ number: [busRouteMessages.numberTaken] });
    // Another region may have it; an inactive route frees it.
    expect(
      (await send('POST', '/api/bus-routes/', k.as.admin, body({ number: 'U-1', region: k.baku }))).statusCode,
    ).toBe(201);
    const off = await send('PUT', `/api/bus-routes/${first.id}/`, k.as.regional, {
      ...body({ number: 'U-1' }),
      status: 0,
      version: first.version,
    });
    expect(off.statusCode).toBe(200);
    expect((await send('POST', '/api/bus-routes/', k.as.regional, body({ number: 'U-1' }))).statusCode).toBe(201);
    const history = (await send('GET', `/api/bus-routes/${first.id}/history/`, k.as.regional)).json() as History;
    expect(history.data[0]).toMatchObject({ action: 'status', changes: [{ field: 'status', before: 1, after: 0 }] });
  });

  it("keeps a region's routes from another region's users (404) and lists them apart", async () => {
    const route = await create(k.as.regional, { number: 'S-1' });
    const bakuHead = await k.userOf('regional_head', k.baku);
    expect((await send('GET', `/api/bus-routes/${route.id}/`, bakuHead)).statusCode).toBe(404);
    expect((await send('GET', `/api/bus-routes/${route.id}/history/`, bakuHead)).statusCode).toBe(404);
    expect((await send('GET', '/api/bus-routes/?search=S-1', bakuHead)).json()).toMatchObject({ count: 0 });
    const found = (
      await send('GET', `/api/bus-routes/?search=S-1&company=${companies[0]!.id}`, k.as.regional)
    ).json() as {
      results: { id: number; points_count: number }[];
    };
    expect(found.results.map((r) => [r.id, r.points_count])).toEqual([[route.id, 3]]);
  });

  it("exports the list as CSV: its rows in its order; a regional user's file holds their region only", async () => {
    await create(await k.userOf('regional_head', k.baku), { number: 'X-1' });
    await create(k.as.regional, { number: 'X-2', fare: '12' });
    const query = 'order_by=fare&order=desc';
    const list = async (who: SignedIn) =>
      (await send('GET', `/api/bus-routes/?no_page=1&${query}`, who)).json() as Page<BusRouteListItem>;
    const all = await list(k.as.admin);
    const mine = await list(k.as.regional);
    // Every region with routes (the demo's year has them in five more regions), Bakı and Gəncə among them.
    const everyRegion = (
      (await t.database.db.execute(sql`select distinct region_id as region from bus_routes`)) as unknown as {
        rows: { region: number }[];
      }
    ).rows.map((r) => r.region);
    expect(everyRegion).toEqual(expect.arrayContaining([k.baku, k.ganja]));
    expect(new Set(all.results.map((r) => r.region))).toEqual(new Set(everyRegion));
    expect(new Set(mine.results.map((r) => r.region))).toEqual(new Set([k.ganja]));
    for (const [who, rows] of [
      [k.as.admin, all],
      [k.as.regional, mine],
    ] as const) {
      const res = await send('GET', `/api/bus-routes/export/?format=csv&${query}`, who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-export-rows']).toBe(String(rows.count));
      // Each route with its stops, one a line, as its own read answers them.
      const withStops = await Promise.all(
        rows.results.map(async (r) => ({
          ...r,
          route_points: ((await send('GET', `/api/bus-routes/${r.id}/`, who)).json() as Route).route_points,
        })),
      );
      expect(withStops.some((r) => r.route_points.length > 1)).toBe(true);
      expect(res.body).toBe(expectedCsv(busRouteExportColumns, withStops));
    }
  });

  it('an edit of the fare and the order of the stops is one history entry with both before and after; a stale edit is 409', async () => {
    const route = await create(k.as.regional, { number: 'H-1' });
    const [a, b, c] = route.route_points;
    const edited = await send('PUT', `/api/bus-routes/${route.id}/`, k.as.regional, {
      ...body({ number: 'H-1', fare: '0,50', route_points: [a, c, b] }),
      version: route.version,
    });
    expect(edited.statusCode).toBe(200);
    const history = (await send('GET', `/api/bus-routes/${route.id}/history/`, k.as.regional)).json() as History;
    expect(history.data.map((h) => h.action)).toEqual(['update', 'create']);
    expect(history.data[0]!.changes).toEqual([
      { field: 'fare', before: '0.40', after: '0.50' },
      { field: 'route_points', before: [a, b, c], after: [a, c, b] },
    ]);
    const stale = await send('PUT', `/api/bus-routes/${route.id}/`, k.as.regional, {
      ...body({ number: 'H-1' }),
      version: route.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ detail: versionMessages.stale });
  });

  it('reads a route as it was on a past date, from its history; before it existed is 404', async () => {
    const route = await create(k.as.regional, { number: 'A-1' });
    // The route was created on 2026-03-01 (Baku), and its fare changed today.
    await t.database.db.execute(
      sql`update bus_route_history set at = '2026-03-01T10:00:00+04:00' where route_id = ${route.id}`,
    );
    await send('PUT', `/api/bus-routes/${route.id}/`, k.as.regional, {
      ...body({ number: 'A-1', fare: '0,60' }),
      version: route.version,
    });
    const then = (await send('GET', `/api/bus-routes/${route.id}/?as_of=2026-03-02`, k.as.regional)).json() as Route;
    expect(then.fare).toBe('0.40');
    const now = (await send('GET', `/api/bus-routes/${route.id}/`, k.as.regional)).json() as Route;
    expect(now.fare).toBe('0.60');
    const before = await send('GET', `/api/bus-routes/${route.id}/?as_of=2026-02-28`, k.as.regional);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toEqual({ detail: busRouteMessages.notYetThere });
    expect((await send('GET', `/api/bus-routes/${route.id}/?as_of=2026-02-30`, k.as.regional)).statusCode).toBe(400);
  });

  it('deletes a route, but deactivates one a payment of its region names', async () => {
    const unused = await create(k.as.regional, { number: 'D-1' });
    const used = await create(k.as.regional, { number: 'D-2' });
    // A payment whose row names route D-2.
    const batch = await k.createBatch({ series: k.freshSeries(), start_number: '000001', finish_number: '000001' });
    await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
    const free = (await send('GET', `/api/fn/forms/for-payment/?batch=${batch.id}`, k.as.cashier)).json() as {
      results: { id: number; coefficient_value: string; months: number }[];
    };
    const form = free.results[0]!;
    const payment = await send('POST', '/api/payments/', k.as.cashier, {
      owner_code: '1234567891',
      owner_name: 'Sınaq',
      rows: [
        {
          form: form.id,
          plate: '10-BR-001',
          transport_type: k.transportType,
          coefficient: form.coefficient_value,
          expire_date: form.months,
          seats_count: 10,
          bus_route_number: 'D-2',
        },
      ],
    });
    expect(payment.statusCode).toBe(201);
    const res = await send('POST', '/api/bus-routes/delete-multiple/', k.as.admin, { pkList: [unused.id, used.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ pkList: [unused.id], deactivated: [used.id] });
    expect((await send('GET', `/api/bus-routes/${unused.id}/`, k.as.admin)).statusCode).toBe(404);
    expect(((await send('GET', `/api/bus-routes/${used.id}/`, k.as.admin)).json() as Route).status).toBe(0);
    // Only A holds delete_busroute.
    expect(
      (await send('POST', '/api/bus-routes/delete-multiple/', k.as.regional, { pkList: [used.id] })).statusCode,
    ).toBe(403);
  });

  it('a city, a company or a transport type a route uses cannot be deleted: 409 naming the routes, nothing lost', async () => {
    const db = t.database.db;
    const [spareCity] = await db
      .insert(cities)
      .values({ name: `Şəhər ${++serial}` })
      .returning({ id: cities.id });
    const [spareCompany] = await db
      .insert(routeCompanies)
      .values({ name: `Şirkət ${++serial}` })
      .returning({ id: routeCompanies.id });
    await create(k.as.regional, { destination_city: spareCity!.id, route_companies: [spareCompany!.id] });
    for (const [resource, id] of [
      ['cities', spareCity!.id],
      ['route-companies', spareCompany!.id],
      ['transport-types', bus],
    ] as const) {
      const res = await send('POST', `/api/${resource}/delete-multiple/`, k.as.admin, { pkList: [id] });
      expect(res.statusCode, `${resource} ${res.body}`).toBe(409);
      expect(res.json().detail, resource).toMatch(/avtobus marşrutu/);
      expect((await send('GET', `/api/${resource}/${id}/`, k.as.admin)).statusCode).toBe(200);
    }
  });
});
