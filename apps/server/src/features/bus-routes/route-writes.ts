import {
  busRouteMessages as m,
  parseMoney,
  resourceMessages,
  type BusRoute,
  type BusRouteCreateInput,
  type BusRouteDeleteResult,
  type BusRouteUpdateInput,
} from '@dnx/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
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
import { fieldChanges } from '../../lib/record-history';
import { replaceChildRows } from '../../lib/child-rows';
import { updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';

import { findRoute, routeScope } from './route-reads';

/**
 * Writing bus routes (issue 15): a create and an update with their child rows (companies, stops), the history entry
 * every change writes, the checks of what the body names, and the delete that deactivates a used route.
 */

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

/** The history entry of a change: what changed, and the route after it (none when nothing did). */
export async function writeHistory(
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

const valuesOf = (input: BusRouteCreateInput, region: number) => ({
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
export function translate(err: unknown): never {
  if (err instanceof HttpError) throw err;
  if (uniqueViolation(err) === 'bus_routes_region_number_active_key') throw fieldErrors({ number: [m.numberTaken] });
  throw err;
}

/** A route created inside the caller's transaction, with its children, history and audit (`detail`: an import). */
export async function createWithin(
  tx: Transaction,
  actor: AuthUser,
  input: BusRouteCreateInput,
  detail?: Record<string, unknown>,
): Promise<BusRoute> {
  const region = regionOf(actor, input.region);
  await checkReferences(tx, input, region);
  const [row] = await tx.insert(busRoutes).values(valuesOf(input, region)).returning({ id: busRoutes.id });
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

/** A route updated at its version inside the caller's transaction, with its children, history and audit. */
export async function updateWithin(
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
    read: (t) => findRoute(t, id, routeScope(actor)),
    write: async (t, current) => {
      const region = actor.isNational ? regionOf(actor, input.region ?? current.region) : current.region;
      await checkReferences(t, input, region);
      await t
        .update(busRoutes)
        .set({ ...valuesOf(input, region), updatedAt: sql`now()` })
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

/**
 * Deletes the routes asked for (in the user's scope; any other id is a 404, nothing deleted). A route a
 * payment row of its region names (by number) is used: it is deactivated instead, with its history entry.
 */
export async function deleteRoutes(
  db: Database,
  actor: AuthUser,
  ids: readonly number[],
): Promise<BusRouteDeleteResult> {
  return db.transaction(async (tx) => {
    const unique = [...new Set(ids)];
    const found = await tx
      .select({ id: busRoutes.id })
      .from(busRoutes)
      .where(and(inArray(busRoutes.id, unique), routeScope(actor)))
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
}
