import {
  drivingCategories,
  normalizeDecimal,
  normalizeLicenceNumber,
  normalizePlate,
  registryDateToApi,
  registryMessages,
  type DriverLookup,
  type LicenceLookup,
  type VehicleLookup,
} from '@dnx/shared';
import { z } from 'zod';
import { RegistryError, type RegistryGateway } from './gateway';

/**
 * The adapter for an external state registry (`REGISTRY_URL`). It asks
 *   GET {REGISTRY_URL}/vehicles/{plate}, /drivers/{fin}, /licences/{number}
 * (Accept: application/json) and reads 200 with the JSON below, 404 for "not found"; dates arrive as dd.mm.yyyy
 * and are kept as yyyy-mm-dd. Anything else (another status, a refused connection, no answer within the time
 * limit, a body that does not fit) is a RegistryError, never a value: a garbled answer is not stored in a row.
 */

/** Most a registry answer may be: a lookup is a few hundred bytes. */
const maxAnswerBytes = 64 * 1024;

const registryDate = z.string().transform((value, ctx) => {
  try {
    return registryDateToApi(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not a dd.mm.yyyy date' });
    return z.NEVER;
  }
});

/** Tonnes as a string ("12.5") or a JSON number of at most two places; anything else is refused. */
const tonnes = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const normalized = normalizeDecimal(String(value), 2);
  if (normalized === null) {
    ctx.addIssue({ code: 'custom', message: 'not a load in tonnes' });
    return z.NEVER;
  }
  return normalized;
});

const vehicleAnswer = z.object({
  plate: z.string().transform((v, ctx) => normalizePlate(v) ?? (ctx.addIssue({ code: 'custom' }), z.NEVER)),
  brand_model: z.string().max(300),
  seats_count: z.number().int().min(0).max(1_000),
  load_carrying_capacity: tonnes,
  base_carrier_pin: z.string().max(20),
  base_carrier_name: z.string().max(300).default(''),
  right_of_use: z.literal([1, 2, 3, 4]),
  right_of_use_expire_date: registryDate.nullable().default(null),
});

const driverAnswer = z.object({
  fin: z.string().regex(/^[A-Za-z0-9]{7}$/),
  full_name: z.string().min(1).max(300),
});

const licenceAnswer = z.object({
  number: z.string().transform((v, ctx) => normalizeLicenceNumber(v) ?? (ctx.addIssue({ code: 'custom' }), z.NEVER)),
  categories: z.array(z.enum(drivingCategories)).max(drivingCategories.length),
  expire_date: registryDate.refine((v): v is string => v !== null),
});

export interface HttpRegistryOptions {
  /** The registry's base URL; the lookups are paths under it. */
  url: string;
  timeoutMs: number;
}

export function createHttpRegistry(options: HttpRegistryOptions): RegistryGateway {
  const base = options.url.endsWith('/') ? options.url : `${options.url}/`;
  // "1,5": the time limit in seconds as the message says it.
  const seconds = String(options.timeoutMs / 1000).replace('.', ',');

  async function ask<T>(path: string, answer: z.ZodType<T>): Promise<T | null> {
    let response: Response;
    try {
      response = await fetch(new URL(path, base), {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) {
        throw new RegistryError('timeout', registryMessages.timeout(seconds), { cause: err });
      }
      throw new RegistryError('unavailable', registryMessages.unavailable, { cause: err });
    }
    let text: string;
    try {
      text = await response.text();
    } catch (err) {
      // The time limit covers the body too.
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      throw timedOut
        ? new RegistryError('timeout', registryMessages.timeout(seconds), { cause: err })
        : new RegistryError('unavailable', registryMessages.unavailable, { cause: err });
    }
    if (response.status === 404) return null;
    if (response.status !== 200) {
      throw new RegistryError('unavailable', registryMessages.unavailable, {
        cause: new Error(`registry answered ${response.status}`),
      });
    }
    if (Buffer.byteLength(text) > maxAnswerBytes) {
      throw new RegistryError('bad_answer', registryMessages.badAnswer, { cause: new Error('answer too large') });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new RegistryError('bad_answer', registryMessages.badAnswer, { cause: err });
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) throw new RegistryError('bad_answer', registryMessages.badAnswer, { cause: parsed.error });
    return parsed.data;
  }

  return {
    kind: 'http',
    async vehicle(plate): Promise<VehicleLookup | null> {
      return ask(`vehicles/${encodeURIComponent(plate)}`, vehicleAnswer);
    },
    async driver(fin): Promise<DriverLookup | null> {
      const found = await ask(`drivers/${encodeURIComponent(fin)}`, driverAnswer);
      return found && { fin: found.fin.toUpperCase(), driver_full_name: found.full_name };
    },
    async licence(number): Promise<LicenceLookup | null> {
      const found = await ask(`licences/${encodeURIComponent(number)}`, licenceAnswer);
      return found && { number: found.number, categories: found.categories, expire_date: found.expire_date };
    },
  };
}
