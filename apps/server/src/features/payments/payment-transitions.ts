import {
  findTransition,
  insuranceRecorded,
  noticeStatusOnSubmit,
  paymentMessages as m,
  transitionRefusedMessage,
  validityOf,
  type Payment,
  type PaymentAction,
  type PaymentCancelInput,
  type PaymentInsuranceInput,
  type PaymentPayInput,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { fnForms, paymentRows, payments } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { bakuDay } from '../../lib/days';
import { auditActor } from '../../lib/grants';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { updateVersioned } from '../../lib/versioned-update';
import type { AuthUser } from '../../plugins/auth';
import { ledger, releaseForms, setNoticeStatus, type FormMove } from './form-moves';
import * as repo from './payment-repository';
import { paymentScope } from './payment-queries';
import { translateHeld } from './payment-rules';
import { paymentSnapshot } from './payment-snapshot';

/** The move of a payment from one status to another, on its locked row; ledger rows and the audit row. */
async function transition(
  db: Database,
  actor: AuthUser,
  id: number,
  action: PaymentAction,
  run: (tx: Transaction, before: Payment, forms: repo.LockedForm[]) => Promise<void>,
): Promise<Payment> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await repo.lockPayment(tx, id, paymentScope(actor));
      if (!locked) throw notFound();
      if (!findTransition(locked.status, action)) throw conflict(transitionRefusedMessage(locked.status, action));
      const before = (await repo.findPayment(tx, eq(payments.id, id)))!;
      const forms = await repo.lockForms(
        tx,
        before.rows.map((r) => r.form),
      );
      await run(tx, before, forms);
      await tx
        .update(payments)
        .set({
          statusBy: actor.id,
          statusAt: sql`now()`,
          updatedAt: sql`now()`,
          version: sql`${payments.version} + 1`,
        })
        .where(eq(payments.id, id));
      const after = (await repo.findPayment(tx, eq(payments.id, id)))!;
      await recordAudit(tx, {
        actor: auditActor(actor),
        action: 'update',
        resource: 'payment',
        recordId: id,
        before: paymentSnapshot(before),
        after: { ...paymentSnapshot(after), action },
      });
      return after;
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    return translateHeld(err);
  }
}

/** The state machine and the insurance records, each bound to the database. */
/** What follows a payment paid, in its transaction (the bank's late credits, issue 57). */
export type AfterPaid = (tx: Transaction, paymentId: number) => Promise<void>;

export function paymentTransitions(db: Database, afterPaid?: AfterPaid) {
  return {
    /**
     * The insurance records alone, under review or awaiting payment (a record that came after the submit).
     * Awaiting payment, the forms' notice status follows the records (3 -> 2 once both are there), with the ledger.
     */
    async insure(actor: AuthUser, id: number, input: PaymentInsuranceInput): Promise<Payment> {
      return db.transaction(async (tx) => {
        const { after } = await updateVersioned(tx, {
          target: { table: payments, id: payments.id, version: payments.version },
          id,
          expectedVersion: input.version,
          read: (t) => repo.findPayment(t, sql`${payments.id} = ${id} and ${paymentScope(actor) ?? sql`true`}`),
          guard: (current) => {
            if (current.status !== 1 && current.status !== 2) throw conflict(m.insuranceOnlyBeforePaid);
          },
          write: async (t, before) => {
            await t
              .update(payments)
              .set({
                mdsshNumber: input.mdssh_number,
                mdsshDate: input.mdssh_date,
                mdsshAmount: input.mdssh_amount,
                itsdaNumber: input.itsda_number,
                itsdaDate: input.itsda_date,
                itsdaAmount: input.itsda_amount,
                updatedAt: sql`now()`,
              })
              .where(eq(payments.id, id));
            if (before.status !== 2) return;
            const forms = await repo.lockForms(
              t,
              before.rows.map((r) => r.form),
            );
            await setNoticeStatus(t, actor, id, forms, noticeStatusOnSubmit(input), 'insure');
          },
          audit: { actor: auditActor(actor), action: 'update', resource: 'payment', snapshot: paymentSnapshot },
        });
        return after;
      });
    },

    /** 1 -> 2: each form's notice status 2 (both insurance payments recorded) or 3 (one missing). */
    submit: (actor: AuthUser, id: number) =>
      transition(db, actor, id, 'submit', async (tx, before, forms) => {
        await setNoticeStatus(tx, actor, id, forms, noticeStatusOnSubmit(before), 'submit');
        await tx.update(payments).set({ status: 2 }).where(eq(payments.id, id));
      }),

    /** 2 -> 3: both insurance records, a bank receipt never used before; the forms paid, valid from its date. */
    pay: (actor: AuthUser, id: number, input: PaymentPayInput) =>
      transition(db, actor, id, 'pay', async (tx, before, forms) => {
        if (!insuranceRecorded(before, 'mdssh') || !insuranceRecorded(before, 'itsda'))
          throw conflict(m.insuranceRequired);
        if (input.payment_receipt_date > bakuDay()) throw fieldErrors({ payment_receipt_date: [m.receiptDateFuture] });
        if (await repo.receiptNumberUsed(tx, input.payment_receipt_number))
          throw fieldErrors({ payment_receipt_number: [m.receiptNumberTaken] });
        const byForm = new Map(forms.map((f) => [f.id, f]));
        const moves: FormMove[] = [];
        for (const row of before.rows) {
          const form = byForm.get(row.form)!;
          if (form.stage !== 'used' || form.paymentId !== id) throw conflict(m.formTaken);
          const validity = validityOf(input.payment_receipt_date, row.expire_date);
          await tx
            .update(fnForms)
            .set({
              stage: 'paid',
              status: 4,
              validFrom: validity.valid_from,
              validTo: validity.valid_until,
              stageAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(fnForms.id, form.id));
          await tx
            .update(paymentRows)
            .set({ validFrom: validity.valid_from, validTo: validity.valid_until })
            .where(eq(paymentRows.id, row.id));
          moves.push({
            form,
            before: { stage: form.stage, status: form.status },
            after: {
              stage: 'paid',
              status: 4,
              payment: id,
              valid_from: validity.valid_from,
              valid_to: validity.valid_until,
            },
          });
        }
        await ledger(tx, actor, 'pay', moves);
        await tx
          .update(payments)
          .set({
            status: 3,
            paymentReceiptNumber: input.payment_receipt_number,
            paymentReceiptDate: input.payment_receipt_date,
          })
          .where(eq(payments.id, id));
        if (afterPaid) await afterPaid(tx, id);
      }),

    /** 1 -> 4, 2 -> 4: the forms go back to the stage they were used from (status 0), free for another payment. */
    cancel: (actor: AuthUser, id: number, input: PaymentCancelInput) =>
      transition(db, actor, id, 'cancel', async (tx, _before, forms) => {
        // The rows' `cancelled` follows the status (ON UPDATE CASCADE), so the forms are free in the same statement.
        await tx.update(payments).set({ status: 4, cancelReason: input.reason }).where(eq(payments.id, id));
        await releaseForms(tx, actor, forms, input.reason);
      }),
  };
}
