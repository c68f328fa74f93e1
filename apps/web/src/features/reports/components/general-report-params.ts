import { apiDateFormat } from '@dnx/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReportParams } from '../api/get-report';
import { thisYear } from './report-params';

export interface PeriodValues {
  date_from?: Dayjs | null;
  date_to?: Dayjs | null;
  region?: number;
}

export const periodFields = ['date_from', 'date_to', 'region'] as const;

/** The period the address names; none: this year so far. An empty end written in the address is "up to today". */
export function readGeneralParams(search: URLSearchParams): ReportParams {
  const { first, today } = thisYear();
  const params: ReportParams = {};
  for (const name of periodFields) {
    const value = search.get(name);
    if (value) params[name] = value;
  }
  if (!search.has('date_from')) params.date_from = first;
  if (!search.has('date_to')) params.date_to = today;
  return params;
}

export const periodValues = (params: ReportParams): PeriodValues => ({
  date_from: params.date_from ? dayjs(params.date_from, apiDateFormat) : null,
  date_to: params.date_to ? dayjs(params.date_to, apiDateFormat) : null,
  region: params.region ? Number(params.region) : undefined,
});

/** The address of the period the form holds (an empty end is written out, so it stays empty). */
export function periodSearch(values: PeriodValues): URLSearchParams {
  const next = new URLSearchParams();
  next.set('date_from', values.date_from ? values.date_from.format(apiDateFormat) : '');
  next.set('date_to', values.date_to ? values.date_to.format(apiDateFormat) : '');
  if (values.region) next.set('region', String(values.region));
  return next;
}
