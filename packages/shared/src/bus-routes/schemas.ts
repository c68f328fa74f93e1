import { z } from 'zod';
import {
  cleanString,
  countSchema,
  decimalStringSchema,
  idSchema,
  isoDateSchema,
  momentOutSchema,
  recordIdSchema,
} from '../api/input';
import { listQuerySchema, type ListSpec } from '../api/list';
import { expectedVersionSchema, versionSchema } from '../api/versions';
import { busRouteMessages as m } from './messages';

/**
 * A bus route (issue 15; spec sections 2, 3, 6): its fields, its companies (a set) and its points (an ordered list
 * of stops), as the API reads and answers them. Lengths travel as decimal strings ("12.5" km), the fare as money
 * ("0.40" manat, stored in qəpik), times as "HH:mm" or null.
 */

const requiredText = (max: number, message: string) => cleanString({ error: message }).trim().min(1, message).max(max);
const timeSchema = z
  .union([z.null(), z.literal(''), z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeInvalid)], {
    error: m.timeInvalid,
  })
  .transform((v) => (v === '' ? null : v))
  .default(null)
  .meta({ examples: ['06:30'] });
const minutes = z
  .number({ error: m.minutesInvalid })
  .int(m.minutesInvalid)
  .min(0, m.minutesInvalid)
  .max(1440, m.minutesInvalid)
  .nullable()
  .default(null);
const count = z.number({ error: m.countInvalid }).int(m.countInvalid).min(0, m.countInvalid).max(1000, m.countInvalid);
const kilometres = () => decimalStringSchema({ scale: 2, message: m.lengthInvalid }).default('0');
/** Degrees as decimal text with up to 6 places ("40.682300"): an exact value, never a binary float. */
const coordinate = (limit: number) =>
  z
    .union([z.null(), z.string({ error: m.coordinatesInvalid })], { error: m.coordinatesInvalid })
    .transform((value, ctx) => {
      if (value === null || value.trim() === '') return null;
      const text = value.trim().replace(',', '.');
      if (!/^-?\d{1,3}(\.\d{1,6})?$/.test(text) || Math.abs(Number(text)) > limit) {
        ctx.addIssue({ code: 'custom', message: m.coordinatesInvalid });
        return z.NEVER;
      }
      return text;
    })
    .default(null)
    .meta({ examples: ['40.6823'] });

/** A stop of the route, in order. */
export const busRoutePointInputSchema = z
  .object({
    name: requiredText(200, m.pointNameRequired),
    lat: coordinate(90),
    lng: coordinate(180),
  })
  .refine((p) => (p.lat === null) === (p.lng === null), { message: m.coordinatesPair, path: ['lat'] });
export type BusRoutePointInput = z.infer<typeof busRoutePointInputSchema>;

const busRouteFields = {
  transport_type: recordIdSchema(m.transportTypeRequired).meta({ 'x-reference': 'transport-types' }),
  name: requiredText(200, m.nameRequired),
  number: requiredText(20, m.numberRequired),
  /** The route's region; a regional user's own region whatever is sent. */
  region: recordIdSchema(m.regionRequired).meta({ 'x-reference': 'regions' }).nullable().default(null),
  city: recordIdSchema(m.cityRequired).meta({ 'x-reference': 'cities' }),
  destination_city: recordIdSchema(m.destinationCityRequired).meta({ 'x-reference': 'cities' }),
  cover: requiredText(200, m.coverRequired),
  route_length_straight: kilometres(),
  route_length_versa: kilometres(),
  stops_number_straight: count.default(0),
  stops_number_versa: count.default(0),
  start_time: timeSchema,
  finish_time: timeSchema,
  one_period_time: minutes,
  interval: minutes,
  /** Manat with up to 2 decimals. */
  fare: decimalStringSchema({ scale: 2, message: m.fareInvalid }).default('0'),
  route_companies: z
    .array(idSchema)
    .max(50)
    .default([])
    .refine((ids) => new Set(ids).size === ids.length, m.companyTwice),
  route_points: z.array(busRoutePointInputSchema).max(200).default([]),
  description: cleanString({ multiline: true }).trim().max(2000).default(''),
  status: z.literal([1, 0]).default(1),
};

export const busRouteCreateSchema = z.object(busRouteFields);
export type BusRouteCreateInput = z.infer<typeof busRouteCreateSchema>;
export const busRouteUpdateSchema = z.object({ ...busRouteFields, version: expectedVersionSchema });
export type BusRouteUpdateInput = z.infer<typeof busRouteUpdateSchema>;

export const busRoutePointSchema = z.object({
  name: z.string(),
  /** Degrees, exact decimal text ("40.6823"), or null. */
  lat: z.string().nullable(),
  lng: z.string().nullable(),
});

export const busRouteSchema = z.object({
  id: idSchema,
  transport_type: idSchema,
  transport_type_name: z.string(),
  name: z.string(),
  number: z.string(),
  region: idSchema,
  region_name: z.string(),
  city: idSchema,
  city_name: z.string(),
  destination_city: idSchema,
  destination_city_name: z.string(),
  cover: z.string(),
  route_length_straight: z.string(),
  route_length_versa: z.string(),
  stops_number_straight: countSchema,
  stops_number_versa: countSchema,
  start_time: z.string().nullable(),
  finish_time: z.string().nullable(),
  one_period_time: z.number().int().nullable(),
  interval: z.number().int().nullable(),
  fare: z.string().meta({ examples: ['0.40'] }),
  route_companies: z.array(z.object({ id: idSchema, name: z.string() })),
  route_points: z.array(busRoutePointSchema),
  description: z.string(),
  status: z.literal([1, 0]),
  created_at: momentOutSchema,
  updated_at: momentOutSchema,
  version: versionSchema,
});
export type BusRoute = z.infer<typeof busRouteSchema>;

export const busRouteListItemSchema = busRouteSchema.omit({ route_points: true }).extend({ points_count: countSchema });
export type BusRouteListItem = z.infer<typeof busRouteListItemSchema>;

/** One change of a route: who, when, and each changed field before and after (points and companies included). */
export const busRouteHistoryEntrySchema = z.object({
  id: idSchema,
  at: momentOutSchema,
  actor: idSchema.nullable(),
  actor_email: z.string().nullable(),
  action: z.enum(['create', 'update', 'status']),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export type BusRouteHistoryEntry = z.infer<typeof busRouteHistoryEntrySchema>;
export const busRouteHistorySchema = z.object({ data: z.array(busRouteHistoryEntrySchema) });

/** GET /api/bus-routes/{id}/?as_of=yyyy-mm-dd: the route as it was at the end of that day (Baku time). */
export const busRouteReadQuerySchema = z.strictObject({
  as_of: isoDateSchema(m.asOfInvalid).optional(),
});

export const busRouteListSpec = {
  filters: { region: 'id', city: 'id', transport_type: 'id', company: 'id', status: 'exact' },
  orderBy: ['id', 'name', 'number', 'fare', 'created_at'],
} as const satisfies ListSpec;
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);
/** Lists of routes: search over the name and the number. */
export const busRouteListQuerySchema = listQuerySchema(busRouteListSpec).extend({
  status: z.preprocess(emptyIsAbsent, z.enum(['1', '0'], { error: 'Status 1 və ya 0 olmalıdır.' }).optional()),
});
export type BusRouteListQuery = z.infer<typeof busRouteListQuerySchema>;

/**
 * POST /api/bus-routes/delete-multiple/ takes the list pattern's `{"pkList": [...]}` and answers the ids deleted
 * and, apart, the ids deactivated instead (a route a payment row names is kept, inactive).
 */
export const busRouteDeleteResultSchema = z.object({ pkList: z.array(idSchema), deactivated: z.array(idSchema) });
export type BusRouteDeleteResult = z.infer<typeof busRouteDeleteResultSchema>;
