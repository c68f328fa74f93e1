import {
  applyOwnerToRow,
  chooseRightOfUse,
  formatFnNumber,
  normalizeLoadFlag,
  parseExactDecimal,
  paymentMessages as m,
  priceRow,
  sumAmounts,
  type FeeGroup,
  type PaymentCreateInput,
  type PaymentRowInput,
  type TariffRate,
  type TariffSnapshot,
} from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { regions } from '../../db/schema';
import { uniqueViolation } from '../../lib/db-errors';
import { fieldErrors } from '../../lib/http-errors';
import { utcDay } from '../../lib/days';
import type { AuthUser } from '../../plugins/auth';
import { isActiveUserOfRole } from '../fn';
import * as repo from './payment-repository';

const sameDecimal = (a: string, b: string) => {
  const x = parseExactDecimal(a);
  const y = parseExactDecimal(b);
  const scale = Math.max(x.scale, y.scale);
  return x.digits * 10n ** BigInt(scale - x.scale) === y.digits * 10n ** BigInt(scale - y.scale);
};

/** A row as saved: the row rules of spec section 4 applied (right of use follows the pin, the load flag). */
function ruledRow(row: PaymentRowInput, ownerCode: string): PaymentRowInput {
  const withRight = row.base_carrier_pin ? applyOwnerToRow(row, ownerCode) : chooseRightOfUse(row, row.right_of_use);
  return normalizeLoadFlag(withRight);
}

export interface PricedRow {
  input: PaymentRowInput;
  form: repo.LockedForm;
  price: TariffSnapshot;
}

/** What the tariff function needs of a row. */
type PricedFields = Pick<
  PaymentRowInput,
  | 'transport_type'
  | 'coefficient'
  | 'expire_date'
  | 'seats_count'
  | 'load_carrying_capacity'
  | 'trailer_load_carrying_capacity'
  | 'count_vehicle_load'
>;

/**
 * The payment's region: a regional user's own; a national user names one that exists. A region that holds one of
 * the rows' forms exists (batches refer to regions), so it is read only when none does.
 */
export async function regionOf(
  executor: Executor,
  actor: AuthUser,
  region: number | null,
  forms: readonly repo.LockedForm[],
): Promise<number> {
  if (!actor.isNational) {
    if (actor.regionId === null) throw fieldErrors({ region: [m.regionOutOfScope] });
    return actor.regionId;
  }
  if (region === null) throw fieldErrors({ region: [m.regionRequired] });
  if (forms.some((f) => f.regionId === region)) return region;
  const [row] = await executor.select({ id: regions.id }).from(regions).where(eq(regions.id, region));
  if (!row) throw fieldErrors({ region: [m.regionRequired] });
  return region;
}

/**
 * Prices rows on a day with the tariffs in force then; a row whose group has none is a 400 under it. The fee
 * groups and tariffs are read unless known (a save reads them with the locked forms).
 */
export async function price(
  executor: Executor,
  rows: readonly PricedFields[],
  day: string,
  known?: { groups: ReadonlyMap<number, FeeGroup>; tariffs: TariffRate[] },
): Promise<TariffSnapshot[]> {
  const tariffs = known?.tariffs ?? (await repo.allTariffs(executor));
  const groups =
    known?.groups ??
    (await repo.feeGroupsOf(
      executor,
      rows.map((r) => r.transport_type),
    ));
  const errors: Record<string, string[]> = {};
  const prices = rows.map((row, i) => {
    const group = groups.get(row.transport_type);
    if (!group) {
      errors[`rows.${i}.transport_type`] = [m.unknownTransportType];
      return null;
    }
    const loadRuled = normalizeLoadFlag(row);
    const snapshot = priceRow(tariffs, {
      fee_group: group,
      coefficient: row.coefficient,
      months: row.expire_date,
      seats: row.seats_count,
      vehicle_load: row.load_carrying_capacity,
      trailer_load: row.trailer_load_carrying_capacity,
      count_vehicle_load: loadRuled.count_vehicle_load,
      date: day,
    });
    if (!snapshot) errors[`rows.${i}.transport_type`] = [m.noTariff(group, day)];
    return snapshot;
  });
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return prices as TariffSnapshot[];
}

/**
 * Checks each row's locked form: a form of the payment's region that is active or shared (or already held by this
 * payment, on an edit), priced as its batch was issued (transport type, coefficient, months).
 */
async function checkRows(
  tx: Transaction,
  input: PaymentCreateInput,
  region: number,
  forms: Map<number, repo.LockedForm>,
  heldBy: number | null,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const seen = new Set<number>();
  input.rows.forEach((row, i) => {
    const at = (field: string, message: string) => (errors[`rows.${i}.${field}`] ??= []).push(message);
    if (seen.has(row.form)) return at('form', m.formTwice);
    seen.add(row.form);
    const form = forms.get(row.form);
    const number = form ? `${form.series} ${formatFnNumber(form.number)}` : String(row.form);
    if (!form || form.regionId !== region) return at('form', m.formNotFree(number));
    const free = (form.stage === 'active' || form.stage === 'shared') && !form.annulled;
    const ours = heldBy !== null && form.stage === 'used' && form.paymentId === heldBy;
    if (!free && !ours) return at('form', form.stage === 'used' ? m.formTaken : m.formNotFree(number));
    if (row.transport_type !== form.transportTypeId) at('transport_type', m.formTransportType);
    if (!sameDecimal(row.coefficient, form.coefficient)) at('coefficient', m.formCoefficient(form.coefficient));
    if (row.expire_date !== form.months) at('expire_date', m.formMonths(form.months));
  });
  // A row's inspector is an active inspector (C) of the payment's region, as the form's picker offers.
  const inspectors = new Set(input.rows.map((r) => r.inspector).filter((id) => id !== null));
  for (const inspector of inspectors) {
    if (await isActiveUserOfRole(tx, inspector, 'inspector', region)) continue;
    input.rows.forEach((row, i) => {
      if (row.inspector === inspector) errors[`rows.${i}.inspector`] = [m.inspectorInvalid];
    });
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** Checks and prices the rows of a create or an edit; the forms are locked. */
export async function priceRows(
  tx: Transaction,
  input: PaymentCreateInput,
  regionOfForms: (locked: repo.LockedForm[]) => Promise<number>,
  heldBy: number | null,
  alsoLock: readonly number[] = [],
) {
  const locked = await repo.lockForms(tx, [...new Set([...input.rows.map((r) => r.form), ...alsoLock])]);
  const region = await regionOfForms(locked);
  const forms = new Map(locked.map((f) => [f.id, f]));
  await checkRows(tx, input, region, forms, heldBy);
  const rows = input.rows.map((row) => ruledRow(row, input.owner_code));
  const day = utcDay();
  const groups = new Map(locked.map((f) => [f.transportTypeId, f.feeGroup]));
  const tariffs = [...new Map(locked.flatMap((f) => f.tariffs).map((t) => [t.id, t])).values()];
  const prices = await price(tx, rows, day, { groups, tariffs });
  const priced: PricedRow[] = rows.map((row, i) => ({ input: row, form: forms.get(row.form)!, price: prices[i]! }));
  return { priced, forms, region, day, total: sumAmounts(prices.map((p) => p.amount)) };
}

/** A form still held by another payment (a race the form locks should prevent) is the row's 400, never a 500. */
export function translateHeld(err: unknown): never {
  if (uniqueViolation(err) === 'payment_rows_form_held_key') throw fieldErrors({ 'rows.0.form': [m.formTaken] });
  if (uniqueViolation(err) === 'payments_payment_receipt_number_key')
    throw fieldErrors({ payment_receipt_number: [m.receiptNumberTaken] });
  throw err;
}
