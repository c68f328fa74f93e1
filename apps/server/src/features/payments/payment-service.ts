import type { Payer, Payment, PaymentCreateInput, PaymentUpdateInput, PublicPayment } from '@dnx/shared';
import type { Database, Transaction } from '../../db/client';
import type { ListCaches } from '../../lib/list/list-query';
import type { AuthUser } from '../../plugins/auth';
import { createPayment, createPaymentWithin, updatePayment } from './payment-create';
import { findPayer } from './payment-payer';
import { paymentQueries } from './payment-queries';
import { paymentReceipt, publicPaymentCheck, type ReceiptSigner } from './payment-receipts';
import { paymentTransitions, type AfterPaid } from './payment-transitions';

export { paymentSnapshot } from './payment-snapshot';

/**
 * The payments of fn-payment, composed of their rooms: queries (list, read, quote), a payer by VÖEN, create and
 * edit, the state
 * machine (payment-transitions.ts), the receipt and the public check.
 */
export function createPaymentService(
  db: Database,
  publicOrigin: string,
  caches?: ListCaches,
  signReceipt?: ReceiptSigner,
  afterPaid?: AfterPaid,
) {
  return {
    ...paymentQueries(db, caches),
    /** A new payment's payer by VÖEN (payment-payer.ts). */
    payer: (actor: AuthUser, voen: string): Promise<Payer> => findPayer(db, actor, voen),
    create: (actor: AuthUser, input: PaymentCreateInput): Promise<Payment> => createPayment(db, actor, input),
    /** A create inside the caller's transaction (an accepted online request makes its payment so). */
    createWithin: (tx: Transaction, actor: AuthUser, input: PaymentCreateInput): Promise<Payment> =>
      createPaymentWithin(tx, actor, input),
    update: (actor: AuthUser, id: number, input: PaymentUpdateInput): Promise<Payment> =>
      updatePayment(db, actor, id, input),
    ...paymentTransitions(db, afterPaid),
    receipt: (actor: AuthUser, id: number): Promise<Buffer> => paymentReceipt(db, publicOrigin, actor, id, signReceipt),
    publicCheck: (code: string): Promise<PublicPayment> => publicPaymentCheck(db, code),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
