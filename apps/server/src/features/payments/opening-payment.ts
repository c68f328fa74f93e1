import { PaymentStatusCode } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { paymentRows, payments } from '../../db/schema';
import { createVerifyCode } from './receipt';

/** A payment taken before this system, as the opening-balance import knows it (issue 28): its receipt and payer. */
export interface OpeningPayment {
  receiptNumber: string;
  receiptDate: string;
  /** When it was paid, as a moment (noon in Baku of the receipt's day). */
  paidAt: Date;
  ownerCode: string;
  ownerName: string;
  ownerAddress: string;
  ownerPhone: string;
  regionId: number;
}

/** One form the opening payment paid for, at the amount paid then (a flat price, priced on the receipt's day). */
export interface OpeningPaymentRow {
  formId: number;
  plate: string;
  transportTypeId: number;
  amount: string;
  coefficient: string;
  months: number;
  validFrom: string;
  validTo: string;
}

/**
 * The payments feature writes every payment (issue 42), the ones an opening-balance import brings too: a header
 * already paid, with a total of 0 that each row then adds its amount to (exact numeric arithmetic in the database).
 * Returns the payment's id.
 */
export async function recordOpeningPayment(tx: Transaction, actorId: number, opening: OpeningPayment): Promise<number> {
  const [header] = await tx
    .insert(payments)
    .values({
      ownerCode: opening.ownerCode,
      ownerName: opening.ownerName,
      ownerAddress: opening.ownerAddress,
      ownerPhone: opening.ownerPhone,
      regionId: opening.regionId,
      pricedOn: opening.receiptDate,
      total: '0',
      verifyCode: createVerifyCode(),
      paymentReceiptNumber: opening.receiptNumber,
      paymentReceiptDate: opening.receiptDate,
      status: PaymentStatusCode.paid,
      createdBy: actorId,
      createdAt: opening.paidAt,
      statusBy: actorId,
      statusAt: opening.paidAt,
    })
    .returning({ id: payments.id });
  return header!.id;
}

/** Adds a row to an opening payment (at `position`) and its amount to the payment's total. */
export async function addOpeningPaymentRow(
  tx: Transaction,
  paymentId: number,
  position: number,
  row: OpeningPaymentRow,
  receiptDate: string,
): Promise<void> {
  await tx.insert(paymentRows).values({
    paymentId,
    position,
    formId: row.formId,
    plate: row.plate,
    transportTypeId: row.transportTypeId,
    taxPrice: row.amount,
    tariffRate: row.amount,
    tariffEffectiveFrom: receiptDate,
    feeGroup: 'flat',
    coefficient: row.coefficient,
    months: row.months,
    validFrom: row.validFrom,
    validTo: row.validTo,
  });
  await tx
    .update(payments)
    .set({ total: sql`${payments.total} + ${row.amount}::numeric` })
    .where(eq(payments.id, paymentId));
}
