import { formatDecimal, type AvailableItem } from '@dnx/shared';

/**
 * How a picker names an item: the figure first when the item has one, in the Azerbaijani number format
 * (`1,5 · Abşeron rayonu, Sumqayıt və Gəncə şəhərləri`), so a coefficient is chosen by its value (issue 44).
 */
export const availableLabel = (item: AvailableItem): string =>
  item.value === undefined ? item.name : `${formatDecimal(item.value)} · ${item.name}`;
