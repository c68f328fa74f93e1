import { openingColumns, type ExpireDateType, type FnStage, type OpeningState } from '@dnx/shared';

/**
 * The import of opening balances (issue 28, shared imports/opening.ts): each row is a run of numbers of one batch in
 * one state, or one paid form with its payment. A row is checked alone here (its batch's fields, users, references,
 * the payment's fields and the validity its date gives); `finish` checks across rows (a batch's rows agree and give
 * each number once, one payment per receipt); `apply` writes batches, forms and payments as they stood, every
 * movement in the ledger as "opening".
 */

export interface OpeningBatch {
  series: string;
  start: number;
  finish: number;
  issued_on: string;
  operator: number;
  region: number;
  transport_type: number;
  coefficient: number;
  expire_date: number;
  expire_date_type: ExpireDateType;
}
export interface OpeningPayment {
  receipt_number: string;
  receipt_date: string;
  owner_code: string;
  owner_name: string;
  owner_address: string;
  owner_phone: string;
  plate: string;
  amount: string;
  months: number;
  valid_from: string;
  valid_to: string;
}
/** What a row gives, kept in `import_rows.values`. */
export interface OpeningValues {
  batch_key: string;
  batch: OpeningBatch;
  from: number;
  to: number;
  state: OpeningState;
  inspector: number | null;
  void_reason: string | null;
  payment: OpeningPayment | null;
}

export const label = (key: (typeof openingColumns)[number]['key']) => openingColumns.find((c) => c.key === key)!.label;
/** States that say the batch was accepted by its operator (a voided form may be of a batch never accepted). */
export const acceptedStates: readonly OpeningState[] = ['active', 'shared', 'paid', 'expired'];
export const stageOf = (state: OpeningState): FnStage => (state === 'expired' ? 'paid' : state);
/** A day as the reports read it: noon in Baku is the same day in UTC. */
export const momentOf = (day: string) => new Date(`${day}T12:00:00+04:00`);

/** A number as a spreadsheet may give it: "000123", "123" (a cell Excel took for a number). */
export function numberOf(text: string): number | null {
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}
export function dayOf(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, mo, d] = text.includes('-') ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
  const day = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}
