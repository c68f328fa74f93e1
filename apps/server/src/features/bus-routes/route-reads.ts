import { busRouteListSpec, moneyToDecimal, type BusRoute, type BusRouteListItem } from '@dnx/shared';
import { aliasedTable, and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { busRouteCompanies, busRoutePoints, busRoutes, cities, regions, transportTypes } from '../../db/schema';
import { applyList, defineList, listReads, type ListSource } from '../../lib/list/list-query';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';

/**
 * Reading bus routes (issue 15): the list's declaration, a route with its companies and stops, the stops of many, and
 * the scope a user sees.
 */

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
export async function pointsOf(db: Executor, ids: readonly number[]): Promise<Map<number, BusRoute['route_points']>> {
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

export function routeSource(db: Database): ListSource<BusRouteListItem> {
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

/** The routes a user may see: their region's, or all for a national user. */
export const routeScope = (actor: AuthUser) => regionScope(actor, busRoutes.regionId);
