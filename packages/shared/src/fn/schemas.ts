import { z } from 'zod';
import { cleanString, countSchema, dayOutSchema, idSchema, momentOutSchema, recordIdSchema } from '../api/input';
import { listQuerySchema, type ListSpec } from '../api/list';
import { expectedVersionSchema, versionSchema } from '../api/versions';
import { fnMessages as m } from './messages';
import { expireDateTypeKeys, fnBatchStatusKeys, fnNoticeStatusCodes, fnStageKeys, fnTimelineMovements } from './stages';

/** At most this many numbers in one batch (issue 12). */
export const maxBatchNumbers = 100_000;
/** At most this many forms in one share, unshare or annul. */
export const maxFormsPerMove = 10_000;
export const maxValidityCount = 120;
export const fnNumberDigits = 6;
export const maxFnNumber = 999_999;

export const seriesPattern = /^[A-Z]{1,3}$/;
export const fnNumberPattern = /^[0-9]{6}$/;

/** A form number as shown and sent: 6 digits, zero-padded. */
export function formatFnNumber(value: number): string {
  return String(value).padStart(fnNumberDigits, '0');
}

/** "000123" -> 123; null for anything that is not 6 digits from 000001 to 999999. */
export function parseFnNumber(value: string): number | null {
  if (!fnNumberPattern.test(value)) return null;
  const n = Number(value);
  return n >= 1 ? n : null;
}

/** How many numbers a range holds (both ends included); 0 when it is reversed. */
export function rangeSize(start: number, finish: number): number {
  return finish >= start ? finish - start + 1 : 0;
}

export const fnSeriesSchema = z
  .string({ error: m.seriesRequired })
  .meta({ examples: ['AB'] })
  .trim()
  .min(1, { error: m.seriesRequired, abort: true })
  .regex(seriesPattern, m.seriesInvalid);

/** A form number in a request: 6 digits as a string ("000001"), read as its integer. */
export const fnNumberSchema = z
  .string({ error: m.numberRequired })
  .meta({ examples: ['000001'] })
  .regex(fnNumberPattern, m.numberInvalid)
  .transform((value, ctx) => {
    const n = parseFnNumber(value);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: m.numberInvalid });
      return z.NEVER;
    }
    return n;
  });

const batchFields = {
  series: fnSeriesSchema,
  start_number: fnNumberSchema,
  finish_number: fnNumberSchema,
  operator: recordIdSchema(m.operatorRequired).meta({ 'x-reference': 'users' }),
  region: recordIdSchema(m.regionRequired).meta({ 'x-reference': 'regions' }),
  transport_type: recordIdSchema(m.transportTypeRequired).meta({ 'x-reference': 'transport-types' }),
  coefficient: recordIdSchema(m.coefficientRequired).meta({ 'x-reference': 'fn-coefficients' }),
  /** The parent batch (the spec's fnBase). */
  fnBase: recordIdSchema(m.fnBaseInvalid).nullable().default(null),
  expire_date: z
    .number({ error: m.expireDateInvalid })
    .int(m.expireDateInvalid)
    .min(1, m.expireDateInvalid)
    .max(maxValidityCount, m.expireDateInvalid),
  expire_date_type: z.enum(expireDateTypeKeys, { error: m.expireDateTypeInvalid }),
};

type RangeInput = { start_number: number; finish_number: number };
function checkRange(value: RangeInput, ctx: z.RefinementCtx) {
  if (value.finish_number < value.start_number) {
    ctx.addIssue({ code: 'custom', path: ['finish_number'], message: m.finishBeforeStart });
  } else if (rangeSize(value.start_number, value.finish_number) > maxBatchNumbers) {
    ctx.addIssue({ code: 'custom', path: ['finish_number'], message: m.tooManyNumbers(maxBatchNumbers) });
  }
}

/** POST /api/fn/batches/ */
export const fnBatchCreateSchema = z.object(batchFields).superRefine(checkRange);
export type FnBatchCreateInput = z.input<typeof fnBatchCreateSchema>;
export type FnBatchCreate = z.output<typeof fnBatchCreateSchema>;

/** PUT /api/fn/batches/{id}/: the whole batch and the version read. */
export const fnBatchUpdateSchema = z.object({ ...batchFields, version: expectedVersionSchema }).superRefine(checkRange);
export type FnBatchUpdateInput = z.input<typeof fnBatchUpdateSchema>;
export type FnBatchUpdate = z.output<typeof fnBatchUpdateSchema>;

/** A batch as answered. */
export const fnBatchSchema = z.object({
  id: idSchema,
  series: z.string(),
  start_number: z.string(),
  finish_number: z.string(),
  count: countSchema,
  operator: idSchema,
  operator_name: z.string(),
  region: idSchema,
  region_name: z.string(),
  transport_type: idSchema,
  transport_type_name: z.string(),
  coefficient: idSchema,
  coefficient_value: z.string(),
  fnBase: idSchema.nullable(),
  expire_date: countSchema,
  expire_date_type: z.enum(expireDateTypeKeys),
  status: z.enum(fnBatchStatusKeys),
  created_by: idSchema.nullable(),
  created_at: momentOutSchema,
  accepted_at: momentOutSchema.nullable(),
  version: versionSchema,
  /** How many of its forms are in each stage. */
  stages: z.object({
    new: countSchema,
    active: countSchema,
    shared: countSchema,
    used: countSchema,
    paid: countSchema,
    voided: countSchema,
  }),
});
export type FnBatch = z.infer<typeof fnBatchSchema>;

export const fnBatchListSpec = {
  filters: {
    series: 'exact',
    operator: 'id',
    region: 'id',
    transport_type: 'id',
    status: 'exact',
    created_from: 'date',
    created_to: 'date',
  },
  orderBy: ['id', 'series', 'start_number', 'created_at', 'status'],
} as const satisfies ListSpec;
// A filter's empty value is no filter, as django-filter reads it; any other value must be one the field can hold.
const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const queryChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(emptyIsAbsent, z.enum(values, { error: message }).optional());
const queryNumber = z.preprocess(emptyIsAbsent, z.string().regex(fnNumberPattern, m.numberInvalid).optional());

/** The batch list's filters that take only known values (400 under the parameter otherwise). */
export const fnBatchFilterSchemas = {
  status: queryChoice(fnBatchStatusKeys, m.batchStatusInvalid),
};
export const fnBatchListQuerySchema = listQuerySchema(fnBatchListSpec).extend(fnBatchFilterSchemas);
export type FnBatchListQuery = z.infer<typeof fnBatchListQuerySchema>;

/** A form as answered; `status` is the notice status as of today (a paid form past its validity reads 1). */
export const fnFormSchema = z.object({
  id: idSchema,
  series: z.string(),
  number: z.string(),
  batch: idSchema,
  stage: z.enum(fnStageKeys),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable(),
  annulled: z.boolean(),
  operator: idSchema,
  region: idSchema,
  transport_type: idSchema,
  inspector: idSchema.nullable(),
  inspector_name: z.string().nullable(),
  payment: idSchema.nullable(),
  valid_from: dayOutSchema.nullable(),
  valid_to: dayOutSchema.nullable(),
  void_reason: z.string().nullable(),
  updated_at: momentOutSchema,
});
export type FnForm = z.infer<typeof fnFormSchema>;

export const fnFormListSpec = {
  filters: {
    stage: 'exact',
    status: 'exact',
    series: 'exact',
    number: 'exact',
    number_from: 'exact',
    number_to: 'exact',
    batch: 'id',
    operator: 'id',
    inspector: 'id',
    region: 'id',
    transport_type: 'id',
    shared: 'boolean',
    /** The last day of validity on or after / on or before (paid forms; the home's "expiring in 30 days"). */
    valid_to_from: 'date',
    valid_to_to: 'date',
  },
  orderBy: ['id', 'number', 'series', 'stage', 'updated_at'],
} as const satisfies ListSpec;
/** The form lists' filters that take only known values: stages, status codes, 6-digit numbers. */
export const fnFormFilterSchemas = {
  stage: queryChoice(fnStageKeys, m.stageInvalid),
  status: queryChoice(['0', '1', '2', '3', '4'], m.statusInvalid),
  number: queryNumber,
  number_from: queryNumber,
  number_to: queryNumber,
};
export const fnFormListQuerySchema = listQuerySchema(fnFormListSpec).extend(fnFormFilterSchemas);
export type FnFormListQuery = z.infer<typeof fnFormListQuerySchema>;

const reasonSchema = cleanString({ multiline: true, error: m.reasonRequired })
  .trim()
  .min(1, { error: m.reasonRequired, abort: true })
  .max(500, m.reasonTooLong);

/** POST /api/fn/forms/{id}/void/ */
export const fnVoidSchema = z.object({ reason: reasonSchema });

/** POST /api/fn/paid/delete-multiple/: annul paid forms with a reason (A only). */
export const fnAnnulSchema = z.object({
  pkList: z.array(recordIdSchema()).min(1, m.formsRequired).max(maxFormsPerMove, m.tooManyForms(maxFormsPerMove)),
  reason: reasonSchema,
});

/**
 * POST /api/fn/forms/share/ and /unshare/: `{inspector, forms: [ids]}` or `{inspector, series, number_from,
 * number_to}`. One object with the range fields optional, so every field names itself in errors.
 */
export const fnShareSchema = z
  .object({
    inspector: recordIdSchema(m.inspectorRequired).meta({ 'x-reference': 'users' }),
    forms: z.array(recordIdSchema()).max(maxFormsPerMove, m.tooManyForms(maxFormsPerMove)).optional(),
    series: fnSeriesSchema.optional(),
    number_from: fnNumberSchema.optional(),
    number_to: fnNumberSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const byRange = value.series !== undefined || value.number_from !== undefined || value.number_to !== undefined;
    if (!byRange) {
      if (!value.forms || value.forms.length === 0)
        ctx.addIssue({ code: 'custom', path: ['forms'], message: m.formsRequired });
      return;
    }
    if (value.series === undefined) ctx.addIssue({ code: 'custom', path: ['series'], message: m.seriesRequired });
    if (value.number_from === undefined)
      ctx.addIssue({ code: 'custom', path: ['number_from'], message: m.numberRequired });
    if (value.number_to === undefined) ctx.addIssue({ code: 'custom', path: ['number_to'], message: m.numberRequired });
    if (value.number_from !== undefined && value.number_to !== undefined) {
      if (value.number_to < value.number_from)
        ctx.addIssue({ code: 'custom', path: ['number_to'], message: m.finishBeforeStart });
      else if (rangeSize(value.number_from, value.number_to) > maxFormsPerMove)
        ctx.addIssue({ code: 'custom', path: ['number_to'], message: m.tooManyForms(maxFormsPerMove) });
    }
  });
export type FnShareInput = z.input<typeof fnShareSchema>;
export type FnShare = z.output<typeof fnShareSchema>;

/** The answer of a move of several forms: the ids moved. */
export const fnMovedSchema = z.object({ pkList: z.array(idSchema), count: countSchema });

/** GET /api/fn/check/?series=&number= */
export const fnCheckQuerySchema = z.object({ series: fnSeriesSchema, number: fnNumberSchema });

/**
 * One row of a timeline: a movement of a batch or form from the ledger, or (a form's, `id` null) the end of its
 * paid validity as seen at read time.
 */
export const fnHistoryEntrySchema = z.object({
  id: idSchema.nullable(),
  at: momentOutSchema,
  actor: idSchema.nullable(),
  actor_email: z.string().nullable(),
  movement: z.enum(fnTimelineMovements),
  batch: idSchema.nullable(),
  forms: countSchema,
  number_from: z.string().nullable(),
  number_to: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
});
export type FnHistoryEntry = z.infer<typeof fnHistoryEntrySchema>;

export const fnNoticeStatusSchema = z.enum(fnNoticeStatusCodes.map(String) as [string, ...string[]]);

/** What check-fn answers: the mark's state, validity and who holds it (vehicle and carrier come with payments). */
export const fnCheckSchema = z.object({
  series: z.string(),
  number: z.string(),
  stage: z.enum(fnStageKeys),
  stage_label: z.string(),
  status: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable(),
  status_label: z.string().nullable(),
  annulled: z.boolean(),
  valid_from: dayOutSchema.nullable(),
  valid_to: dayOutSchema.nullable(),
  region_name: z.string(),
  operator_name: z.string(),
  inspector_name: z.string().nullable(),
  payment: idSchema.nullable(),
  vehicle: z.string().nullable(),
  carrier: z.string().nullable(),
});
export type FnCheck = z.infer<typeof fnCheckSchema>;

/** GET /api/fn/reconciliation/: filters series, operator, region, transport_type. */
export const fnReconciliationQuerySchema = listQuerySchema({
  filters: { series: 'exact', operator: 'id', region: 'id', transport_type: 'id' },
  orderBy: [],
}).pick({ series: true, operator: true, region: true, transport_type: true });
export type FnReconciliationQuery = z.infer<typeof fnReconciliationQuerySchema>;

/** Where the issued numbers of a series and operator stand: every form is in exactly one of these. */
export const fnReconciliationStageKeys = [
  'new',
  'active',
  'shared',
  'used',
  'paid',
  'expired',
  'voided',
  'annulled',
] as const;
/** The reconciliation's counts in the order the screen and its export show them. */
export const fnReconciliationCountKeys = ['batches', 'issued', ...fnReconciliationStageKeys] as const;

const reconciliationCounts = {
  ...(Object.fromEntries(fnReconciliationCountKeys.map((key) => [key, countSchema])) as Record<
    (typeof fnReconciliationCountKeys)[number],
    typeof countSchema
  >),
  /** The stages (new to annulled) add up to what was issued. */
  balanced: z.boolean(),
};

export const fnReconciliationSchema = z.object({
  checked_at: momentOutSchema,
  rows: z.array(
    z.object({
      series: z.string(),
      operator: idSchema,
      operator_name: z.string(),
      region: idSchema,
      region_name: z.string(),
      ...reconciliationCounts,
    }),
  ),
  totals: z.object(reconciliationCounts),
  /** Numbers of a batch's range with no form row, per batch (there should be none). */
  missing: z.array(z.object({ batch: idSchema, series: z.string(), forms: countSchema })),
  /** Form rows outside their batch's range or series (there should be none). */
  strays: countSchema,
  /** Batches of one series whose ranges meet (the exclusion constraint makes this impossible). */
  overlaps: z.array(z.object({ series: z.string(), batch: idSchema, other_batch: idSchema })),
  /** No missing numbers, strays or overlaps, and every row balanced. */
  consistent: z.boolean(),
  /** What the check found, in words. */
  summary: z.string(),
  anomalies: z.object({
    /** Forms active (accepted, not shared or used) for more than 90 days, per batch. */
    active_over_90_days: z.array(
      z.object({ batch: idSchema, series: z.string(), forms: countSchema, since: momentOutSchema }),
    ),
    /** Batches issued more than 30 days ago and not accepted. */
    not_accepted_over_30_days: z.array(
      z.object({ batch: idSchema, series: z.string(), operator: idSchema, created_at: momentOutSchema }),
    ),
  }),
});
export type FnReconciliation = z.infer<typeof fnReconciliationSchema>;
