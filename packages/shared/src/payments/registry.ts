import { z } from 'zod';
import { dayOutSchema } from '../api/input';
import { displayDateToApi } from '../format/date';
import { drivingCategories, normalizePlate, rightKinds } from '../resources/values';
import { resourceMessages } from '../resources/messages';
import { paymentMessages } from './messages';

/**
 * Registry lookups (spec sections 3, 4; decisions.md section 4): what a payment row asks the state registries,
 * in the path formats the routes take and the answers they give.
 */

/** A plate as a path takes it: "10-AA-123", "10AA123" (any case); normalized to "10-AA-123". */
export const platePathPattern = /^[0-9]{2}-?[A-Za-z]{2}-?[0-9]{3}$/;
/** A FIN code as a path takes it: 7 Latin letters or digits (any case); kept upper-case. */
export const finPathPattern = /^[A-Za-z0-9]{7}$/;
/** A driving licence number as a path takes it (any case; licenceNumberPattern once upper-cased). */
export const licenceNumberPathPattern = /^[A-Za-z]{2}[0-9]{6}$/;

const pathValue = (pattern: RegExp, example: string, message: string) =>
  z
    .string()
    .regex(pattern, message)
    .meta({ examples: [example] });

export const vehicleLookupParamsSchema = z.object({
  plate: pathValue(platePathPattern, '10-AA-123', paymentMessages.plateInvalid).transform((v) => normalizePlate(v)!),
});
export const driverLookupParamsSchema = z.object({
  fin: pathValue(finPathPattern, '5ABC12X', paymentMessages.finInvalid).transform((v) => v.toUpperCase()),
});
export const licenceLookupParamsSchema = z.object({
  number: pathValue(licenceNumberPathPattern, 'AB123456', resourceMessages.licenceNumberInvalid).transform((v) =>
    v.toUpperCase(),
  ),
});

const rightKindIds = rightKinds.map((r) => r.id) as [1, 2, 4, 3];

/** A vehicle by plate: make and model, seats, load, the owner's pin and the right of use with its expiry. */
export const vehicleLookupSchema = z.object({
  plate: z.string().meta({ examples: ['10-AA-123'] }),
  brand_model: z.string(),
  seats_count: z.number().int().min(0).max(1_000_000),
  /** Tonnes, exact decimal string. */
  load_carrying_capacity: z.string().meta({ examples: ['12.5'] }),
  /** The registered owner's VÖEN (or FIN): compared with the payment's owner_code for the right of use. */
  base_carrier_pin: z.string(),
  base_carrier_name: z.string(),
  right_of_use: z.literal(rightKindIds),
  right_of_use_expire_date: dayOutSchema.nullable(),
});
export type VehicleLookup = z.infer<typeof vehicleLookupSchema>;

/** A driver by FIN: the full name as on the identity card. */
export const driverLookupSchema = z.object({
  fin: z.string().meta({ examples: ['5ABC12X'] }),
  driver_full_name: z.string(),
});
export type DriverLookup = z.infer<typeof driverLookupSchema>;

/** A driving licence by number: its categories and expiry. */
export const licenceLookupSchema = z.object({
  number: z.string().meta({ examples: ['AB123456'] }),
  categories: z.array(z.enum(drivingCategories)),
  expire_date: dayOutSchema,
});
export type LicenceLookup = z.infer<typeof licenceLookupSchema>;

/**
 * A registry's date (dd.mm.yyyy, spec section 4) as the app keeps it (yyyy-mm-dd). An empty value is null;
 * anything that is no real day throws, so a garbled answer is reported, never stored.
 */
export function registryDateToApi(value: string | null | undefined): string | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const day = displayDateToApi(value.trim());
  if (day === null) throw new RangeError(`Not a dd.mm.yyyy date: ${value}`);
  return day;
}
