import { maskOwnerName, paymentMessages as m, type PublicPayment, type ReceiptClaims } from '@dnx/shared';
import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payments, transportTypes } from '../../db/schema';
import { utcDay } from '../../lib/days';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './payment-repository';
import { visiblePayment } from './payment-queries';
import { renderReceipt, signedVerifyUrl, verifyCodePattern, verifyUrl, type ReceiptRow } from './receipt';

/** Signs a receipt row's claims (the authority's key, features/inspect): a compact JWS. */
export type ReceiptSigner = (claims: ReceiptClaims) => Promise<string>;

/**
 * The receipt PDF of a paid payment; before that 409. Each row's QR code carries its claims signed (issue 46), made
 * at each download with the key that signs now.
 */
export async function paymentReceipt(
  db: Database,
  publicOrigin: string,
  actor: AuthUser,
  id: number,
  sign?: ReceiptSigner,
): Promise<Buffer> {
  const payment = await visiblePayment(db, actor, id);
  if (payment.status !== 3) throw conflict(m.receiptOnlyWhenPaid);
  const claims = sign ? await receiptClaims(db, payment) : [];
  const rows: ReceiptRow[] = [];
  for (const [i, r] of payment.rows.entries()) {
    rows.push({
      plate: r.plate,
      formSeries: r.form_series,
      formNumber: r.form_number,
      months: r.expire_date,
      validFrom: r.valid_from!,
      validUntil: r.valid_until!,
      amount: r.tax_price,
      signedUrl: sign ? signedVerifyUrl(publicOrigin, payment.verify_code, await sign(claims[i]!)) : undefined,
    });
  }
  return renderReceipt({
    receiptNumber: payment.payment_receipt_number!,
    receiptDate: payment.payment_receipt_date!,
    owner: { name: payment.owner_name, code: payment.owner_code, address: payment.owner_address },
    rows,
    mdssh: { number: payment.mdssh_number, date: payment.mdssh_date, amount: payment.mdssh_amount },
    itsda: { number: payment.itsda_number, date: payment.itsda_date, amount: payment.itsda_amount },
    total: payment.total,
    verifyUrl: verifyUrl(publicOrigin, payment.verify_code),
  });
}

type PaidPayment = Awaited<ReturnType<typeof visiblePayment>>;

/** Each row's signed claims: its mark, vehicle, transport type's name, validity, amount and when it was paid. */
export async function receiptClaims(db: Database, payment: PaidPayment): Promise<ReceiptClaims[]> {
  const [header] = await db.select({ paidAt: payments.statusAt }).from(payments).where(eq(payments.id, payment.id));
  const typeIds = [...new Set(payment.rows.map((r) => r.transport_type))];
  const types = new Map(
    (await db.select().from(transportTypes).where(inArray(transportTypes.id, typeIds))).map((t) => [t.id, t.name]),
  );
  return payment.rows.map((r) => ({
    v: 1,
    code: payment.verify_code,
    series: r.form_series,
    number: r.form_number,
    plate: r.plate,
    transportType: types.get(r.transport_type) ?? '',
    validFrom: r.valid_from!,
    validTo: r.valid_until!,
    amount: r.tax_price,
    paidAt: header!.paidAt.toISOString(),
  }));
}

/** The public check: anyone with the code; a code that names no payment is 404. */
export async function publicPaymentCheck(db: Database, code: string): Promise<PublicPayment> {
  if (!verifyCodePattern.test(code)) throw notFound();
  const found = await repo.findByVerifyCode(db, code);
  if (!found) throw notFound();
  const today = utcDay();
  const { header, rows } = found;
  const valid =
    header.status === 3 &&
    rows.some((r) => !r.annulled && r.valid_until !== null && r.valid_from! <= today && today <= r.valid_until);
  return {
    valid,
    status: header.status,
    owner_name: maskOwnerName(header.owner_name),
    payment_receipt_number: header.payment_receipt_number,
    payment_receipt_date: header.payment_receipt_date,
    total: header.total,
    rows: rows.map((r) => ({
      plate: r.plate,
      form_series: r.form_series,
      form_number: r.form_number,
      valid_from: r.valid_from,
      valid_until: r.valid_until,
      amount: r.tax_price,
    })),
  };
}
