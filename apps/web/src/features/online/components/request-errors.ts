import { toastMessages } from '@dnx/shared';
import { ApiError } from '../../../lib/api-client';
import { failureMessage } from '../../../lib/notify';

/** A form field's place: `['voen']`, or a vehicle's field `['vehicles', 1, 'plate']`. */
export type RequestFieldName = (string | number)[];

/** Where a refused request's messages go on the public form. */
export interface RequestErrors {
  /** Under their fields, in the form's own names. */
  fields: { name: RequestFieldName; errors: string[] }[];
  /** The vehicles as a whole (`vehicles`), or a vehicle's message the form has no field for. */
  vehicles: string | null;
  /** The human verification (`gtoken`): shown by the widget, which starts over. */
  captcha: string | null;
  /** `detail` (a 429's, a 413's) and anything else: one alert above the button. */
  general: string | null;
}

const vehicleKey = /^vehicles\.(\d+)(?:\.(\w+))?$/;
const join = (a: string | null, b: string) => (a ? `${a} ${b}` : b);

/**
 * Sorts a refused request's answer: a 400's `{"field": ["message"]}` under the form's fields (`vehicles.N.field`
 * under that vehicle's field), the rest where the person still sees it. Nothing is dropped.
 */
export function requestErrors(
  error: unknown,
  formFields: readonly string[],
  vehicleFields: readonly string[] = [],
): RequestErrors {
  const found: RequestErrors = { fields: [], vehicles: null, captcha: null, general: null };
  if (!(error instanceof ApiError)) return { ...found, general: toastMessages.failure };
  if (error.status !== 400) return { ...found, general: failureMessage(error) };
  for (const key of Object.keys(error.body)) {
    if (key === 'code') continue;
    const message = error.fieldMessage(key);
    if (!message) continue;
    const vehicle = vehicleKey.exec(key);
    if (key === 'gtoken') found.captcha = join(found.captcha, message);
    else if (key === 'vehicles') found.vehicles = join(found.vehicles, message);
    else if (vehicle?.[2] && vehicleFields.includes(vehicle[2]))
      found.fields.push({ name: ['vehicles', Number(vehicle[1]), vehicle[2]], errors: [message] });
    else if (vehicle) found.vehicles = join(found.vehicles, `${Number(vehicle[1]) + 1}: ${message}`);
    else if (key !== 'detail' && formFields.includes(key)) found.fields.push({ name: [key], errors: [message] });
    else found.general = join(found.general, message);
  }
  // A 400 with nothing readable still says something.
  if (!found.fields.length && !found.vehicles && !found.captcha && !found.general)
    found.general = failureMessage(error);
  return found;
}

/**
 * The first of the errors placed under fields, in the form's order (a vehicle's fields where the vehicles list
 * stands, vehicle by vehicle), so the focus goes where a person reading from the top meets it first.
 */
export function firstErrorField(
  placed: readonly { name: RequestFieldName }[],
  order: readonly string[],
  vehicleOrder: readonly string[] = [],
): RequestFieldName | undefined {
  const rankOf = (name: RequestFieldName) => {
    const top = order.indexOf(String(name[0]));
    const at = (top === -1 ? order.length : top) * 1_000_000;
    if (typeof name[1] !== 'number') return at;
    const field = vehicleOrder.indexOf(String(name[2]));
    return at + name[1] * 1_000 + (field === -1 ? vehicleOrder.length : field);
  };
  return [...placed].sort((a, b) => rankOf(a.name) - rankOf(b.name))[0]?.name;
}
