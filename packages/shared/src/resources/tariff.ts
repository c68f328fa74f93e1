import { moneyToDecimal, parseExactDecimal, parseMoney, roundHalfUp, exactDecimalToString } from '../format/money';
import type { FeeGroup } from './values';

export interface TariffRate {
  /** The tariff's record id; a price's snapshot names it. */
  id?: number;
  fee_group: FeeGroup;
  /** Monthly rate, decimal string ("1.80"). */
  rate: string;
  /** yyyy-mm-dd */
  effective_from: string;
}

/** The rate in force on a date: the latest one of the group that took effect on or before it. */
export function rateInForce(tariffs: readonly TariffRate[], feeGroup: FeeGroup, date: string): TariffRate | null {
  let best: TariffRate | null = null;
  for (const tariff of tariffs) {
    if (tariff.fee_group !== feeGroup || tariff.effective_from > date) continue;
    if (!best || tariff.effective_from > best.effective_from) best = tariff;
  }
  return best;
}

/** A tariff's monthly rate in whole qəpik, never a float. */
export function rateInQepik(tariff: TariffRate): bigint {
  return parseMoney(tariff.rate);
}

/** What prices one payment row (decisions.md section 4). Decimals are strings, never binary floats. */
export interface RowPriceInput {
  fee_group: FeeGroup;
  /** The regional coefficient of art. 220.6, up to 4 places ("1.5"). */
  coefficient: string;
  /** Months bought: the validity count (1, 3, 6 or 12). */
  months: number;
  /** Seat group: the vehicle's seats. */
  seats?: number | null;
  /** Load group: the vehicle's load carrying capacity in tonnes ("12.5"). */
  vehicle_load?: string | null;
  /** Load group: the trailer's load carrying capacity in tonnes; always counted. */
  trailer_load?: string | null;
  /** Load group: whether the vehicle's own load counts (a trailer load above 0 turns it off: rowRules). */
  count_vehicle_load?: boolean;
  /** The payment date (yyyy-mm-dd): the tariff in force on it prices the row. */
  date: string;
}

/** What a priced row stores, so the price can be explained later whatever happens to the tariffs. */
export interface TariffSnapshot {
  tariff_id: number | null;
  /** The monthly rate applied ("1.80"). */
  tariff_rate: string;
  tariff_effective_from: string;
  fee_group: FeeGroup;
  /** Seats or tonnes counted ("18", "12.5"); null for the flat group. */
  units: string | null;
  coefficient: string;
  months: number;
  /** The row's tax_price ("97.20"), rounded once to whole qəpik, half up. */
  amount: string;
}

/** The units a row is charged for, exactly: seats, tonnes (trailer always, the vehicle when counted), none. */
export function chargedUnits(input: RowPriceInput): string | null {
  switch (input.fee_group) {
    case 'seat':
      return String(input.seats ?? 0);
    case 'load': {
      const trailer = parseExactDecimal(input.trailer_load || '0');
      const vehicle = parseExactDecimal(input.count_vehicle_load ? input.vehicle_load || '0' : '0');
      const scale = Math.max(trailer.scale, vehicle.scale);
      const digits =
        trailer.digits * 10n ** BigInt(scale - trailer.scale) + vehicle.digits * 10n ** BigInt(scale - vehicle.scale);
      return exactDecimalToString({ digits, scale });
    }
    case 'flat':
      return null;
  }
}

/**
 * The one tariff function of client and server (decisions.md section 4):
 * seat: seats × coefficient × months × seat rate; load: tonnes × coefficient × months × load rate; flat:
 * coefficient × months × flat rate. The product is exact (bigint); it is rounded once, to whole qəpik, half up.
 * Null when no tariff of the group is in force on the date.
 */
export function priceRow(tariffs: readonly TariffRate[], input: RowPriceInput): TariffSnapshot | null {
  const tariff = rateInForce(tariffs, input.fee_group, input.date);
  if (!tariff) return null;
  if (!Number.isInteger(input.months) || input.months < 0) throw new RangeError('months must be a whole number');
  const seats = input.seats ?? 0;
  if (!Number.isInteger(seats) || seats < 0) throw new RangeError('seats must be a whole number');
  const units = chargedUnits(input);
  const unitValue = parseExactDecimal(units ?? '1');
  const coefficient = parseExactDecimal(input.coefficient);
  // qəpik × 10^-(unit scale + coefficient scale), exactly.
  const exact = unitValue.digits * coefficient.digits * BigInt(input.months) * rateInQepik(tariff);
  const amount = roundHalfUp(exact, unitValue.scale + coefficient.scale);
  return {
    tariff_id: tariff.id ?? null,
    tariff_rate: moneyToDecimal(rateInQepik(tariff)),
    tariff_effective_from: tariff.effective_from,
    fee_group: input.fee_group,
    units,
    coefficient: exactDecimalToString(coefficient),
    months: input.months,
    amount: moneyToDecimal(amount),
  };
}

/** The sum of rows' amounts ("12.30"), exactly. */
export function sumAmounts(amounts: readonly string[]): string {
  return moneyToDecimal(amounts.reduce((sum, amount) => sum + parseMoney(amount), 0n));
}
