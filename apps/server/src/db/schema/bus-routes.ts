import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, status, updatedAt, version } from './columns';
import { cities, routeCompanies, transportTypes } from './reference-lists';
import { regions } from './regions';
import { users } from './users';

/** A bus route (issue 15): its own fields; its companies and points are child rows, its changes a history. */
export const busRoutes = pgTable(
  'bus_routes',
  {
    id: id(),
    transportTypeId: integer('transport_type_id')
      .notNull()
      .references(() => transportTypes.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id, { onDelete: 'restrict' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    destinationCityId: integer('destination_city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'restrict' }),
    cover: text('cover').notNull(),
    /** Kilometres, exact decimals. */
    routeLengthStraight: numeric('route_length_straight', { precision: 10, scale: 2 }).notNull().default('0'),
    routeLengthVersa: numeric('route_length_versa', { precision: 10, scale: 2 }).notNull().default('0'),
    stopsNumberStraight: integer('stops_number_straight').notNull().default(0),
    stopsNumberVersa: integer('stops_number_versa').notNull().default(0),
    startTime: time('start_time'),
    finishTime: time('finish_time'),
    /** Minutes. */
    onePeriodTime: integer('one_period_time'),
    interval: integer('interval'),
    /** Qəpik: money is never a binary float. */
    fare: bigint('fare', { mode: 'number' }).notNull().default(0),
    description: text('description').notNull().default(''),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: version(),
  },
  (t) => [
    // Route numbers are unique within a region among active routes.
    uniqueIndex('bus_routes_region_number_active_key')
      .on(t.regionId, t.number)
      .where(sql`${t.status} = 1`),
    index('bus_routes_region_id_idx').on(t.regionId, t.id),
    index('bus_routes_city_id_idx').on(t.cityId),
    index('bus_routes_destination_city_id_idx').on(t.destinationCityId),
    index('bus_routes_transport_type_id_idx').on(t.transportTypeId),
    check('bus_routes_fare', sql`${t.fare} >= 0`),
    check('bus_routes_status', sql`${t.status} in (0, 1)`),
  ],
);

/** The companies that run a route: a set. */
export const busRouteCompanies = pgTable(
  'bus_route_companies',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => routeCompanies.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.companyId] }),
    index('bus_route_companies_company_id_idx').on(t.companyId),
  ],
);

/** The stops of a route, in order. */
export const busRoutePoints = pgTable(
  'bus_route_points',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    /** Degrees, exact decimals. */
    lat: numeric('lat', { precision: 9, scale: 6 }),
    lng: numeric('lng', { precision: 9, scale: 6 }),
  },
  (t) => [
    primaryKey({ columns: [t.routeId, t.position] }),
    check('bus_route_points_coordinates', sql`(${t.lat} is null) = (${t.lng} is null)`),
  ],
);

/**
 * Every change of a route, written in the transaction that makes it: who, when, each changed field before and
 * after, and the whole route as it was after the change (`snapshot`), which answers "as it was on a date".
 */
export const busRouteHistory = pgTable(
  'bus_route_history',
  {
    id: id(),
    routeId: integer('route_id')
      .notNull()
      .references(() => busRoutes.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<{ field: string; before: unknown; after: unknown }[]>().notNull(),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [
    index('bus_route_history_route_id_at_idx').on(t.routeId, t.at, t.id),
    check('bus_route_history_action', sql`${t.action} in ('create', 'update', 'status')`),
  ],
);
