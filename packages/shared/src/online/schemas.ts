import { z } from 'zod';
import { drfMessages } from '../api/errors';
import { cleanString, countSchema, idSchema, momentOutSchema, textIdSchema } from '../api/input';
import { listQuerySchema, type ListSpec } from '../api/list';
import { isEmail } from '../auth/rules';
import { validityMonthsSchema } from '../payments/schemas';
import { finPattern, normalizePlate, voenPattern } from '../resources/values';
import { resourceMessages } from '../resources/messages';
import { phonePattern } from '../users/schemas';
import { onlineMessages as m } from './messages';
import { onlineDocumentKinds, onlineDocumentTypes, onlineStatusCodes, onlineRequestKinds } from './status';

/**
 * The online requests' contract (issue 14). A carrier posts `multipart/form-data`: every field below as text (a
 * form's fields), `vehicles` as JSON text, the documents as files, and `gtoken` (the ALTCHA payload). The
 * staff's screens read them as JSON.
 */

const text = (max: number) => cleanString().trim().max(max);
const optionalText = (max: number) => text(max).default('');
const requiredText = (max: number, message: string) => cleanString({ error: message }).trim().min(1, message).max(max);
/** A form field holding an id: its canonical decimal text. */
const formId = (message: string) => textIdSchema(message);
const optionalFormId = (message: string) =>
  z
    .union([z.literal(''), textIdSchema(message)])
    .default('')
    .transform((v) => (v === '' ? null : v));

const email = cleanString({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired, abort: true })
  .max(254, m.emailInvalid)
  .refine((v) => isEmail(v), m.emailInvalid)
  .transform((v) => v.toLowerCase())
  .meta({ examples: ['dasiyici@example.az'] });
const voen = cleanString({ error: resourceMessages.voenInvalid })
  .trim()
  .regex(voenPattern, resourceMessages.voenInvalid)
  .meta({ examples: ['1234567891'] });
const phone = cleanString({ error: resourceMessages.phoneInvalid })
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(phonePattern, resourceMessages.phoneInvalid))
  .meta({ examples: ['+994501234567'] });
/** The consent box: a form sends "true" (or "on") when it is ticked. */
const consent = z
  .string({ error: m.consentRequired })
  .refine((v) => v === 'true' || v === 'on', m.consentRequired)
  .transform(() => true as const)
  .meta({ enum: ['true', 'on'], description: 'The consent box, ticked' });
const gtoken = z.string({ error: drfMessages.blank }).min(1, drfMessages.blank);
/** A document part: a file, checked by its content (PDF, JPEG or PNG), at most 5 MB. */
const documentPart = (required: boolean) => {
  const part = z.any().meta({
    type: 'string',
    format: 'binary',
    description: `A file: PDF, JPEG or PNG by content (whatever its name), at most 5 MB${required ? '' : '; optional'}`,
  });
  return required ? part : part.optional();
};
const documentParts = Object.fromEntries(onlineDocumentKinds.map((d) => [d.key, documentPart(d.required)])) as {
  registration_certificate: z.ZodAny;
  power_of_attorney: z.ZodOptional<z.ZodAny>;
};

/** POST /api/public/online/carriers/: a carrier asks to be registered. */
export const onlineCarrierRequestSchema = z.strictObject({
  name: requiredText(300, m.nameRequired),
  voen,
  tax_payer: optionalFormId(resourceMessages.unknownReference('Vergi ödəyicisi')),
  address: optionalText(300),
  phone,
  email,
  info: cleanString({ multiline: true }).trim().max(1000).default(''),
  /** The region whose office reviews the registration. */
  region: formId(m.regionRequired),
  consent,
  gtoken,
  ...documentParts,
});
export type OnlineCarrierRequestInput = z.infer<typeof onlineCarrierRequestSchema>;

/** One vehicle of a request for marks. */
export const onlineVehicleSchema = z.object({
  plate: cleanString({ error: resourceMessages.plateInvalid }).transform((v, ctx) => {
    const plate = normalizePlate(v);
    if (plate === null) ctx.addIssue({ code: 'custom', message: resourceMessages.plateInvalid });
    return plate ?? z.NEVER;
  }),
  transport_type: z
    .number({ error: resourceMessages.choose('Nəqliyyat növü') })
    .int()
    .min(1)
    .max(2_147_483_647),
  seats_count: countSchema.max(1_000).default(0),
  /** Tonnes, as text with up to 2 decimals. */
  load_carrying_capacity: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Yük götürmə qabiliyyəti mənfi olmayan ədəd olmalıdır (məsələn, 12,5).')
    .default('0'),
  /** Months wanted: 1, 3, 6 or 12. */
  months: validityMonthsSchema,
  driver_fin: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.union([z.literal(''), z.string().regex(finPattern, resourceMessages.finInvalid)]))
    .default(''),
});
export type OnlineVehicle = z.infer<typeof onlineVehicleSchema>;

/** The vehicles of a request for marks: one or more, each plate once. */
const vehicleList = z
  .array(onlineVehicleSchema, {
    error: (issue) => (issue.input === undefined ? m.vehiclesRequired : m.vehiclesInvalid),
  })
  .min(1, m.vehiclesRequired)
  .max(50)
  .refine((list) => new Set(list.map((v) => v.plate)).size === list.length, m.plateTwice);

/**
 * `vehicles`: a list in a form field, so JSON. A part sent as `application/json` (what the document's `encoding`
 * says, and what a generated client sends) arrives parsed; a plain text part (a browser's FormData) is parsed here.
 */
const vehiclesField = z
  .preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: m.vehiclesInvalid });
      return z.NEVER;
    }
  }, vehicleList)
  .meta({
    description:
      'The vehicles, as JSON: a part of type application/json (or JSON text in a plain field) holding an array of ' +
      '{plate, transport_type, seats_count, load_carrying_capacity, months, driver_fin}',
  });

/** POST /api/public/online/payments/: a carrier asks for marks for its vehicles. */
export const onlinePaymentRequestSchema = z.strictObject({
  owner_code: voen,
  owner_name: requiredText(300, m.ownerNameRequired),
  owner_address: optionalText(500),
  owner_phone: phone,
  owner_email: email,
  owner_transport_type: optionalFormId(resourceMessages.unknownReference('Nəqliyyat növü')),
  /** The region whose office takes the payment. */
  owner_region: formId(m.regionRequired),
  vehicles: vehiclesField,
  consent,
  gtoken,
  ...documentParts,
});
export type OnlinePaymentRequestInput = z.infer<typeof onlinePaymentRequestSchema>;

/** 201 to either request: the tracking code (also sent by e-mail). */
export const onlineSubmittedSchema = z.object({
  code: z.string().meta({ examples: ['K7QH-3M9D-TX2P'] }),
  status: z.literal(onlineStatusCodes),
  detail: z.string(),
});
export type OnlineSubmitted = z.infer<typeof onlineSubmittedSchema>;

/** GET /api/public/online/status/?code=&voen= */
export const onlineStatusQuerySchema = z.strictObject({
  code: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/, m.statusNotFound)),
  voen,
});

/** What the carrier pays, once the staff made a payment of the request: the receipt print's contents. */
export const onlineStatusPaymentSchema = z.object({
  status: z.number().int(),
  status_label: z.string(),
  owner_code: z.string(),
  owner_name: z.string(),
  region_name: z.string(),
  total: z.string().meta({ examples: ['194.40'] }),
  rows: z.array(
    z.object({
      plate: z.string(),
      form: z.string().meta({ examples: ['AB 000123'] }),
      months: z.number().int(),
      tax_price: z.string(),
    }),
  ),
  payment_receipt_number: z.string().nullable(),
  payment_receipt_date: z.string().nullable(),
});

export const onlineStatusSchema = z.object({
  kind: z.enum(onlineRequestKinds),
  code: z.string(),
  status: z.literal(onlineStatusCodes),
  status_label: z.string(),
  created_at: momentOutSchema,
  decided_at: momentOutSchema.nullable(),
  reason: z.string().nullable(),
  payment: onlineStatusPaymentSchema.nullable(),
});
export type OnlineStatusAnswer = z.infer<typeof onlineStatusSchema>;

/** An attached document as the staff see it: served by GET /api/online-files/{id}/. */
export const onlineFileSchema = z.object({
  id: idSchema,
  kind: z.enum(onlineDocumentKinds.map((d) => d.key) as ['registration_certificate', 'power_of_attorney']),
  name: z.string(),
  content_type: z.enum(onlineDocumentTypes),
  size: countSchema,
});

const reviewFields = {
  id: idSchema,
  code: z.string(),
  status: z.literal(onlineStatusCodes),
  region: idSchema,
  region_name: z.string(),
  created_at: momentOutSchema,
  decided_at: momentOutSchema.nullable(),
  decided_by: idSchema.nullable(),
  reason: z.string().nullable(),
  version: z.number().int(),
};

export const onlineCarrierListItemSchema = z.object({
  ...reviewFields,
  name: z.string(),
  voen: z.string(),
  email: z.string(),
  phone: z.string(),
  carrier: idSchema.nullable(),
});
export type OnlineCarrierListItem = z.infer<typeof onlineCarrierListItemSchema>;

/** A carrier's registration, with its documents and, when a carrier has that VÖEN, what would change. */
export const onlineCarrierSchema = onlineCarrierListItemSchema.extend({
  address: z.string(),
  info: z.string(),
  tax_payer: idSchema.nullable(),
  files: z.array(onlineFileSchema),
  /** The carrier already registered with this VÖEN, and the fields approving would change (before and after). */
  existing: z
    .object({
      id: idSchema,
      changes: z.array(z.object({ field: z.string(), label: z.string(), before: z.string(), after: z.string() })),
    })
    .nullable(),
});
export type OnlineCarrier = z.infer<typeof onlineCarrierSchema>;

export const onlinePaymentListItemSchema = z.object({
  ...reviewFields,
  owner_code: z.string(),
  owner_name: z.string(),
  owner_email: z.string(),
  owner_phone: z.string(),
  vehicles_count: countSchema,
  payment: idSchema.nullable(),
});
export type OnlinePaymentListItem = z.infer<typeof onlinePaymentListItemSchema>;

/** A vehicle with what the registry said of it and its driver (looked up when the request is opened). */
export const onlineVehicleLookupSchema = z.object({
  plate: z.string().meta({ examples: ['10-AA-123'] }),
  transport_type: idSchema,
  seats_count: countSchema,
  load_carrying_capacity: z.string(),
  months: z.number().int(),
  driver_fin: z.string(),
  brand_model: z.string(),
  registry_seats_count: z.number().int().nullable(),
  base_carrier_pin: z.string(),
  driver_full_name: z.string(),
  serviceErrors: z.array(z.string()),
});

export const onlinePaymentSchema = onlinePaymentListItemSchema.extend({
  owner_address: z.string(),
  owner_transport_type: idSchema.nullable(),
  vehicles: z.array(onlineVehicleLookupSchema),
  files: z.array(onlineFileSchema),
});
export type OnlinePaymentRequest = z.infer<typeof onlinePaymentSchema>;

/** POST .../reject/: the reason, told to the carrier. */
export const onlineRejectSchema = z.object({
  reason: cleanString({ multiline: true, error: m.reasonRequired }).trim().min(1, m.reasonRequired).max(1000),
});
export type OnlineRejectInput = z.infer<typeof onlineRejectSchema>;

export const onlineCarrierListSpec = {
  filters: { status: 'exact', region: 'id', voen: 'exact' },
  orderBy: ['id', 'created_at', 'name', 'status'],
} as const satisfies ListSpec;

export const onlinePaymentListSpec = {
  filters: { status: 'exact', region: 'id', owner_code: 'exact' },
  orderBy: ['id', 'created_at', 'owner_name', 'status'],
} as const satisfies ListSpec;

const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const statusFilter = z.preprocess(
  emptyIsAbsent,
  z.enum(['1', '2', '3'], { error: 'Status 1, 2 və ya 3 olmalıdır.' }).optional(),
);

/** Lists of requests: search over the name, the VÖEN, the e-mail and the tracking code. */
export const onlineCarrierListQuerySchema = listQuerySchema(onlineCarrierListSpec).extend({ status: statusFilter });
export type OnlineCarrierListQuery = z.infer<typeof onlineCarrierListQuerySchema>;
export const onlinePaymentListQuerySchema = listQuerySchema(onlinePaymentListSpec).extend({ status: statusFilter });
export type OnlinePaymentListQuery = z.infer<typeof onlinePaymentListQuerySchema>;
