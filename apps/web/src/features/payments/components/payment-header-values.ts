import {
  apiDateFormat,
  bakuDay,
  emptyDraft,
  totalOf,
  type Payment,
  type PaymentCreateInput,
  type PaymentDraft,
} from '@dnx/shared';
import dayjs, { type Dayjs } from 'dayjs';
import { serverFieldErrors } from '../../../lib/form-rules';
import { rowsOfPayment, type RowDraft } from './payment-rows';

/** The payment header as the Ant Design form holds it. */
export interface HeaderValues {
  owner_code: string;
  owner_name: string;
  owner_address: string;
  owner_phone: string;
  owner_transport_type?: number;
  region?: number;
  mdssh_number: string;
  mdssh_date: Dayjs | null;
  mdssh_amount: string;
  itsda_number: string;
  itsda_date: Dayjs | null;
  itsda_amount: string;
}

export const headerFields = [
  'owner_code',
  'owner_name',
  'owner_address',
  'owner_phone',
  'owner_transport_type',
  'region',
  'mdssh_number',
  'mdssh_date',
  'mdssh_amount',
  'itsda_number',
  'itsda_date',
  'itsda_amount',
] as const;

export const day = (value: string | null) => (value ? dayjs(value, apiDateFormat) : null);
export const amountText = (value: string | null) => (value ?? '').replace('.', ',');
const amountApi = (value: string | undefined) => (value?.trim() ? value.trim().replace(',', '.') : null);

/**
 * The header of a stored payment as it is, or of a new one: empty, with the MDSSH and İTSDA dates on today in Baku
 * (where they are paid; the server's days are Baku's too), whatever the browser's zone.
 */
export function toHeader(payment?: Payment): HeaderValues {
  const today = payment ? null : day(bakuDay());
  return {
    owner_code: payment?.owner_code ?? '',
    owner_name: payment?.owner_name ?? '',
    owner_address: payment?.owner_address ?? '',
    owner_phone: payment?.owner_phone ?? '',
    owner_transport_type: payment?.owner_transport_type ?? undefined,
    region: payment?.region,
    mdssh_number: payment?.mdssh_number ?? '',
    mdssh_date: payment ? day(payment.mdssh_date) : today,
    mdssh_amount: amountText(payment?.mdssh_amount ?? null),
    itsda_number: payment?.itsda_number ?? '',
    itsda_date: payment ? day(payment.itsda_date) : today,
    itsda_amount: amountText(payment?.itsda_amount ?? null),
  };
}

/** What the API takes of the header. */
export function headerInput(values: HeaderValues): Omit<PaymentCreateInput, 'rows'> {
  return {
    owner_code: values.owner_code.trim(),
    owner_name: values.owner_name.trim(),
    owner_address: values.owner_address?.trim() ?? '',
    owner_phone: values.owner_phone?.trim() ?? '',
    owner_transport_type: values.owner_transport_type ?? null,
    region: values.region ?? null,
    mdssh_number: values.mdssh_number?.trim() ?? '',
    mdssh_date: values.mdssh_date ? values.mdssh_date.format(apiDateFormat) : null,
    mdssh_amount: amountApi(values.mdssh_amount),
    itsda_number: values.itsda_number?.trim() ?? '',
    itsda_date: values.itsda_date ? values.itsda_date.format(apiDateFormat) : null,
    itsda_amount: amountApi(values.itsda_amount),
  };
}

export function draftOf(payment?: Payment): PaymentDraft<RowDraft> {
  if (!payment) return emptyDraft<RowDraft>();
  const rows = rowsOfPayment(payment);
  return { rows, total: totalOf(rows), mdssh_amount: payment.mdssh_amount, itsda_amount: payment.itsda_amount };
}

/** A row's errors by field. */
export type RowErrors = Record<string, string>;

/** Server keys `rows.N.field` by row, the rest by header field. */
export function splitErrors(error: unknown): { rows: Record<number, RowErrors>; other: [string, string][] } {
  const rows: Record<number, RowErrors> = {};
  const other: [string, string][] = [];
  for (const [key, message] of serverFieldErrors(error)) {
    const match = /^rows\.(\d+)\.(\w+)/.exec(key);
    if (match) (rows[Number(match[1])] ??= {})[match[2]!] = message;
    else other.push([key, message]);
  }
  return { rows, other };
}
