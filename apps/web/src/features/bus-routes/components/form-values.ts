import type { BusRoute } from '@dnx/shared';
import { azDecimal } from './history-diff';

/** The bus route form's values and how they travel to and from the API. */

/** Coordinates are typed as text, a comma or a point ("40,6823"): the API keeps them exact. */
export interface PointFormValue {
  name?: string;
  lat?: string | null;
  lng?: string | null;
}

export interface BusRouteFormValues {
  transport_type?: number;
  name?: string;
  number?: string;
  region?: number;
  city?: number;
  destination_city?: number;
  cover?: string;
  route_length_straight?: string;
  route_length_versa?: string;
  stops_number_straight?: number | null;
  stops_number_versa?: number | null;
  start_time?: string;
  finish_time?: string;
  one_period_time?: number | null;
  interval?: number | null;
  /** Typed the Azerbaijani way: "0,40". */
  fare?: string;
  route_companies?: number[];
  route_points?: PointFormValue[];
  description?: string;
  status?: 1 | 0;
}

export const emptyBusRoute: BusRouteFormValues = {
  name: '',
  number: '',
  cover: '',
  route_length_straight: '',
  route_length_versa: '',
  stops_number_straight: null,
  stops_number_versa: null,
  start_time: '',
  finish_time: '',
  one_period_time: null,
  interval: null,
  fare: '',
  route_companies: [],
  route_points: [],
  description: '',
  status: 1,
};

/** A route as the form holds it: decimals with a comma ("0,40"), times as typed, no time as empty. */
export function routeFormValues(route?: BusRoute): BusRouteFormValues {
  if (!route) return emptyBusRoute;
  return {
    transport_type: route.transport_type,
    name: route.name,
    number: route.number,
    region: route.region,
    city: route.city,
    destination_city: route.destination_city,
    cover: route.cover,
    route_length_straight: azDecimal(route.route_length_straight).replace(/\./g, ''),
    route_length_versa: azDecimal(route.route_length_versa).replace(/\./g, ''),
    stops_number_straight: route.stops_number_straight,
    stops_number_versa: route.stops_number_versa,
    start_time: route.start_time ?? '',
    finish_time: route.finish_time ?? '',
    one_period_time: route.one_period_time,
    interval: route.interval,
    fare: fareText(route.fare),
    route_companies: route.route_companies.map((c) => c.id),
    route_points: route.route_points.map((p) => ({
      name: p.name,
      lat: coordinateText(p.lat),
      lng: coordinateText(p.lng),
    })),
    description: route.description,
    status: route.status,
  };
}

/** "0.4" and "0.40" show as "0,40": money keeps both places. */
export function fareText(fare: string): string {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(fare.trim());
  return match ? `${match[1]},${(match[2] ?? '').padEnd(2, '0')}` : fare;
}

const coordinateText = (value: string | number | null) => (value === null ? '' : String(value).replace('.', ','));
const coordinate = (value: string | number | null | undefined) => {
  const typed = value === null || value === undefined ? '' : String(value).trim();
  return typed === '' ? null : typed;
};
const text = (value: string | undefined) => value ?? '';
const orZero = (value: string | undefined) => (value === undefined || value.trim() === '' ? '0' : value);
const orNull = (value: number | null | undefined) => (value === undefined ? null : value);

/**
 * What the API gets, before the shared schema checks it: empty lengths and fare are 0, empty times null, a
 * region the server sets for a regional user left out.
 */
export function toApiInput(values: BusRouteFormValues): Record<string, unknown> {
  return {
    transport_type: values.transport_type,
    name: text(values.name),
    number: text(values.number),
    region: values.region ?? null,
    city: values.city,
    destination_city: values.destination_city,
    cover: text(values.cover),
    route_length_straight: orZero(values.route_length_straight),
    route_length_versa: orZero(values.route_length_versa),
    stops_number_straight: values.stops_number_straight ?? 0,
    stops_number_versa: values.stops_number_versa ?? 0,
    start_time: values.start_time?.trim() ? values.start_time.trim() : null,
    finish_time: values.finish_time?.trim() ? values.finish_time.trim() : null,
    one_period_time: orNull(values.one_period_time),
    interval: orNull(values.interval),
    fare: orZero(values.fare),
    route_companies: values.route_companies ?? [],
    route_points: (values.route_points ?? []).map((p) => ({
      name: text(p?.name),
      lat: coordinate(p?.lat),
      lng: coordinate(p?.lng),
    })),
    description: text(values.description),
    status: values.status ?? 1,
  };
}

/** A form field's path from an error's: `route_points.1.name` (server) or `['route_points', 1, 'name']` (schema). */
export function fieldPath(path: string | readonly PropertyKey[]): (string | number)[] {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  return parts.map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** One error per field, the first; keys the form does not show (`detail`) are left out. */
export function fieldErrors(
  found: readonly { path: string | readonly PropertyKey[]; message: string }[],
  formFields: readonly string[],
): { name: (string | number)[]; errors: string[] }[] {
  const placed = new Map<string, { name: (string | number)[]; errors: string[] }>();
  for (const { path, message } of found) {
    const name = fieldPath(path);
    if (!formFields.includes(String(name[0]))) continue;
    // A list's own error (too many stops) shows beside the list, under its first field's path.
    const key = name.join('.');
    if (!placed.has(key)) placed.set(key, { name, errors: [message] });
  }
  return [...placed.values()];
}
