import { parseMoney } from '../format/money';
import type { FeeGroup } from './values';

export interface TariffRate {
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
