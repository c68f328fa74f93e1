import { z } from 'zod';
import {
  countSchema,
  dayOutSchema,
  idSchema,
  isoDateSchema,
  momentOutSchema,
  recordIdSchema,
  textIdSchema,
} from '../api/input';
import { reportMessages as m } from './messages';

/**
 * Reports (docs/decisions/0035-reports.md). Every figure counts records as they stand now, on the day they
 * reached that state: a form's issue by its batch's day, its stage by the day it entered it, an expiry by the last
 * day of validity, a payment by the day it reached its status. With no period a figure equals the count of the
 * list it names (`GET /api/fn/forms/?operator=&status=4` for `paid`).
 */
export const reportGroupByKeys = ['region', 'operator', 'transport_type', 'month'] as const;
export type ReportGroupBy = (typeof reportGroupByKeys)[number];
export const reportGroupByLabels: Record<ReportGroupBy, string> = {
  region: 'Region',
  operator: 'Operator',
  transport_type: 'Nəqliyyat növü',
  month: 'Ay',
};

/** The forms' figures: each is the count of the forms list with the filter in `reportFormFigureFilters`. */
export const reportFormFigureKeys = ['issued', 'active', 'shared', 'paid', 'expired', 'voided'] as const;
export type ReportFormFigure = (typeof reportFormFigureKeys)[number];
/** The payments' figures: how many payments, and the sums of their rows' tax and of their MDSSH and İTSDA. */
export const reportPaymentCountKeys = ['payments'] as const;
export const reportMoneyKeys = ['tax', 'mdssh', 'itsda'] as const;
export type ReportMoneyFigure = (typeof reportMoneyKeys)[number];
export const reportFigureKeys = [...reportFormFigureKeys, ...reportPaymentCountKeys, ...reportMoneyKeys] as const;
export type ReportFigure = (typeof reportFigureKeys)[number];

export const reportFigureLabels: Record<ReportFigure, string> = {
  issued: 'Buraxılıb',
  active: 'Aktiv',
  shared: 'Müfəttişdə',
  paid: 'Ödənilib',
  expired: 'Müddəti bitib',
  voided: 'Ləğv edilib',
  payments: 'Ödənişlər',
  tax: 'Sadələşdirilmiş vergi',
  mdssh: 'MDSSH',
  itsda: 'İTSDA',
};

/** The forms list's filter each form figure counts (query of `GET /api/fn/forms/`); `issued` is every form. */
export const reportFormFigureFilters: Record<ReportFormFigure, Record<string, string>> = {
  issued: {},
  active: { stage: 'active' },
  shared: { stage: 'shared' },
  paid: { status: '4' },
  expired: { status: '1' },
  voided: { stage: 'voided' },
};

/** The payment status the payment figures count when the query names none: the payments made (paid). */
export const reportDefaultPaymentStatus = 3;

const emptyIsAbsent = (value: unknown) => (value === '' ? undefined : value);
const optionalId = z.preprocess(emptyIsAbsent, textIdSchema(m.idInvalid).optional());
const optionalDay = z.preprocess(emptyIsAbsent, isoDateSchema(m.dateInvalid).optional());
const optionalCode = (codes: readonly [string, ...string[]], message: string) =>
  z.preprocess(
    emptyIsAbsent,
    z
      .enum(codes, { error: message })
      .transform((v) => Number(v))
      .optional(),
  );

const reportFilterFields = {
  /** First day of the period (yyyy-mm-dd, a UTC day as every day of the application); none: from the start. */
  date_from: optionalDay,
  /** Last day of the period, inclusive; none: up to today. */
  date_to: optionalDay,
  region: optionalId,
  operator: optionalId,
  transport_type: optionalId,
  /** The forms' notice status as the forms list filters it (0 active .. 4 paid; expired forms read 1). */
  form_status: optionalCode(['0', '1', '2', '3', '4'], m.formStatusInvalid),
  /** Which payments the payment figures count (1 under review .. 4 cancelled); none: 3, the payments made. */
  payment_status: optionalCode(['1', '2', '3', '4'], m.paymentStatusInvalid),
  /** The validity bought, in months (a batch's count x its unit: 1, 3, 6, 12 ...). */
  validity: z.preprocess(
    emptyIsAbsent,
    z
      .string({ error: m.validityInvalid })
      .regex(/^(?:[1-9]|[1-9][0-9]|1[01][0-9]|120)$/, m.validityInvalid)
      .transform(Number)
      .optional(),
  ),
};

const periodInOrder = (q: { date_from?: string; date_to?: string }) =>
  !q.date_from || !q.date_to || q.date_from <= q.date_to;
const periodIssue = { message: m.periodInvalid, path: ['date_to'] };

export const reportFiltersSchema = z.object(reportFilterFields).refine(periodInOrder, periodIssue);
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

/** `GET /api/reports/`: the filters and the dimension the rows are grouped by. */
export const reportQuerySchema = z
  .object({
    ...reportFilterFields,
    group_by: z.preprocess(emptyIsAbsent, z.enum(reportGroupByKeys, { error: m.groupByInvalid }).default('region')),
  })
  .refine(periodInOrder, periodIssue);
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportExportFormats = ['xlsx', 'pdf'] as const;
export type ReportExportFormat = (typeof reportExportFormats)[number];
/** `GET /api/reports/export/`: the report's query and the file's format. */
export const reportExportQuerySchema = z
  .object({
    ...reportFilterFields,
    group_by: z.preprocess(emptyIsAbsent, z.enum(reportGroupByKeys, { error: m.groupByInvalid }).default('region')),
    format: z.enum(reportExportFormats, { error: m.formatInvalid }),
  })
  .refine(periodInOrder, periodIssue);
export type ReportExportQuery = z.infer<typeof reportExportQuerySchema>;

/** `GET /api/reports/general/`: the period (and, for A and B, optionally one region). */
export const generalReportQuerySchema = z
  .object({ date_from: optionalDay, date_to: optionalDay, region: optionalId })
  .refine(periodInOrder, periodIssue);
export type GeneralReportQuery = z.infer<typeof generalReportQuerySchema>;

const money = () => z.string().meta({ examples: ['1234.50'] });
export const reportFiguresSchema = z.object({
  issued: countSchema,
  active: countSchema,
  shared: countSchema,
  paid: countSchema,
  expired: countSchema,
  voided: countSchema,
  payments: countSchema,
  /** Sum of the rows' simplified tax (AZN, 2 decimals, exact). */
  tax: money(),
  mdssh: money(),
  itsda: money(),
});
export type ReportFigures = z.infer<typeof reportFiguresSchema>;

export const reportRowSchema = reportFiguresSchema.extend({
  /** The group: a region, operator or transport type id as text, or a month as yyyy-mm. */
  key: z.string(),
  label: z.string(),
});
export type ReportRow = z.infer<typeof reportRowSchema>;

export const reportSchema = z.object({
  group_by: z.enum(reportGroupByKeys),
  /** The period as applied: today when the query named no end. */
  date_from: dayOutSchema.nullable(),
  date_to: dayOutSchema,
  payment_status: z.number().int(),
  rows: z.array(reportRowSchema),
  /**
   * The whole selection. A payment whose rows fall in two groups counts in each of them and once here, so the
   * payment figures of the rows may add up to more than these.
   */
  totals: reportFiguresSchema,
  /**
   * The moment the figures are of: now on the main database; on a read replica (REPORTS_DATABASE_URL) that is
   * behind, the time of the last change it has replayed, so a lagging replica shows as an older moment.
   */
  as_of: momentOutSchema,
});
export type Report = z.infer<typeof reportSchema>;

const generalCellSchema = reportFiguresSchema.extend({
  region: z.number().int(),
  region_name: z.string(),
  transport_type: z.number().int(),
  transport_type_name: z.string(),
});
export const generalReportSchema = z.object({
  date_from: dayOutSchema.nullable(),
  date_to: dayOutSchema,
  /** Region by transport type: only the pairs with some figure. */
  cells: z.array(generalCellSchema),
  regions: z.array(reportRowSchema),
  transport_types: z.array(reportRowSchema),
  /** Month by month over the period (every month of it, zeros included), oldest first. */
  months: z.array(reportRowSchema),
  totals: reportFiguresSchema,
  /** As the report form's `as_of`. */
  as_of: momentOutSchema,
});
export type GeneralReport = z.infer<typeof generalReportSchema>;

/** One number of the home page: what it counts, and the list (path and query) that shows the same count. */
export const statisticSchema = z.object({
  key: z.string(),
  section: z.string(),
  label: z.string(),
  count: countSchema,
  /** A sum that goes with the count (AZN), when the number is of payments. */
  amount: z.string().nullable(),
  /** The screen and query of the list it counts, e.g. `/app/general-fn?stage=active&operator=5`. */
  link: z.string(),
});
export type Statistic = z.infer<typeof statisticSchema>;
export const statisticsSchema = z.object({
  /** The day "today" and "this month" are taken from (a UTC day). */
  today: dayOutSchema,
  results: z.array(statisticSchema),
});
export type Statistics = z.infer<typeof statisticsSchema>;

const monthNames = [
  'Yanvar',
  'Fevral',
  'Mart',
  'Aprel',
  'May',
  'İyun',
  'İyul',
  'Avqust',
  'Sentyabr',
  'Oktyabr',
  'Noyabr',
  'Dekabr',
] as const;

/** A month key (yyyy-mm) as the reports name it: "Noyabr 2026". */
export function reportMonthLabel(month: string): string {
  return `${monthNames[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
}

/** Every month key (yyyy-mm) from `from` to `to` inclusive, oldest first; none when `from` is later. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (;;) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > last) return months;
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/** The most report subscriptions one user keeps. */
export const reportSubscriptionLimit = 20;

/**
 * `POST /api/reports/subscriptions/`: a report to receive as Excel on the first day of each month, of the month
 * before: its grouping and filters as the report's query gives them, in JSON (numbers for ids and codes).
 */
const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message).optional();

export const reportSubscriptionInputSchema = z.strictObject({
  group_by: z.enum(reportGroupByKeys, { error: m.groupByInvalid }).default('region'),
  region: recordIdSchema(m.idInvalid).optional(),
  operator: recordIdSchema(m.idInvalid).optional(),
  transport_type: recordIdSchema(m.idInvalid).optional(),
  form_status: wholeIn(0, 4, m.formStatusInvalid),
  payment_status: wholeIn(1, 4, m.paymentStatusInvalid),
  validity: wholeIn(1, 120, m.validityInvalid),
});
export type ReportSubscriptionFilters = z.infer<typeof reportSubscriptionInputSchema>;

export const reportSubscriptionSchema = reportSubscriptionInputSchema.extend({
  id: idSchema,
  created_at: momentOutSchema,
  /** The last month mailed (`YYYY-MM`); null before the first. */
  last_sent_period: z.string().nullable(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;
