import type { Transaction } from '../../db/client';
import { paymentRows, payments } from '../../db/schema';
import { insertAsJson } from '../../lib/bulk-insert';

/** A payment header as stored, priced and decided by the caller (the demo's year of history). */
export type SeededPayment = typeof payments.$inferInsert;
/** A payment's row as stored, priced by the one tariff function by the caller. */
export type SeededPaymentRow = typeof paymentRows.$inferInsert;

/**
 * The payments feature writes every payment (issue 42), a seeded history's too: the demo's year of payments, already
 * priced by the one tariff function and decided as its cashiers did, written in one statement per table inside the
 * caller's transaction (tens of thousands of rows; one API call each would take minutes on a first start). Nothing
 * else is checked here: the caller owns the plan, the forms and the ledger of the same transaction. Answers the
 * stored headers in the order given.
 */
export function insertSeededPayments(tx: Transaction, headers: SeededPayment[]) {
  return insertAsJson(tx, payments, headers);
}

/** The rows of seeded payments (see `insertSeededPayments`), in one statement. */
export async function insertSeededPaymentRows(tx: Transaction, rows: SeededPaymentRow[]): Promise<void> {
  await insertAsJson(tx, paymentRows, rows);
}
