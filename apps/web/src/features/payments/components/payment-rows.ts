import {
  apiDateFormat,
  bakuDay,
  priceRow,
  registryMessages,
  type DraftRow,
  type FeeGroup,
  type ForPaymentForm,
  type Payment,
  type PaymentRowInput,
  type TariffRate,
  type TariffSnapshot,
  type ValidityMonths,
} from '@dnx/shared';
import dayjs from 'dayjs';
import { ApiError } from '../../../lib/api-client';
import { serverFieldErrors } from '../../../lib/form-rules';

/** A row as the form holds it: the request's fields as typed, the form's series and number, and its check box. */
export interface RowDraft extends DraftRow {
  form: number;
  form_series: string;
  form_number: string;
  plate: string;
  base_carrier_pin: string;
  brand_model: string;
  seats_count: number;
  load_carrying_capacity: string;
  bus_type: string;
  right_of_use: PaymentRowInput['right_of_use'];
  right_of_use_expire_date: string | null;
  trailer_plate: string;
  trailer_load_carrying_capacity: string;
  count_vehicle_load: boolean;
  inspector: number | null;
  bus_route_name: string;
  bus_route_number: string;
  driver_fin: string;
  driver_full_name: string;
  driving_license_number: string;
  driving_license_categories: string[];
  driving_license_expire_date: string | null;
  work_sectors: string;
  transport_type: number;
  coefficient: string;
  expire_date: ValidityMonths;
  serviceErrors: string[];
}

/**
 * A new row for a picked form, priced as its batch was issued (type, coefficient, months); a form shared to an
 * inspector brings them as the row's inspector.
 */
/** The receipt date the pay dialog offers: today in Baku, where the bank stamps it, whatever the browser's zone. */
export const receiptDateToday = () => dayjs(bakuDay(), apiDateFormat);

export function rowForForm(form: ForPaymentForm): RowDraft {
  return {
    key: String(form.id),
    checked: true,
    tax_price: '0.00',
    form: form.id,
    form_series: form.series,
    form_number: form.number,
    plate: '',
    base_carrier_pin: '',
    brand_model: '',
    seats_count: 0,
    load_carrying_capacity: '0',
    bus_type: '',
    right_of_use: null,
    right_of_use_expire_date: null,
    trailer_plate: '',
    trailer_load_carrying_capacity: '0',
    count_vehicle_load: true,
    inspector: form.inspector,
    bus_route_name: '',
    bus_route_number: '',
    driver_fin: '',
    driver_full_name: '',
    driving_license_number: '',
    driving_license_categories: [],
    driving_license_expire_date: null,
    work_sectors: '',
    transport_type: form.transport_type,
    coefficient: form.coefficient_value,
    expire_date: form.months as ValidityMonths,
    serviceErrors: [],
  };
}

export function rowsOfPayment(payment: Payment): RowDraft[] {
  return payment.rows.map((row) => ({
    ...row,
    key: String(row.form),
    checked: true,
    driving_license_categories: [...row.driving_license_categories],
    expire_date: row.expire_date,
  }));
}

/** What the API takes of a row. */
export function rowInput(row: RowDraft): PaymentRowInput {
  const { key: _key, checked: _checked, tax_price: _price, form_series: _s, form_number: _n, ...input } = row;
  return input as PaymentRowInput;
}

/** What the quote takes of a row. */
export const quoteInput = (row: RowDraft) => ({
  transport_type: row.transport_type,
  coefficient: row.coefficient,
  expire_date: row.expire_date,
  seats_count: row.seats_count,
  load_carrying_capacity: row.load_carrying_capacity || '0',
  trailer_load_carrying_capacity: row.trailer_load_carrying_capacity || '0',
  count_vehicle_load: row.count_vehicle_load,
});

/** What a quote taught: each transport type's fee group and the tariffs that priced them. */
export interface PriceBook {
  feeGroups: Map<number, FeeGroup>;
  tariffs: TariffRate[];
  date: string;
}

export function learn(book: PriceBook, rows: readonly RowDraft[], snapshots: readonly TariffSnapshot[], date: string) {
  const feeGroups = new Map(book.feeGroups);
  const tariffs = [...book.tariffs];
  snapshots.forEach((snap, i) => {
    const row = rows[i];
    if (row) feeGroups.set(row.transport_type, snap.fee_group);
    const known = tariffs.some(
      (t) => t.fee_group === snap.fee_group && t.effective_from === snap.tariff_effective_from,
    );
    if (!known)
      tariffs.push({
        id: snap.tariff_id ?? undefined,
        fee_group: snap.fee_group,
        rate: snap.tariff_rate,
        effective_from: snap.tariff_effective_from,
      });
  });
  return { feeGroups, tariffs, date };
}

const isDecimal = (value: string) => /^\d+([.,]\d+)?$/.test(value.trim());
const dot = (value: string) => value.trim().replace(',', '.');

/** The row's price by the shared tariff function as it is typed; null until a quote named its fee group. */
export function livePrice(book: PriceBook, row: RowDraft): string | null {
  const feeGroup = book.feeGroups.get(row.transport_type);
  if (!feeGroup || !book.date) return null;
  const load = row.load_carrying_capacity || '0';
  const trailer = row.trailer_load_carrying_capacity || '0';
  if (!isDecimal(load) || !isDecimal(trailer)) return null;
  const priced = priceRow(book.tariffs, {
    fee_group: feeGroup,
    coefficient: row.coefficient,
    months: row.expire_date,
    seats: row.seats_count,
    vehicle_load: dot(load),
    trailer_load: dot(trailer),
    count_vehicle_load: row.count_vehicle_load,
    date: book.date,
  });
  return priced?.amount ?? null;
}

/** Why rows have no price: the quote's message for each row it refused, or the quote failed as a whole. */
export interface QuoteFailure {
  /** The messages of `rows.N.field`, by the row's place in the form (the quote is sent every row in order). */
  rows: Record<number, string>;
  /** The quote failed for all rows (a network failure, a 5xx, a 400 about no row). */
  unavailable: boolean;
  /** The server's own words on the whole quote, when it gave some. */
  detail: string | null;
}

/** A failed `POST /api/payments/quote/`: a 400 naming rows (no tariff for a group on the day) goes to those rows. */
export function quoteFailure(error: unknown): QuoteFailure {
  const rows: Record<number, string> = {};
  const other: string[] = [];
  for (const [key, message] of serverFieldErrors(error)) {
    const match = /^rows\.(\d+)(\.|$)/.exec(key);
    if (!match) other.push(message);
    else {
      const index = Number(match[1]);
      rows[index] = rows[index] ? `${rows[index]} ${message}` : message;
    }
  }
  const answered = error instanceof ApiError && error.status < 500;
  const detail = (answered ? error.fieldMessage('detail') : undefined) ?? other[0] ?? null;
  return { rows, unavailable: Object.keys(rows).length === 0 || other.length > 0, detail };
}

/**
 * Why a row's lookup failed, for its serviceErrors: the server's words for a 4xx (a 400's first field message),
 * "the registry does not answer" for anything else (a network failure, a 5xx).
 */
export function lookupFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500) return registryMessages.unavailable;
  if (error.status === 400) return serverFieldErrors(error)[0]?.[1] ?? error.message;
  return error.message;
}
