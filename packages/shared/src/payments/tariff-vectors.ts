import type { RowPriceInput, TariffRate, TariffSnapshot } from '../resources/tariff';

/** The shape of tariff-vectors.json: one file of cases the shared and the web tests both run. */
export interface TariffVectors {
  description: string;
  tariffs: TariffRate[];
  cases: { name: string; input: RowPriceInput; expected: TariffSnapshot | null }[];
}
