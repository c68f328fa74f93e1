import {
  azSearchKey,
  busRouteCreateSchema,
  busRouteExportColumns,
  busRouteMessages,
  busRoutePointsFromText,
  busRoutePointsText,
  importMessages as m,
  type BusRoute,
  type BusRouteCreateInput,
} from '@dnx/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { busRoutes, cities, regions, routeCompanies, transportTypes } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { findRoute } from '../bus-routes';
import { columnsByLabel, importRowPages, type CheckedRow, type Importer, type TemplateColumn } from './importer';

/**
 * The import of bus routes with their companies and stops (issue 28): the file the list's export writes (every field
 * a route is written with, the stops one a line), matched on the region and the number (the number is unique among
 * the region's active routes), checked by the API's schema and written by the route service, history and all.
 */

/** The columns read: every export column but those the server sets. */
const fields = Object.entries(busRouteExportColumns)
  .filter(([key]) => !['id', 'points_count', 'created_at'].includes(key))
  .map(([key, column]) => ({ key, label: column.header }));
const required = ['number', 'name', 'transport_type', 'region', 'city', 'destination_city', 'cover'];
const references = { transport_type: 'transport_type', region: 'region', city: 'city', destination_city: 'city' };

/** The template: the columns read, with an example route. */
const examples: Record<string, string> = {
  number: '12',
  name: 'Gəncə - Şəmkir',
  transport_type: '(siyahıdakı ad)',
  region: 'Gəncə',
  city: 'Gəncə',
  destination_city: 'Şəmkir',
  cover: 'Şəhərlərarası',
  route_length_straight: '42,5',
  route_length_versa: '42,5',
  stops_number_straight: '2',
  stops_number_versa: '2',
  start_time: '06:30',
  finish_time: '22:00',
  one_period_time: '90',
  interval: '15',
  fare: '0,80',
  route_companies: '(siyahıdakı ad; başqa biri)',
  route_points: busRoutePointsText([
    { name: 'Gəncə avtovağzalı', lat: '40.6828', lng: '46.3606' },
    { name: 'Şəmkir mərkəz', lat: null, lng: null },
  ]),
  description: '',
  status: 'Aktiv',
};
export const busRouteTemplate: TemplateColumn[] = fields.map((f) => ({
  label: f.label,
  example: examples[f.key] ?? '',
}));

/** An administrator's apply as the route service takes its actor: national (imports are the administrators'). */
const nationalActor = (actor: AuditActor): AuthUser => ({
  id: actor.id,
  email: actor.email ?? '',
  firstName: '',
  lastName: '',
  phone: '',
  regionId: null,
  layout: 'side',
  tourSeenAt: null,
  groups: [],
  permissions: new Set(),
  isNational: true,
  sessionId: 0,
});

/** A decimal cell as the API takes it ("12,5", "0.40"; a whole number as is). */
const decimal = (text: string) => text.replace(/\s/g, '').replace(',', '.');
const integer = (text: string) => (text === '' ? undefined : /^-?\d+$/.test(text) ? Number(text) : text);

/** What the comparison of a row with its route reads: each field as the export writes it. */
function comparable(route: BusRouteCreateInput | BusRoute, names: Map<number, string>): Record<string, string> {
  const number = (v: string) => String(Number(v));
  return {
    number: route.number,
    name: route.name,
    transport_type: String(route.transport_type),
    region: String(route.region),
    city: String(route.city),
    destination_city: String(route.destination_city),
    cover: route.cover,
    route_length_straight: number(route.route_length_straight),
    route_length_versa: number(route.route_length_versa),
    stops_number_straight: String(route.stops_number_straight),
    stops_number_versa: String(route.stops_number_versa),
    start_time: route.start_time ?? '',
    finish_time: route.finish_time ?? '',
    one_period_time: String(route.one_period_time ?? ''),
    interval: String(route.interval ?? ''),
    fare: number(route.fare),
    route_companies: route.route_companies
      .map((c) => (typeof c === 'number' ? (names.get(c) ?? String(c)) : c.name))
      .join('; '),
    route_points: busRoutePointsText(
      route.route_points.map((p) => ({
        name: p.name,
        lat: p.lat === null ? null : number(p.lat),
        lng: p.lng === null ? null : number(p.lng),
      })),
    ),
    description: route.description,
    status: String(route.status),
  };
}

/** The lists a route's references are found in by name. */
type NameList = 'transport_type' | 'region' | 'city' | 'company';

/**
 * A row's cells as the API's input to a route: references found by name (`one`: the one id of that name in a list),
 * numbers read as typed, the status by its word, the points and the companies from their text; an unknown name's
 * message in `errors`.
 */
function routeInput(
  text: (key: string) => string,
  has: (key: string) => boolean,
  one: (list: NameList, name: string) => number | null,
  errors: Record<string, string[]>,
): Record<string, unknown> {
  const label = (key: string) => fields.find((f) => f.key === key)!.label;
  const input: Record<string, unknown> = {};
  for (const [key, list] of Object.entries(references)) {
    if (!has(key)) continue;
    const id = text(key) === '' ? null : one(list as NameList, text(key));
    if (id === null && text(key) !== '') errors[key] = [m.referenceUnknown(label(key), text(key))];
    input[key] = id;
  }
  for (const key of ['number', 'name', 'cover', 'start_time', 'finish_time', 'description'])
    if (has(key)) input[key] = text(key);
  for (const key of ['route_length_straight', 'route_length_versa', 'fare'])
    if (has(key) && text(key) !== '') input[key] = decimal(text(key));
  for (const key of ['stops_number_straight', 'stops_number_versa', 'one_period_time', 'interval'])
    if (has(key)) input[key] = integer(text(key)) ?? (key.startsWith('stops') ? undefined : null);
  if (has('status')) input.status = { aktiv: 1, passiv: 0 }[azSearchKey(text('status'))] ?? text('status');
  if (has('route_points')) input.route_points = busRoutePointsFromText(text('route_points'));
  if (has('route_companies')) {
    const ids: number[] = [];
    for (const name of text('route_companies')
      .split(/[;\n]/)
      .map((n) => n.trim())
      .filter(Boolean)) {
      const id = one('company', name);
      if (id === null) errors.route_companies = [m.referenceUnknown(label('route_companies'), name)];
      else ids.push(id);
    }
    input.route_companies = ids;
  }
  return input;
}

/** The route of a region and number: the active one, else the last made. */
async function routeOfNumber(db: Executor, region: number, number: string) {
  const [found] = await db
    .select({ id: busRoutes.id })
    .from(busRoutes)
    .where(and(eq(busRoutes.regionId, region), eq(busRoutes.number, number)))
    .orderBy(desc(busRoutes.status), desc(busRoutes.id))
    .limit(1);
  return found ? findRoute(db, found.id, undefined) : null;
}

/** Whether another active route of the region has the number (an active route's number is the region's once). */
async function activeNumberTaken(db: Executor, region: number, number: string, except: number | undefined) {
  const [taken] = await db
    .select({ id: busRoutes.id })
    .from(busRoutes)
    .where(
      and(
        eq(busRoutes.regionId, region),
        eq(busRoutes.number, number),
        eq(busRoutes.status, 1),
        except === undefined ? sql`true` : ne(busRoutes.id, except),
      ),
    )
    .limit(1);
  return taken !== undefined;
}

/** An import's new and changed routes written, each through the bus routes' service as a national user. */
async function applyRoutes(
  service: FastifyInstance['services']['busRoutes'],
  ...[tx, importId, actor, progress]: Parameters<Importer['apply']>
) {
  const detail = { import: importId };
  const national = nationalActor(actor);
  let done = 0;
  try {
    for await (const rows of importRowPages(tx, importId, ['new', 'changed'])) {
      for (const r of rows) {
        const values = r.values as unknown as BusRouteCreateInput;
        if (r.recordId === null) await service.createWithin(tx, national, values, detail);
        else await service.updateWithin(tx, national, r.recordId, { ...values, version: r.recordVersion! }, detail);
      }
      done += rows.length;
      await progress(done);
    }
  } catch (err) {
    // A number another route took since the check: nothing is written.
    if (uniqueViolation(err) !== null) throw conflict(m.changedSince);
    throw err;
  }
}

export async function createBusRouteImporter(app: FastifyInstance, db: Executor): Promise<Importer> {
  const service = app.services.busRoutes;
  const byName = async (table: typeof cities | typeof regions | typeof transportTypes | typeof routeCompanies) => {
    const map = new Map<string, number[]>();
    for (const row of await db.select({ id: table.id, name: table.name }).from(table))
      map.set(azSearchKey(row.name), [...(map.get(azSearchKey(row.name)) ?? []), row.id]);
    return map;
  };
  const names = {
    transport_type: await byName(transportTypes),
    region: await byName(regions),
    city: await byName(cities),
    company: await byName(routeCompanies),
  };
  const companyNames = new Map(
    (await db.select({ id: routeCompanies.id, name: routeCompanies.name }).from(routeCompanies)).map((c) => [
      c.id,
      c.name,
    ]),
  );
  const one = (map: Map<string, number[]>, text: string) => {
    const ids = map.get(azSearchKey(text)) ?? [];
    return ids.length === 1 ? ids[0]! : null;
  };

  return {
    columnsOf: (header) =>
      columnsByLabel(
        header,
        fields.map((f) => ({ ...f, required: required.includes(f.key) })),
      ),

    async check(cells, row, columns, seen): Promise<CheckedRow> {
      const has = (key: string) => columns.has(key);
      const text = (key: string) => (has(key) ? (cells[columns.get(key)!] ?? '').trim() : '');
      const errors: Record<string, string[]> = {};
      const input = routeInput(text, has, (list, name) => one(names[list], name), errors);

      const key = `${text('region')} / ${text('number')}`;
      const base = { row, key, cells, changes: [], values: null, recordId: null, recordVersion: null };
      const region = input.region as number | null | undefined;
      const existing = region && text('number') ? await routeOfNumber(db, region, text('number')) : null;
      // A column the file lacks keeps the route's value.
      if (existing)
        for (const field of fields)
          if (!has(field.key))
            input[field.key] =
              field.key === 'route_companies'
                ? existing.route_companies.map((c) => c.id)
                : existing[field.key as keyof BusRoute];
      const parsed = busRouteCreateSchema.safeParse(input);
      if (!parsed.success)
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'number');
          errors[field] ??= [issue.message];
        }
      const seenKey = `${region}|${azSearchKey(text('number'))}`;
      const earlier = seen.get(seenKey);
      if (earlier !== undefined && Object.keys(errors).length === 0) errors.number = [m.duplicateKey(earlier)];
      else if (earlier === undefined) seen.set(seenKey, row);
      if (Object.keys(errors).length > 0) return { ...base, outcome: 'error', errors };

      const values = parsed.data!;
      // An active route's number is the region's once.
      if (values.status === 1 && (await activeNumberTaken(db, values.region!, values.number, existing?.id)))
        return { ...base, outcome: 'error', errors: { number: [busRouteMessages.numberTaken] } };
      if (!existing) return { ...base, outcome: 'new', values: values as Record<string, unknown>, errors: {} };
      const after = comparable(values, companyNames);
      const before = comparable(existing, companyNames);
      const changes = fields
        .filter((f) => after[f.key] !== before[f.key])
        .map((f) => ({ field: f.key, label: f.label, before: before[f.key]!, after: has(f.key) ? text(f.key) : '' }));
      return {
        ...base,
        outcome: changes.length > 0 ? 'changed' : 'unchanged',
        values: changes.length > 0 ? (values as Record<string, unknown>) : null,
        changes,
        recordId: existing.id,
        recordVersion: existing.version,
        errors: {},
      };
    },

    apply: (tx, importId, actor, progress) => applyRoutes(service, tx, importId, actor, progress),
  };
}
