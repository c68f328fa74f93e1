import { z } from 'zod';
import {
  cleanString,
  countSchema,
  dayOutSchema,
  decimalStringSchema,
  idSchema,
  isoDateSchema,
  momentOutSchema,
  recordIdSchema,
} from '../api/input';
import { listQuerySchema, type ListSpec } from '../api/list';
import { expectedVersionSchema, versionSchema } from '../api/versions';
import { fnFormSchema, fnNumberPattern } from '../fn/schemas';
import { drivingCategories, feeGroups, normalizePlate, rightKinds, voenPattern } from '../resources/values';
import { paymentMessages as m } from './messages';
import { paymentStatusCodes, validityMonths } from './status';

/**
 * The payment's contract (issue 13): header and rows as the API reads and answers them, the bodies of the
 * transitions, the quote. Decimals travel as strings, money with two places ("97.20"), days as yyyy-mm-dd.
 */

const text = (max: number) => cleanString().trim().max(max);
const optionalText = (max: number) => text(max).default('');
const money = () => decimalStringSchema({ scale: 2, message: m.amountInvalid });
const tonnes = () => decimalStringSchema({ scale: 2, message: m.loadInvalid });
const optionalDay = () => isoDateSchema().nullable().default(null);

const rightKindIds = rightKinds.map((r) => r.id) as [1, 2, 4, 3];
const feeGroupValues = feeGroups.map((g) => g.value) as ['seat', 'load', 'flat'];

export const ownerCategories = [
  { value: 1, label: 'Hüquqi şəxs' },
  { value: 2, label: 'Fiziki şəxs' },
] as const;
export type OwnerCategory = (typeof ownerCategories)[number]['value'];

export const validityMonthsSchema = z.literal(validityMonths, { error: m.validityInvalid });

/** The snapshot a priced row stores: what priced it, so a later tariff change never changes it. */
export const tariffSnapshotSchema = z.object({
  tariff_id: idSchema.nullable(),
  tariff_rate: z.string().meta({ examples: ['1.80'] }),
  tariff_effective_from: dayOutSchema,
  fee_group: z.enum(feeGroupValues),
  units: z.string().nullable(),
  coefficient: z.string().meta({ examples: ['1.5'] }),
  months: z.number().int().min(0).max(12),
  amount: z.string().meta({ examples: ['97.20'] }),
});

/** A payment row as the form sends it: one active form of the payment's region and the vehicle it marks. */
export const paymentRowInputSchema = z.object({
  /** The fn form (blank) the row uses. */
  form: recordIdSchema(),
  // Vehicle.
  plate: cleanString({ error: m.plateInvalid })
    // On the input side too: the OpenAPI document shows what a client sends.
    .meta({ examples: ['10-AA-123'] })
    .transform((v, ctx) => {
      const plate = normalizePlate(v);
      if (plate === null) ctx.addIssue({ code: 'custom', message: m.plateInvalid });
      return plate ?? z.NEVER;
    })
    .meta({ examples: ['10-AA-123'] }),
  base_carrier_pin: optionalText(20),
  brand_model: optionalText(200),
  seats_count: countSchema.max(1_000).default(0),
  load_carrying_capacity: tonnes().default('0'),
  bus_type: optionalText(100),
  right_of_use: z.literal(rightKindIds).nullable().default(null),
  right_of_use_expire_date: optionalDay(),
  // Trailer.
  trailer_plate: optionalText(20),
  trailer_load_carrying_capacity: tonnes().default('0'),
  /** Whether the vehicle's own load is counted (a trailer load above 0 turns it off). */
  count_vehicle_load: z.boolean().default(true),
  inspector: recordIdSchema().nullable().default(null),
  bus_route_name: optionalText(200),
  bus_route_number: optionalText(50),
  // Driver and licence.
  driver_fin: optionalText(7),
  driver_full_name: optionalText(200),
  driving_license_number: optionalText(20),
  driving_license_categories: z.array(z.enum(drivingCategories)).max(drivingCategories.length).default([]),
  driving_license_expire_date: optionalDay(),
  work_sectors: optionalText(500),
  transport_type: recordIdSchema(),
  coefficient: decimalStringSchema({ scale: 4, message: m.coefficientInvalid, positive: true }),
  /** Months bought: 1, 3, 6 or 12. */
  expire_date: validityMonthsSchema,
  /** What the registry lookups said went wrong for this row (shown on the row; never blocks the payment). */
  serviceErrors: z.array(text(500)).max(10).default([]),
});
export type PaymentRowInput = z.infer<typeof paymentRowInputSchema>;

/** A stored row: its input, the form's series and number, and the price with its snapshot. */
export const paymentRowSchema = paymentRowInputSchema.extend({
  id: idSchema,
  plate: z.string(),
  load_carrying_capacity: z.string(),
  trailer_load_carrying_capacity: z.string(),
  coefficient: z.string(),
  right_of_use_expire_date: dayOutSchema.nullable(),
  driving_license_expire_date: dayOutSchema.nullable(),
  form_series: z.string(),
  form_number: z.string(),
  tax_price: z.string().meta({ examples: ['97.20'] }),
  tariff: tariffSnapshotSchema,
  /** The form's validity, set when the payment is paid (validityOf). */
  valid_from: dayOutSchema.nullable(),
  valid_until: dayOutSchema.nullable(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

/** The header's fields a person types; the rest (status, total, receipt, who and when) the server sets. */
const paymentHeaderInput = {
  owner_code: cleanString({ error: m.ownerCodeInvalid })
    .trim()
    .regex(voenPattern, m.ownerCodeInvalid)
    .meta({ examples: ['1234567891'] }),
  owner_name: text(300).min(1, m.ownerNameRequired),
  owner_address: optionalText(500),
  owner_phone: optionalText(30),
  owner_transport_type: recordIdSchema().nullable().default(null),
  /** The payment's region; a regional user's own region whatever is sent. */
  region: recordIdSchema().nullable().default(null),
  mdssh_number: optionalText(64),
  mdssh_date: optionalDay(),
  mdssh_amount: money().nullable().default(null),
  itsda_number: optionalText(64),
  itsda_date: optionalDay(),
  itsda_amount: money().nullable().default(null),
  rows: z.array(paymentRowInputSchema).min(1, m.rowsRequired).max(100),
};

export const paymentCreateSchema = z.object(paymentHeaderInput);

/**
 * PUT /api/payments/{id}/insurance/: the MDSSH and İTSDA records alone, under review or awaiting payment (a record
 * that came after the submit), with the version read.
 */
export const paymentInsuranceSchema = z.object({
  mdssh_number: paymentHeaderInput.mdssh_number,
  mdssh_date: paymentHeaderInput.mdssh_date,
  mdssh_amount: paymentHeaderInput.mdssh_amount,
  itsda_number: paymentHeaderInput.itsda_number,
  itsda_date: paymentHeaderInput.itsda_date,
  itsda_amount: paymentHeaderInput.itsda_amount,
  version: expectedVersionSchema,
});
export type PaymentInsuranceInput = z.infer<typeof paymentInsuranceSchema>;
export type PaymentCreateInput = z.infer<typeof paymentCreateSchema>;

/** PUT while the payment is under review: the whole header and rows, and the version read. */
export const paymentUpdateSchema = z.object({ ...paymentHeaderInput, version: expectedVersionSchema });
export type PaymentUpdateInput = z.infer<typeof paymentUpdateSchema>;

export const paymentSchema = z.object({
  id: idSchema,
  owner_code: z.string(),
  owner_category: z.literal([1, 2]).nullable(),
  owner_name: z.string(),
  owner_address: z.string(),
  owner_phone: z.string(),
  owner_transport_type: idSchema.nullable(),
  region: idSchema,
  mdssh_number: z.string(),
  mdssh_date: dayOutSchema.nullable(),
  mdssh_amount: z.string().nullable(),
  itsda_number: z.string(),
  itsda_date: dayOutSchema.nullable(),
  itsda_amount: z.string().nullable(),
  payment_receipt_number: z.string().nullable(),
  payment_receipt_date: dayOutSchema.nullable(),
  status: z.literal(paymentStatusCodes),
  total: z.string().meta({ examples: ['194.40'] }),
  /** The day whose tariffs priced the rows (the create's or the last edit's). */
  priced_on: dayOutSchema,
  /** The public check's code (`/verify/{code}`). */
  verify_code: z.string(),
  cancel_reason: z.string().nullable(),
  created_by: idSchema.nullable(),
  created_at: momentOutSchema,
  version: versionSchema,
  /** The online request this payment was made of (accepted in online-payment), or null. */
  online_request: idSchema.nullable(),
  rows: z.array(paymentRowSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

/** A payment in the list: the header, how many rows, and the forms' numbers ("AB 000001"). */
export const paymentListItemSchema = paymentSchema.omit({ rows: true, online_request: true }).extend({
  rows_count: countSchema,
  forms: z.array(z.string()),
});
export type PaymentListItem = z.infer<typeof paymentListItemSchema>;

export const paymentListSpec = {
  filters: {
    status: 'exact',
    owner_code: 'exact',
    region: 'id',
    created_from: 'date',
    created_to: 'date',
    payment_receipt_number: 'exact',
    form_series: 'exact',
    form_number: 'exact',
  },
  orderBy: ['id', 'created_at', 'status', 'total', 'owner_name'],
} as const satisfies ListSpec;
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);
/** The list's filters that take only known values (400 under the parameter otherwise). */
export const paymentFilterSchemas = {
  status: z.preprocess(emptyIsAbsent, z.enum(['1', '2', '3', '4'], { error: m.statusFilterInvalid }).optional()),
  form_number: z.preprocess(emptyIsAbsent, z.string().regex(fnNumberPattern, m.formNumberInvalid).optional()),
};
export const paymentListQuerySchema = listQuerySchema(paymentListSpec).extend(paymentFilterSchemas);
export type PaymentListQuery = z.infer<typeof paymentListQuerySchema>;

/**
 * GET /api/fn/forms/for-payment/: a free form with what prices its row, its batch's coefficient and months (a row
 * must be priced as its batch was issued), so the payment screen needs no right to read batches.
 */
export const forPaymentFormSchema = fnFormSchema.extend({
  coefficient_value: z.string().meta({ examples: ['1.5'] }),
  months: z.number().int().min(0),
});
export type ForPaymentForm = z.infer<typeof forPaymentFormSchema>;

/** GET /api/public/payments/{code}/: any text; a code that is not one answers 404. */
export const publicPaymentParamsSchema = z.object({ code: z.string() });

/** POST /api/payments/{id}/pay/: the bank receipt (a number never used before) and its date. */
export const paymentPaySchema = z.object({
  payment_receipt_number: cleanString({ error: m.receiptNumberRequired })
    .trim()
    .min(1, m.receiptNumberRequired)
    .max(64),
  payment_receipt_date: isoDateSchema(undefined, m.receiptDateRequired),
});
export type PaymentPayInput = z.infer<typeof paymentPaySchema>;

/** POST /api/payments/{id}/cancel/: why. */
export const paymentCancelSchema = z.object({
  reason: cleanString({ multiline: true, error: m.cancelReasonRequired })
    .trim()
    .min(1, m.cancelReasonRequired)
    .max(1_000),
});
export type PaymentCancelInput = z.infer<typeof paymentCancelSchema>;

/** POST /api/payments/quote/: what prices a row, without saving anything. */
export const quoteRowSchema = paymentRowInputSchema.pick({
  transport_type: true,
  coefficient: true,
  expire_date: true,
  seats_count: true,
  load_carrying_capacity: true,
  trailer_load_carrying_capacity: true,
  count_vehicle_load: true,
});
export type QuoteRowInput = z.infer<typeof quoteRowSchema>;

export const quoteRequestSchema = z.object({
  /** The payment date whose tariffs apply; today when absent. */
  date: isoDateSchema().optional(),
  rows: z.array(quoteRowSchema).min(1, m.rowsRequired).max(100),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const quoteResponseSchema = z.object({
  date: dayOutSchema,
  rows: z.array(tariffSnapshotSchema),
  total: z.string().meta({ examples: ['194.40'] }),
});
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

/** GET /api/public/payments/{code}/: the public check (no sign-in), the owner's name partly masked. */
export const publicPaymentSchema = z.object({
  valid: z.boolean(),
  status: z.literal(paymentStatusCodes),
  owner_name: z.string(),
  payment_receipt_number: z.string().nullable(),
  payment_receipt_date: dayOutSchema.nullable(),
  total: z.string(),
  rows: z.array(
    z.object({
      plate: z.string(),
      form_series: z.string(),
      form_number: z.string(),
      valid_from: dayOutSchema.nullable(),
      valid_until: dayOutSchema.nullable(),
      amount: z.string(),
    }),
  ),
});
export type PublicPayment = z.infer<typeof publicPaymentSchema>;

/** GET /api/payments/payer/?voen=: the VÖEN a new payment's payer is filled from. */
export const payerQuerySchema = z.strictObject({
  voen: cleanString({ error: m.ownerCodeInvalid })
    .trim()
    .regex(voenPattern, m.ownerCodeInvalid)
    .meta({ examples: ['1400123451'] }),
});
export type PayerQuery = z.infer<typeof payerQuerySchema>;

/** Where a payer's name, address and phone came from: the carriers' register, else their latest payment. */
export const payerSources = ['carrier', 'payment'] as const;
export type PayerSource = (typeof payerSources)[number];

/** GET /api/payments/payer/?voen=: what a new payment's header takes of a known payer. */
export const payerSchema = z
  .object({
    voen: z.string(),
    source: z.enum(payerSources).meta({
      description: "carrier: the carriers' register; payment: the payer's latest payment the user may see",
    }),
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    /** The transport type most used in the payer's earlier payments (none yet: null). */
    transport_type: idSchema.nullable(),
    transport_type_name: z.string().nullable(),
  })
  .meta({
    examples: [
      {
        voen: '1400123451',
        source: 'carrier',
        name: 'Gəncə Sərnişin Daşımaları MMC',
        address: 'Gəncə, Atatürk pr. 12',
        phone: '+994502223344',
        transport_type: 1,
        transport_type_name: 'Avtobus',
      },
    ],
  });
export type Payer = z.infer<typeof payerSchema>;
