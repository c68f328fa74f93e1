import {
  busRouteListSpec,
  busRouteMessages as m,
  moneyToDecimal,
  parseMoney,
  resourceMessages,
  type BusRoute,
  type BusRouteCreateInput,
  type BusRouteDeleteResult,
  type BusRouteExportRow,
  type BusRouteHistoryEntry,
  type BusRouteListItem,
  type BusRouteListQuery,
  type BusRouteUpdateInput,
  type Page,
} from '@dnx/shared';
import { aliasedTable, and, asc, desc, eq, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import {
  busRouteCompanies,
  busRouteHistory,
  busRoutePoints,
  busRoutes,
  cities,
  paymentRows,
  payments,
  regions,
  routeCompanies,
  transportTypes,
} from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { auditActor } from '../../lib/grants';
import { fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { applyList, defineList, listReads, type ListSource } from '../../lib/list/list-query';
import { fieldChanges } from '../../lib/record-history';
import { replaceChildRows } from '../../lib/child-rows';
import { regionScope } from '../../lib/region-scope';
import { updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';

const destinationCities = aliasedTable(cities, 'destination_cities');

// The companies of a route as [{id, name}] in their order, and how many stops it has.
const companiesOf = sql<{ id: number; name: string }[]>`coalesce((select json_agg(json_build_object('id', c.id,
    'name', c.name) order by rc.position) from bus_route_companies rc join route_companies c on c.id = rc.company_id
    where rc.route_id = bus_routes.id), '[]'::json)`;
const pointsCountOf = sql<number>`(select count(*)::int from bus_route_points p where p.route_id = bus_routes.id)`;

export const busRouteList = defineList({
  spec: busRouteListSpec,
  filters: {
    region: busRoutes.regionId,
    city: busRoutes.cityId,
    transport_type: busRoutes.transportTypeId,
    company: (value) =>
      sql`exists (select 1 from ${busRouteCompanies} where ${busRouteCompanies.routeId} = ${busRoutes.id}
        and ${busRouteCompanies.companyId} = ${value})`,
    status: (value) => (value === '1' || value === '0' ? eq(busRoutes.status, Number(value)) : sql`false`),
  },
  orderBy: {
    id: busRoutes.id,
    name: { expr: busRoutes.name, text: true },
    number: { expr: busRoutes.number, text: true },
    fare: busRoutes.fare,
    created_at: busRoutes.createdAt,
  },
  search: [busRoutes.name, busRoutes.number],
  defaultOrderBy: 'id',
  tieBreaker: busRoutes.id,
});

const headerColumns = {
  route: busRoutes,
  transportTypeName: transportTypes.name,
  regionName: regions.name,
  cityName: cities.name,
  destinationCityName: destinationCities.name,
  companies: companiesOf,
};

function selectRoutes(db: Executor) {
  return db
    .select({ ...headerColumns, pointsCount: pointsCountOf })
    .from(busRoutes)
    .innerJoin(transportTypes, eq(transportTypes.id, busRoutes.transportTypeId))
    .innerJoin(regions, eq(regions.id, busRoutes.regionId))
    .innerJoin(cities, eq(cities.id, busRoutes.cityId))
    .innerJoin(destinationCities, eq(destinationCities.id, busRoutes.destinationCityId))
    .$dynamic();
}

type HeaderRow = {
  route: typeof busRoutes.$inferSelect;
  transportTypeName: string;
  regionName: string;
  cityName: string;
  destinationCityName: string;
  companies: { id: number; name: string }[];
};

const hhmm = (value: string | null) => (value === null ? null : value.slice(0, 5));
/** An exact decimal without its trailing zeros: "365.50" is "365.5", "40.680000" is "40.68". */
const shortDecimal = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);

function asHeader({ route, ...names }: HeaderRow): Omit<BusRoute, 'route_points'> {
  return {
    id: route.id,
    transport_type: route.transportTypeId,
    transport_type_name: names.transportTypeName,
    name: route.name,
    number: route.number,
    region: route.regionId,
    region_name: names.regionName,
    city: route.cityId,
    city_name: names.cityName,
    destination_city: route.destinationCityId,
    destination_city_name: names.destinationCityName,
    cover: route.cover,
    route_length_straight: shortDecimal(route.routeLengthStraight),
    route_length_versa: shortDecimal(route.routeLengthVersa),
    stops_number_straight: route.stopsNumberStraight,
    stops_number_versa: route.stopsNumberVersa,
    start_time: hhmm(route.startTime),
    finish_time: hhmm(route.finishTime),
    one_period_time: route.onePeriodTime,
    interval: route.interval,
    fare: moneyToDecimal(BigInt(route.fare)),
    route_companies: names.companies,
    description: route.description,
    status: route.status === 1 ? 1 : 0,
    created_at: route.createdAt.toISOString(),
    updated_at: route.updatedAt.toISOString(),
    version: route.version,
  };
}

/** The stops of each route of `ids`, in order. */
async function pointsOf(db: Executor, ids: readonly number[]): Promise<Map<number, BusRoute['route_points']>> {
  const byRoute = new Map<number, BusRoute['route_points']>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byRoute;
  const points = await db
    .select({
      routeId: busRoutePoints.routeId,
      name: busRoutePoints.name,
      lat: busRoutePoints.lat,
      lng: busRoutePoints.lng,
    })
    .from(busRoutePoints)
    .where(inArray(busRoutePoints.routeId, [...ids]))
    .orderBy(asc(busRoutePoints.routeId), asc(busRoutePoints.position));
  for (const p of points)
    byRoute.get(p.routeId)!.push({
      name: p.name,
      lat: p.lat === null ? null : shortDecimal(p.lat),
      lng: p.lng === null ? null : shortDecimal(p.lng),
    });
  return byRoute;
}

/** A route as the API answers it, or null (unknown, or outside `scope`). */
export async function findRoute(db: Executor, id: number, scope: SQL | undefined): Promise<BusRoute | null> {
  const [row] = await selectRoutes(db)
    .where(and(eq(busRoutes.id, id), scope))
    .limit(1);
  if (!row) return null;
  return { ...asHeader(row), route_points: (await pointsOf(db, [id])).get(id)! };
}

function routeSource(db: Database): ListSource<BusRouteListItem> {
  return {
    count: async (where) => (await db.$count(busRoutes, where)) ?? 0,
    rows: async (where, orderBy, window) =>
      (await applyList(selectRoutes(db), where, orderBy, window)).map((row) => ({
        ...asHeader(row),
        points_count: row.pointsCount,
      })),
    ...listReads(db, (keyColumns) => db.select(keyColumns).from(busRoutes).$dynamic()),
  };
}

/** A route's children: its companies (a set, kept in the order chosen) and its stops (in order). */
const companiesOfRoute = {
  table: busRouteCompanies,
  parent: busRouteCompanies.routeId,
  parentKey: 'routeId',
  positionKey: 'position',
};
const pointsOfRoute = {
  table: busRoutePoints,
  parent: busRoutePoints.routeId,
  parentKey: 'routeId',
  positionKey: 'position',
};

// What a history entry compares: the route as answered, but for what every write moves.
const notCompared = ['id', 'version', 'updated_at', 'created_at'] as const;
const snapshotOf = (route: BusRoute) => route as unknown as Record<string, unknown>;

/** Bus routes (issue 15): CRUD by region, child rows, a history written with every change, reads as of a date. */
export function createBusRouteService(db: Database) {
  const scopeOf = (actor: AuthUser) => regionScope(actor, busRoutes.regionId);

  async function writeHistory(
    tx: Transaction,
    actor: AuthUser,
    before: BusRoute | null,
    after: BusRoute,
  ): Promise<void> {
    const changes = fieldChanges(before && snapshotOf(before), snapshotOf(after), notCompared);
    if (before !== null && changes.length === 0) return;
    const action = before === null ? 'create' : changes.every((c) => c.field === 'status') ? 'status' : 'update';
    await tx.insert(busRouteHistory).values({
      routeId: after.id,
      actorId: actor.id,
      actorEmail: actor.email,
      action,
      changes,
      snapshot: snapshotOf(after),
    });
  }

  /** The route's region: a regional user's own; a national user names one. */
  function regionOf(actor: AuthUser, region: number | null): number {
    if (!actor.isNational) {
      if (actor.regionId === null) throw fieldErrors({ region: [m.regionRequired] });
      return actor.regionId;
    }
    if (region === null) throw fieldErrors({ region: [m.regionRequired] });
    return region;
  }

  /** Every reference the body names exists: else a 400 under its field, never the database's refusal. */
  async function checkReferences(tx: Transaction, input: BusRouteCreateInput, region: number): Promise<void> {
    const errors: Record<string, string[]> = {};
    const exists = async (table: typeof cities | typeof transportTypes | typeof regions, id: number) =>
      (await tx.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1)).length === 1;
    if (!(await exists(transportTypes, input.transport_type))) errors.transport_type = [m.transportTypeRequired];
    if (!(await exists(regions, region))) errors.region = [m.regionRequired];
    if (!(await exists(cities, input.city))) errors.city = [m.cityRequired];
    if (!(await exists(cities, input.destination_city))) errors.destination_city = [m.destinationCityRequired];
    if (input.route_companies.length > 0) {
      const found = await tx
        .select({ id: routeCompanies.id })
        .from(routeCompanies)
        .where(inArray(routeCompanies.id, input.route_companies));
      if (found.length !== input.route_companies.length)
        errors.route_companies = [resourceMessages.unknownReference('Marşrut şirkəti')];
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  }

  const values = (input: BusRouteCreateInput, region: number) => ({
    transportTypeId: input.transport_type,
    name: input.name,
    number: input.number,
    regionId: region,
    cityId: input.city,
    destinationCityId: input.destination_city,
    cover: input.cover,
    routeLengthStraight: input.route_length_straight,
    routeLengthVersa: input.route_length_versa,
    stopsNumberStraight: input.stops_number_straight,
    stopsNumberVersa: input.stops_number_versa,
    startTime: input.start_time,
    finishTime: input.finish_time,
    onePeriodTime: input.one_period_time,
    interval: input.interval,
    fare: Number(parseMoney(input.fare)),
    description: input.description,
    status: input.status,
  });

  async function writeChildren(tx: Transaction, id: number, input: BusRouteCreateInput) {
    await replaceChildRows(
      tx,
      companiesOfRoute,
      id,
      input.route_companies.map((companyId) => ({ companyId })),
    );
    await replaceChildRows(tx, pointsOfRoute, id, input.route_points);
  }

  /** A number taken among the region's active routes is the number's 400. */
  function translate(err: unknown): never {
    if (err instanceof HttpError) throw err;
    if (uniqueViolation(err) === 'bus_routes_region_number_active_key') throw fieldErrors({ number: [m.numberTaken] });
    throw err;
  }

  async function createWithin(
    tx: Transaction,
    actor: AuthUser,
    input: BusRouteCreateInput,
    detail?: Record<string, unknown>,
  ): Promise<BusRoute> {
    const region = regionOf(actor, input.region);
    await checkReferences(tx, input, region);
    const [row] = await tx.insert(busRoutes).values(values(input, region)).returning({ id: busRoutes.id });
    await writeChildren(tx, row!.id, input);
    const after = (await findRoute(tx, row!.id, undefined))!;
    await writeHistory(tx, actor, null, after);
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: 'create',
      resource: 'busroute',
      recordId: after.id,
      after: { name: after.name, number: after.number, region: after.region },
      detail,
    });
    return after;
  }

  async function updateWithin(
    tx: Transaction,
    actor: AuthUser,
    id: number,
    input: BusRouteUpdateInput,
    detail?: Record<string, unknown>,
  ): Promise<BusRoute> {
    const { before, after } = await updateVersioned(tx, {
      target: { table: busRoutes, id: busRoutes.id, version: busRoutes.version },
      id,
      expectedVersion: input.version,
      read: (t) => findRoute(t, id, scopeOf(actor)),
      write: async (t, current) => {
        const region = actor.isNational ? regionOf(actor, input.region ?? current.region) : current.region;
        await checkReferences(t, input, region);
        await t
          .update(busRoutes)
          .set({ ...values(input, region), updatedAt: sql`now()` })
          .where(eq(busRoutes.id, id));
        await writeChildren(t, id, input);
      },
      audit: {
        actor: auditActor(actor),
        action: 'update',
        resource: 'busroute',
        snapshot: (route) => ({ ...route, route_points: route.route_points.length }),
        detail,
      },
    });
    await writeHistory(tx, actor, before, after);
    return after;
  }

  return {
    list: (actor: AuthUser, query: BusRouteListQuery, currentUrl: string): Promise<Page<BusRouteListItem>> =>
      busRouteList.page(query, routeSource(db), { currentUrl, scope: [scopeOf(actor)] }),

    /** Every route the list selects with `query`, chunk by chunk in its order, with its stops (the list's export). */
    async *stream(actor: AuthUser, query: BusRouteListQuery): AsyncIterable<BusRouteExportRow[]> {
      for await (const chunk of busRouteList.stream(query, routeSource(db), { scope: [scopeOf(actor)] })) {
        const points = await pointsOf(
          db,
          chunk.map((r) => r.id),
        );
        yield chunk.map((r) => ({ ...r, route_points: points.get(r.id)! }));
      }
    },

    count: (actor: AuthUser, query: BusRouteListQuery): Promise<number> =>
      busRouteList.count(query, routeSource(db), [scopeOf(actor)]),

    async read(actor: AuthUser, id: number): Promise<BusRoute> {
      const route = await findRoute(db, id, scopeOf(actor));
      if (!route) throw notFound();
      return route;
    },

    /** The route as it was at the end of `day` in Baku (UTC+4, no summer time): its last snapshot by then. */
    async readAsOf(actor: AuthUser, id: number, day: string): Promise<BusRoute> {
      await this.read(actor, id);
      const end = new Date(Date.parse(`${day}T00:00:00+04:00`) + 86_400_000);
      const [entry] = await db
        .select({ snapshot: busRouteHistory.snapshot })
        .from(busRouteHistory)
        .where(and(eq(busRouteHistory.routeId, id), lt(busRouteHistory.at, end)))
        .orderBy(desc(busRouteHistory.at), desc(busRouteHistory.id))
        .limit(1);
      if (!entry) throw notFound(m.notYetThere);
      return entry.snapshot as unknown as BusRoute;
    },

    async history(actor: AuthUser, id: number): Promise<{ data: BusRouteHistoryEntry[] }> {
      await this.read(actor, id);
      const rows = await db
        .select()
        .from(busRouteHistory)
        .where(eq(busRouteHistory.routeId, id))
        .orderBy(desc(busRouteHistory.at), desc(busRouteHistory.id));
      return {
        data: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          actor: r.actorId,
          actor_email: r.actorEmail,
          action: r.action as BusRouteHistoryEntry['action'],
          changes: r.changes,
        })),
      };
    },

    async create(actor: AuthUser, input: BusRouteCreateInput): Promise<BusRoute> {
      try {
        return await db.transaction((tx) => createWithin(tx, actor, input));
      } catch (err) {
        return translate(err);
      }
    },

    async update(actor: AuthUser, id: number, input: BusRouteUpdateInput): Promise<BusRoute> {
      try {
        return await db.transaction((tx) => updateWithin(tx, actor, id, input));
      } catch (err) {
        return translate(err);
      }
    },

    /** A create and an update inside the caller's transaction (an import's apply), audited with `detail`. */
    createWithin,
    updateWithin,

    /**
     * Deletes the routes asked for (in the user's scope; any other id is a 404, nothing deleted). A route a
     * payment row of its region names (by number) is used: it is deactivated instead, with its history entry.
     */
    async deleteMany(actor: AuthUser, ids: readonly number[]): Promise<BusRouteDeleteResult> {
      return db.transaction(async (tx) => {
        const unique = [...new Set(ids)];
        const found = await tx
          .select({ id: busRoutes.id })
          .from(busRoutes)
          .where(and(inArray(busRoutes.id, unique), scopeOf(actor)))
          .for('update');
        if (found.length !== unique.length) throw notFound();
        const used = await tx
          .select({ id: busRoutes.id })
          .from(busRoutes)
          .where(
            and(
              inArray(busRoutes.id, unique),
              sql`exists (select 1 from ${paymentRows} join ${payments} on ${payments.id} = ${paymentRows.paymentId}
                where ${payments.regionId} = ${busRoutes.regionId} and ${paymentRows.busRouteNumber} = ${busRoutes.number})`,
            ),
          );
        const kept = new Set(used.map((r) => r.id));
        for (const id of kept) {
          const before = (await findRoute(tx, id, undefined))!;
          if (before.status === 0) continue;
          await tx
            .update(busRoutes)
            .set({ status: 0, version: sql`${busRoutes.version} + 1`, updatedAt: sql`now()` })
            .where(eq(busRoutes.id, id));
          await writeHistory(tx, actor, before, (await findRoute(tx, id, undefined))!);
        }
        const deleted = unique.filter((id) => !kept.has(id));
        for (const id of deleted) {
          const before = (await findRoute(tx, id, undefined))!;
          await tx.delete(busRoutes).where(eq(busRoutes.id, id));
          await recordAudit(tx, {
            actor: auditActor(actor),
            action: 'delete',
            resource: 'busroute',
            recordId: id,
            before: { name: before.name, number: before.number, region: before.region },
          });
        }
        return { pkList: deleted, deactivated: [...kept] };
      });
    },
  };
}
