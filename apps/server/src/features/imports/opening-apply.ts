import { importMessages } from '@dnx/shared';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { fnBatches, fnForms, importRows, payments } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { exclusionViolation, uniqueViolation } from '../../lib/db-errors';
import { conflict } from '../../lib/http-errors';
import * as batchRepo from '../fn';
import { batchSnapshot, recordMovement } from '../fn';
import { addOpeningPaymentRow, findPayment, paymentSnapshot, recordOpeningPayment } from '../payments';
import { importRowPages } from './importer';

import type { OpeningReferences } from './opening-references';
import { acceptedStates, momentOf, stageOf, type OpeningBatch, type OpeningValues } from './opening-values';

/** Writes the checked rows: batches, forms and payments as they stood, every movement in the ledger as "opening". */
export async function applyOpening(
  refs: OpeningReferences,
  tx: Transaction,
  importId: number,
  actor: AuditActor,
  progress: (done: number) => Promise<void>,
) {
  const detail = { import: importId };
  const batchIds = new Map<string, { id: number; accepted: boolean; batch: OpeningBatch }>();
  const paymentIds = new Map<string, { id: number; rows: number }>();
  let done = 0;
  try {
    for await (const rows of importRowPages(tx, importId, ['new'])) {
      for (const r of rows) {
        const values = r.values as unknown as OpeningValues;
        let held = batchIds.get(values.batch_key);
        if (!held) {
          held = await createBatch(tx, importId, actor, values);
          batchIds.set(values.batch_key, held);
        }
        await setForms(refs.coefficientValue, tx, importId, actor, held, values, paymentIds);
      }
      done += rows.length;
      await progress(done);
    }
    for (const { id } of paymentIds.values()) {
      const payment = (await findPayment(tx, eq(payments.id, id)))!;
      await recordAudit(tx, {
        actor,
        action: 'create',
        resource: 'payment',
        recordId: id,
        after: paymentSnapshot(payment),
        detail,
      });
    }
  } catch (err) {
    // A batch or receipt someone made since the check: nothing is written.
    if (exclusionViolation(err) !== null || uniqueViolation(err) !== null) throw conflict(importMessages.changedSince);
    throw err;
  }
}

/** A batch as it was issued (accepted when any of its forms moved on), its forms new, in the ledger and the audit. */
async function createBatch(tx: Transaction, importId: number, actor: AuditActor, values: OpeningValues) {
  const { batch } = values;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`dnx:fn:series:${batch.series}`}))`);
  const [accepted] = await tx
    .select({ yes: sql<boolean>`true` })
    .from(importRows)
    .where(
      and(
        eq(importRows.importId, importId),
        sql`${importRows.values}->>'batch_key' = ${values.batch_key}`,
        sql`${importRows.values}->>'state' in ${acceptedStates}`,
      ),
    )
    .limit(1);
  const issuedAt = momentOf(batch.issued_on);
  const [row] = await tx
    .insert(fnBatches)
    .values({
      series: batch.series,
      startNumber: batch.start,
      finishNumber: batch.finish,
      operatorId: batch.operator,
      regionId: batch.region,
      transportTypeId: batch.transport_type,
      coefficientId: batch.coefficient,
      expireDate: batch.expire_date,
      expireDateType: batch.expire_date_type,
      status: accepted ? 'accepted' : 'issued',
      acceptedAt: accepted ? issuedAt : null,
      acceptedBy: accepted ? batch.operator : null,
      createdBy: actor.id,
      createdAt: issuedAt,
    })
    .returning({ id: fnBatches.id });
  const id = row!.id;
  await batchRepo.insertForms(tx, id, batch.series, batch.start, batch.finish);
  await tx.update(fnForms).set({ stageAt: issuedAt }).where(eq(fnForms.batchId, id));
  const snapshot = batchSnapshot((await batchRepo.findBatch(tx, id))!);
  await recordMovement(tx, {
    actor,
    movement: 'opening',
    batchId: id,
    series: batch.series,
    numberFrom: batch.start,
    numberTo: batch.finish,
    forms: batch.finish - batch.start + 1,
    after: { ...snapshot, import: importId },
  });
  await recordAudit(tx, {
    actor,
    action: 'create',
    resource: 'fnbatch',
    recordId: id,
    after: snapshot,
    detail: { import: importId },
  });
  return { id, accepted: !!accepted, batch };
}

/** The run's forms in their state (a paid one with its payment), one ledger row for the run. */
async function setForms(
  coefficientValue: OpeningReferences['coefficientValue'],
  tx: Transaction,
  importId: number,
  actor: AuditActor,
  held: { id: number; accepted: boolean; batch: OpeningBatch },
  values: OpeningValues,
  paymentIds: Map<string, { id: number; rows: number }>,
) {
  if (values.state === 'new') return;
  const { batch } = held;
  const stage = stageOf(values.state);
  const status = stage === 'paid' ? 4 : stage === 'voided' && !held.accepted ? null : 0;
  const p = values.payment;
  let paymentId: number | null = null;
  if (p) {
    let payment = paymentIds.get(p.receipt_number);
    if (!payment) {
      const id = await recordOpeningPayment(tx, actor.id, {
        receiptNumber: p.receipt_number,
        receiptDate: p.receipt_date,
        paidAt: momentOf(p.receipt_date),
        ownerCode: p.owner_code,
        ownerName: p.owner_name,
        ownerAddress: p.owner_address,
        ownerPhone: p.owner_phone,
        regionId: batch.region,
      });
      payment = { id, rows: 0 };
      paymentIds.set(p.receipt_number, payment);
    }
    payment.rows += 1;
    paymentId = payment.id;
    const [form] = await tx
      .select({ id: fnForms.id })
      .from(fnForms)
      .where(and(eq(fnForms.batchId, held.id), eq(fnForms.number, values.from)));
    // The amount paid as it was: a flat price of the batch's coefficient and months, priced on the receipt's day.
    await addOpeningPaymentRow(
      tx,
      paymentId,
      payment.rows,
      {
        formId: form!.id,
        plate: p.plate,
        transportTypeId: batch.transport_type,
        amount: p.amount,
        coefficient: coefficientValue.get(batch.coefficient) ?? '1',
        months: p.months,
        validFrom: p.valid_from,
        validTo: p.valid_to,
      },
      p.receipt_date,
    );
  }
  await tx
    .update(fnForms)
    .set({
      stage,
      status,
      inspectorId: values.inspector,
      voidReason: values.void_reason,
      paymentId,
      validFrom: p?.valid_from ?? null,
      validTo: p?.valid_to ?? null,
      stageAt: momentOf(p?.receipt_date ?? batch.issued_on),
    })
    .where(and(eq(fnForms.batchId, held.id), between(fnForms.number, values.from, values.to)));
  await recordMovement(tx, {
    actor,
    movement: 'opening',
    batchId: held.id,
    series: batch.series,
    numberFrom: values.from,
    numberTo: values.to,
    forms: values.to - values.from + 1,
    before: null,
    after: {
      stage,
      status,
      inspector: values.inspector,
      payment: paymentId,
      valid_from: p?.valid_from ?? null,
      valid_to: p?.valid_to ?? null,
      import: importId,
    },
    reason: values.void_reason,
  });
}
