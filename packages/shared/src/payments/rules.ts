import { sumAmounts } from '../resources/tariff';
import { ownershipRightKind, voenPattern, type RightKindId } from '../resources/values';
import dayjs from 'dayjs';
import { apiDateFormat } from '../format/date';
import { parseExactDecimal } from '../format/money';
import type { DriverLookup, LicenceLookup, VehicleLookup } from './registry';
import type { OwnerCategory } from './schemas';

/**
 * The row rules of spec section 4, as pure functions both sides run: the form as the user types, the server when
 * it saves. Each takes a row (or the draft) and answers a new one; nothing is changed in place.
 */

/** owner_category from the VÖEN: when it has exactly 10 characters, last one 1 gives 1, 2 gives 2, else empty. */
export function ownerCategoryOf(ownerCode: string | null | undefined): OwnerCategory | null {
  if (!ownerCode || ownerCode.length !== 10) return null;
  const last = ownerCode.at(-1);
  return last === '1' ? 1 : last === '2' ? 2 : null;
}

export function isVoen(value: string): boolean {
  return voenPattern.test(value);
}

/** The right of use of own use (ownership) and the value a vehicle of someone else takes (lease or other right). */
export const ownUseRightKind = ownershipRightKind;
export const otherUseRightKind = 3;

/** Own use when the vehicle's carrier pin is the payment's owner code, otherwise the other value. */
export function rightOfUseFor(baseCarrierPin: string, ownerCode: string): RightKindId {
  return baseCarrierPin !== '' && baseCarrierPin === ownerCode ? ownUseRightKind : otherUseRightKind;
}

interface RightOfUseFields {
  right_of_use: RightKindId | null;
  right_of_use_expire_date: string | null;
}

/** Choosing a right of use; choosing own use clears the right's expiry. */
export function chooseRightOfUse<R extends RightOfUseFields>(row: R, kind: RightKindId | null): R {
  return {
    ...row,
    right_of_use: kind,
    right_of_use_expire_date: kind === ownUseRightKind ? null : row.right_of_use_expire_date,
  };
}

/** The right follows the pin whenever the pin or the owner code changes. */
export function applyOwnerToRow<R extends RightOfUseFields & { base_carrier_pin: string }>(
  row: R,
  ownerCode: string,
): R {
  if (!row.base_carrier_pin) return row;
  return chooseRightOfUse(row, rightOfUseFor(row.base_carrier_pin, ownerCode));
}

interface LoadFields {
  trailer_load_carrying_capacity: string;
  count_vehicle_load: boolean;
}

function isAboveZero(decimal: string): boolean {
  try {
    return parseExactDecimal(decimal || '0').digits > 0n;
  } catch {
    return false;
  }
}

/** Setting the trailer's load: above 0 turns off counting the vehicle's own load. */
export function setTrailerLoad<R extends LoadFields>(row: R, load: string): R {
  return {
    ...row,
    trailer_load_carrying_capacity: load,
    count_vehicle_load: isAboveZero(load) ? false : row.count_vehicle_load,
  };
}

/** The rule as the server checks a saved row: with a trailer load above 0 the vehicle's load is not counted. */
export function normalizeLoadFlag<R extends LoadFields>(row: R): R {
  return isAboveZero(row.trailer_load_carrying_capacity) ? { ...row, count_vehicle_load: false } : row;
}

interface ServiceErrorFields {
  serviceErrors: string[];
}

/** A lookup failed or timed out: the row says why; the rest of the payment goes on. */
export function addServiceError<R extends ServiceErrorFields>(row: R, message: string): R {
  return row.serviceErrors.includes(message) ? row : { ...row, serviceErrors: [...row.serviceErrors, message] };
}

interface VehicleFields extends RightOfUseFields, ServiceErrorFields {
  plate: string;
  brand_model: string;
  seats_count: number;
  load_carrying_capacity: string;
  base_carrier_pin: string;
}

/** A vehicle found by plate fills the row; the right follows the pin; a successful lookup clears the row's service errors. */
export function applyVehicleLookup<R extends VehicleFields>(row: R, vehicle: VehicleLookup, ownerCode: string): R {
  const filled: R = {
    ...row,
    plate: vehicle.plate,
    brand_model: vehicle.brand_model,
    seats_count: vehicle.seats_count,
    load_carrying_capacity: vehicle.load_carrying_capacity,
    base_carrier_pin: vehicle.base_carrier_pin,
    right_of_use: vehicle.right_of_use,
    right_of_use_expire_date: vehicle.right_of_use_expire_date,
    serviceErrors: [],
  };
  return applyOwnerToRow(filled, ownerCode);
}

export function applyDriverLookup<R extends ServiceErrorFields & { driver_fin: string; driver_full_name: string }>(
  row: R,
  driver: DriverLookup,
): R {
  return { ...row, driver_fin: driver.fin, driver_full_name: driver.driver_full_name, serviceErrors: [] };
}

export function applyLicenceLookup<
  R extends ServiceErrorFields & {
    driving_license_number: string;
    driving_license_categories: string[];
    driving_license_expire_date: string | null;
  },
>(row: R, licence: LicenceLookup): R {
  return {
    ...row,
    driving_license_number: licence.number,
    driving_license_categories: [...licence.categories],
    driving_license_expire_date: licence.expire_date,
    serviceErrors: [],
  };
}

/** The draft of the payment form: rows that can be checked, and the header's insurance amounts. */
export interface DraftRow {
  /** A key of the row on the screen (the form's id once picked). */
  key: string;
  checked: boolean;
  tax_price: string;
}

export interface PaymentDraft<R extends DraftRow = DraftRow> {
  rows: R[];
  total: string;
  mdssh_amount: string | null;
  itsda_amount: string | null;
}

/** The sum of the rows' prices ("194.40"), exactly. */
export function totalOf(rows: readonly { tax_price: string }[]): string {
  return sumAmounts(rows.map((r) => r.tax_price || '0'));
}

export function checkRow<R extends DraftRow>(draft: PaymentDraft<R>, key: string, checked: boolean): PaymentDraft<R> {
  return { ...draft, rows: draft.rows.map((r) => (r.key === key ? { ...r, checked } : r)) };
}

/** Check-all: every row checked, or every row unchecked. */
export function checkAll<R extends DraftRow>(draft: PaymentDraft<R>, checked: boolean): PaymentDraft<R> {
  return { ...draft, rows: draft.rows.map((r) => ({ ...r, checked })) };
}

export function allChecked(draft: PaymentDraft): boolean {
  return draft.rows.length > 0 && draft.rows.every((r) => r.checked);
}

/** Removing a row recomputes the total and zeroes the MDSSH and İTSDA amounts (they must be entered again). */
export function removeRow<R extends DraftRow>(draft: PaymentDraft<R>, key: string): PaymentDraft<R> {
  const rows = draft.rows.filter((r) => r.key !== key);
  return { ...draft, rows, total: totalOf(rows), mdssh_amount: '0.00', itsda_amount: '0.00' };
}

/** A row's price changed (the tariff function's answer): the total follows. */
export function setRowPrice<R extends DraftRow>(
  draft: PaymentDraft<R>,
  key: string,
  taxPrice: string,
): PaymentDraft<R> {
  const rows = draft.rows.map((r) => (r.key === key ? { ...r, tax_price: taxPrice } : r));
  return { ...draft, rows, total: totalOf(rows) };
}

/** The initial form built from the selected (checked) rows, with their total. */
export function initialFormFrom<R extends DraftRow>(draft: PaymentDraft<R>): PaymentDraft<R> {
  const rows = draft.rows.filter((r) => r.checked);
  return { ...draft, rows, total: totalOf(rows) };
}

/** The whole payment reset: no rows, a zero total, no insurance amounts. */
export function emptyDraft<R extends DraftRow>(): PaymentDraft<R> {
  return { rows: [], total: '0.00', mdssh_amount: null, itsda_amount: null };
}

interface InsuranceFields {
  mdssh_number: string;
  mdssh_date: string | null;
  mdssh_amount: string | null;
  itsda_number: string;
  itsda_date: string | null;
  itsda_amount: string | null;
}

/** Whether one insurance payment is recorded: its number, date and an amount above 0. */
export function insuranceRecorded(header: InsuranceFields, which: 'mdssh' | 'itsda'): boolean {
  const number = header[`${which}_number`];
  const date = header[`${which}_date`];
  const amount = header[`${which}_amount`];
  return number.trim() !== '' && date !== null && amount !== null && isAboveZero(amount);
}

/** The form's notice status once submitted: 2 insured (both recorded) or 3 not fully insured (one missing). */
export function noticeStatusOnSubmit(header: InsuranceFields): 2 | 3 {
  return insuranceRecorded(header, 'mdssh') && insuranceRecorded(header, 'itsda') ? 2 : 3;
}

/**
 * A paid form's validity: from the payment date for the months bought, to the day before the same day of the
 * month that many months later (2025-01-15 + 1 month: to 2025-02-14; a month end is clamped: 2025-01-31 + 1 month
 * ends 2025-02-27).
 */
export function validityOf(paymentDate: string, months: number): { valid_from: string; valid_until: string } {
  const from = dayjs(paymentDate, apiDateFormat, true);
  if (!from.isValid()) throw new RangeError(`Not a yyyy-mm-dd date: ${paymentDate}`);
  return { valid_from: paymentDate, valid_until: from.add(months, 'month').subtract(1, 'day').format(apiDateFormat) };
}

/**
 * The owner's name as the public check shows it: each word's first letter and three stars ("Əliyev Vəli" gives
 * "Ə*** V***"), so neither the name nor its length is given away.
 */
export function maskOwnerName(name: string): string {
  return name
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '')
    .map((word) => `${Array.from(word)[0]}***`)
    .join(' ');
}
