import { maskOwnerName, paymentMessages as m, type PublicPayment } from '@dnx/shared';
import type { Database } from '../../db/client';
import { utcDay } from '../../lib/days';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './payment-repository';
import { visiblePayment } from './payment-queries';
import { renderReceipt, verifyCodePattern, verifyUrl } from './receipt';

/** The receipt PDF of a paid payment; before that 409. */
export async function paymentReceipt(db: Database, publicOrigin: string, actor: AuthUser, id: number): Promise<Buffer> {
  const payment = await visiblePayment(db, actor, id);
  if (payment.status !== 3) throw conflict(m.receiptOnlyWhenPaid);
  return renderReceipt({
    receiptNumber: payment.payment_receipt_number!,
    receiptDate: payment.payment_receipt_date!,
    owner: { name: payment.owner_name, code: payment.owner_code, address: payment.owner_address },
    rows: payment.rows.map((r) => ({
      plate: r.plate,
      formSeries: r.form_series,
      formNumber: r.form_number,
      months: r.expire_date,
      validFrom: r.valid_from!,
      validUntil: r.valid_until!,
      amount: r.tax_price,
    })),
    mdssh: { number: payment.mdssh_number, date: payment.mdssh_date, amount: payment.mdssh_amount },
    itsda: { number: payment.itsda_number, date: payment.itsda_date, amount: payment.itsda_amount },
    total: payment.total,
    verifyUrl: verifyUrl(publicOrigin, payment.verify_code),
  });
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
