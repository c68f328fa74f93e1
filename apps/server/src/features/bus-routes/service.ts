import {
  busRouteMessages as m,
  type BusRoute,
  type BusRouteCreateInput,
  type BusRouteExportRow,
  type BusRouteHistoryEntry,
  type BusRouteListItem,
  type BusRouteListQuery,
  type BusRouteUpdateInput,
  type Page,
} from '@dnx/shared';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { busRouteHistory } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { busRouteList, findRoute, pointsOf, routeScope, routeSource } from './route-reads';
import { createWithin, deleteRoutes, translate, updateWithin } from './route-writes';

export { findRoute } from './route-reads';

/** Bus routes (issue 15): CRUD by region, child rows, a history written with every change, reads as of a date. */
export function createBusRouteService(db: Database) {
  return {
    list: (actor: AuthUser, query: BusRouteListQuery, currentUrl: string): Promise<Page<BusRouteListItem>> =>
      busRouteList.page(query, routeSource(db), { currentUrl, scope: [routeScope(actor)] }),

    /** Every route the list selects with `query`, chunk by chunk in its order, with its stops (the list's export). */
    async *stream(actor: AuthUser, query: BusRouteListQuery): AsyncIterable<BusRouteExportRow[]> {
      for await (const chunk of busRouteList.stream(query, routeSource(db), { scope: [routeScope(actor)] })) {
        const points = await pointsOf(
          db,
          chunk.map((r) => r.id),
        );
        yield chunk.map((r) => ({ ...r, route_points: points.get(r.id)! }));
      }
    },

    count: (actor: AuthUser, query: BusRouteListQuery): Promise<number> =>
      busRouteList.count(query, routeSource(db), [routeScope(actor)]),

    async read(actor: AuthUser, id: number): Promise<BusRoute> {
      const route = await findRoute(db, id, routeScope(actor));
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
    deleteMany: (actor: AuthUser, ids: readonly number[]) => deleteRoutes(db, actor, ids),
  };
}
