/**
 * The application's days are UTC days (decisions.md): validity, expiry and the day prices are taken on. A bank
 * receipt is dated where it was stamped, in Baku (UTC+4, no daylight saving since 2016).
 */

/** The UTC day (yyyy-mm-dd) of a moment. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

/** The day in Baku, shared with the pay dialog. */
export { bakuDay } from '@dnx/shared';
