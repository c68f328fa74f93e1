import { reportDefaultPaymentStatus, reportGroupByKeys, type ReportGroupBy } from '@dnx/shared';
import type { ReportParams } from '../api/get-report';

/** The report's filters as the address and the API name them, in the form's order. */
export const reportFilterNames = [
  'date_from',
  'date_to',
  'region',
  'operator',
  'transport_type',
  'form_status',
  'payment_status',
  'validity',
  'group_by',
] as const;
export type ReportFilterName = (typeof reportFilterNames)[number];

/** Today and the first day of its month as the application counts days (UTC), yyyy-mm-dd. */
export function thisMonth(now: Date = new Date()): { first: string; today: string } {
  const today = now.toISOString().slice(0, 10);
  return { first: `${today.slice(0, 7)}-01`, today };
}

/** This year so far (UTC days): the general report's default period. */
export function thisYear(now: Date = new Date()): { first: string; today: string } {
  const today = now.toISOString().slice(0, 10);
  return { first: `${today.slice(0, 4)}-01-01`, today };
}

export const isGroupBy = (value: string | null): value is ReportGroupBy =>
  reportGroupByKeys.some((key) => key === value);

/**
 * The report the address asks for: its filters as written, and where it names none, this month by region of the
 * payments made (the server's default payment status). A linked report shows the same rows to whoever opens it.
 */
export function readReportParams(search: URLSearchParams, now?: Date): ReportParams {
  const { first, today } = thisMonth(now);
  const params: ReportParams = {};
  for (const name of reportFilterNames) {
    const value = search.get(name);
    if (value !== null && value !== '') params[name] = value;
  }
  if (!search.has('date_from')) params.date_from = first;
  if (!search.has('date_to')) params.date_to = today;
  // No payment status is the server's default, the payments made: the form shows it chosen.
  params.payment_status ??= String(reportDefaultPaymentStatus);
  if (!isGroupBy(params.group_by ?? null)) params.group_by = 'region';
  return params;
}

/**
 * The address of a report: every filter chosen; an empty period end is written as empty (`date_to=`), so the
 * report keeps meaning "up to today" rather than falling back to this month.
 */
export function writeReportParams(values: Partial<Record<ReportFilterName, string | undefined>>): URLSearchParams {
  const next = new URLSearchParams();
  for (const name of reportFilterNames) {
    const value = values[name];
    if (value !== undefined && value !== '') next.set(name, value);
    else if (name === 'date_from' || name === 'date_to') next.set(name, '');
  }
  return next;
}
