/**
 * The application's days are UTC days (docs/decisions/0027-payment-rules-and-tariff.md): validity, expiry and the day
 * prices are taken on. A bank receipt is dated where it was stamped, in Baku (UTC+4, no daylight saving since 2016).
 */

/** The UTC day (yyyy-mm-dd) of a moment. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** The day in Baku, shared with the pay dialog. */
export { bakuDay } from '@dnx/shared';

/** The day `days` after `day` (before it when negative), both yyyy-mm-dd. */
export const addDays = (day: string, days: number): string =>
  utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
