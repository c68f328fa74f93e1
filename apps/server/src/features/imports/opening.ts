import {
  azSearchKey,
  batchValidityMonths,
  expireDateTypes,
  fnMessages,
  fnSeriesSchema,
  formatDate,
  formatFnNumber,
  importMessages,
  maxBatchNumbers,
  maxValidityCount,
  moneyToDecimal,
  normalizePlate,
  openingColumns,
  openingMessages as m,
  openingStates,
  parseMoney,
  paymentCreateSchema,
  paymentMessages,
  paymentPaySchema,
  validityOf,
  type ExpireDateType,
  type FnStage,
  type OpeningState,
} from '@dnx/shared';
import { and, between, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor, Transaction } from '../../db/client';
import {
  fnBatches,
  fnCoefficients,
  fnForms,
  importRows,
  payments,
  regions,
  transportTypes,
  users,
} from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { exclusionViolation, uniqueViolation } from '../../lib/db-errors';
import { utcDay } from '../../lib/days';
import { conflict } from '../../lib/http-errors';
import * as batchRepo from '../fn';
import { batchSnapshot } from '../fn';
import { recordMovement } from '../fn';
import { addOpeningPaymentRow, findPayment, paymentSnapshot, recordOpeningPayment } from '../payments';
import { columnsByLabel, importRowPages, type CheckedRow, type Importer } from './importer';

/**
 * The import of opening balances (issue 28, shared imports/opening.ts): each row is a run of numbers of one batch in
 * one state, or one paid form with its payment. A row is checked alone here (its batch's fields, users, references,
 * the payment's fields and the validity its date gives); `finish` checks across rows (a batch's rows agree and give
 * each number once, one payment per receipt); `apply` writes batches, forms and payments as they stood, every
 * movement in the ledger as "opening".
 */

interface OpeningBatch {
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
interface OpeningPayment {
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
interface OpeningValues {
  batch_key: string;
  batch: OpeningBatch;
  from: number;
  to: number;
  state: OpeningState;
  inspector: number | null;
  void_reason: string | null;
  payment: OpeningPayment | null;
}

const label = (key: (typeof openingColumns)[number]['key']) => openingColumns.find((c) => c.key === key)!.label;
/** States that say the batch was accepted by its operator (a voided form may be of a batch never accepted). */
const acceptedStates: readonly OpeningState[] = ['active', 'shared', 'paid', 'expired'];
const stageOf = (state: OpeningState): FnStage => (state === 'expired' ? 'paid' : state);
/** A day as the reports read it: noon in Baku is the same day in UTC. */
const momentOf = (day: string) => new Date(`${day}T12:00:00+04:00`);

/** A number as a spreadsheet may give it: "000123", "123" (a cell Excel took for a number). */
function numberOf(text: string): number | null {
  if (!/^\d{1,6}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 ? n : null;
}
function dayOf(text: string): string | null {
  const match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const [y, mo, d] = text.includes('-') ? [match[1], match[2], match[3]] : [match[3], match[2], match[1]];
  const day = `${y}-${mo!.padStart(2, '0')}-${d!.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day ? day : null;
}

export async function createOpeningImporter(app: FastifyInstance, db: Executor): Promise<Importer> {
  // The references by folded name: regions, transport types, coefficients (by their description or value).
  const byName = <T extends { id: number }>(rows: T[], names: (row: T) => string[]) => {
    const map = new Map<string, number[]>();
    for (const row of rows)
      for (const name of names(row)) map.set(azSearchKey(name), [...(map.get(azSearchKey(name)) ?? []), row.id]);
    return map;
  };
  const regionIds = byName(await db.select({ id: regions.id, name: regions.name }).from(regions), (r) => [r.name]);
  const typeIds = byName(
    await db.select({ id: transportTypes.id, name: transportTypes.name }).from(transportTypes),
    (r) => [r.name],
  );
  const coefficients = await db
    .select({
      id: fnCoefficients.id,
      value: sql<string>`${fnCoefficients.coefficient}::float8::text`,
      description: fnCoefficients.description,
    })
    .from(fnCoefficients);
  const coefficientIds = byName(coefficients, (r) =>
    [r.description ?? '', r.value, r.value.replace('.', ',')].filter(Boolean),
  );
  const coefficientValue = new Map(coefficients.map((c) => [c.id, c.value]));
  const userIds = new Map<string, number | null>();
  async function userOf(email: string): Promise<number | null> {
    const key = email.toLowerCase();
    if (!userIds.has(key)) {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${key}`);
      userIds.set(key, row?.id ?? null);
    }
    return userIds.get(key)!;
  }
  const roles = new Map<string, boolean>();
  async function hasRole(userId: number, role: 'operator' | 'inspector', region: number) {
    const key = `${userId}|${role}|${region}`;
    if (!roles.has(key)) roles.set(key, await batchRepo.isActiveUserOfRole(db, userId, role, region));
    return roles.get(key)!;
  }

  /** The payment rows this check already found for a receipt in the database (a file imported again). */
  async function formPaidBy(batchId: number, number: number, receipt: string) {
    const [row] = await db
      .select({ id: fnForms.id })
      .from(fnForms)
      .innerJoin(payments, eq(payments.id, fnForms.paymentId))
      .where(and(eq(fnForms.batchId, batchId), eq(fnForms.number, number), eq(payments.paymentReceiptNumber, receipt)));
    return !!row;
  }

  return {
    columnsOf: (header) => columnsByLabel(header, openingColumns),

    async check(cells, row, columns): Promise<CheckedRow> {
      const text = (key: string) => (columns.has(key) ? (cells[columns.get(key)!] ?? '').trim() : '');
      const errors: Record<string, string[]> = {};
      const fail = (field: string, message: string) => {
        if (!errors[field]) errors[field] = [message];
      };
      const today = utcDay();

      // The batch.
      const series = fnSeriesSchema.safeParse(text('series').toUpperCase());
      if (!series.success) fail('series', series.error.issues[0]!.message);
      const number = (key: string) => {
        const n = numberOf(text(key));
        if (n === null) fail(key, text(key) === '' ? fnMessages.numberRequired : fnMessages.numberInvalid);
        return n ?? 0;
      };
      const start = number('batch_start');
      const finish = number('batch_finish');
      if (start && finish && finish < start) fail('batch_finish', fnMessages.finishBeforeStart);
      else if (start && finish && finish - start + 1 > maxBatchNumbers)
        fail('batch_finish', fnMessages.tooManyNumbers(maxBatchNumbers));
      const issuedOn = dayOf(text('issued_on'));
      if (!issuedOn) fail('issued_on', m.dateInvalid);
      else if (issuedOn > today) fail('issued_on', m.issuedFuture);
      const reference = (key: string, map: Map<string, number[]>) => {
        const ids = map.get(azSearchKey(text(key))) ?? [];
        if (ids.length !== 1) fail(key, importMessages.referenceUnknown(label(key as never), text(key)));
        return ids[0] ?? 0;
      };
      const region = reference('region', regionIds);
      const transportType = reference('transport_type', typeIds);
      const coefficient = reference('coefficient', coefficientIds);
      const operator = text('operator') === '' ? null : await userOf(text('operator'));
      if (operator === null) fail('operator', importMessages.referenceUnknown(label('operator'), text('operator')));
      else if (region && !(await hasRole(operator, 'operator', region))) fail('operator', fnMessages.operatorInvalid);
      const expireDate = Number(text('expire_date'));
      if (!/^\d+$/.test(text('expire_date')) || expireDate < 1 || expireDate > maxValidityCount)
        fail('expire_date', fnMessages.expireDateInvalid);
      const expireType = expireDateTypes.find((t) => azSearchKey(t.label) === azSearchKey(text('expire_date_type')));
      if (!expireType) fail('expire_date_type', fnMessages.expireDateTypeInvalid);

      // The run and its state.
      const from = number('number_from');
      const to = number('number_to');
      if (from && to && to < from) fail('number_to', fnMessages.finishBeforeStart);
      else if (from && to && start && finish && (from < start || to > finish)) fail('number_from', m.runOutside);
      const state = openingStates.find((s) => azSearchKey(s.label) === azSearchKey(text('state')))?.key;
      if (!state) fail('state', m.stateInvalid);
      let inspector: number | null = null;
      if (text('inspector') !== '') {
        if (state !== 'shared') fail('inspector', m.inspectorOnlyWhenShared);
        inspector = await userOf(text('inspector'));
        if (inspector === null)
          fail('inspector', importMessages.referenceUnknown(label('inspector'), text('inspector')));
        else if (region && !(await hasRole(inspector, 'inspector', region)))
          fail('inspector', fnMessages.inspectorInvalid);
      } else if (state === 'shared') fail('inspector', fnMessages.inspectorRequired);
      const voidReason = text('void_reason') === '' ? null : text('void_reason');
      if (state === 'voided' && voidReason === null) fail('void_reason', fnMessages.reasonRequired);
      if (voidReason !== null && voidReason.length > 500) fail('void_reason', fnMessages.reasonTooLong);

      // The payment of a paid form.
      const paymentKeys = ['receipt_number', 'receipt_date', 'owner_code', 'owner_name', 'plate', 'amount'];
      let payment: OpeningPayment | null = null;
      if (state === 'paid' || state === 'expired') {
        if (from !== to) fail('number_to', m.paidOneNumber);
        const receipt = paymentPaySchema.shape.payment_receipt_number.safeParse(text('receipt_number'));
        if (!receipt.success) fail('receipt_number', receipt.error.issues[0]!.message);
        const receiptDate = dayOf(text('receipt_date'));
        if (!receiptDate)
          fail('receipt_date', text('receipt_date') === '' ? paymentMessages.receiptDateRequired : m.dateInvalid);
        else if (receiptDate > today) fail('receipt_date', paymentMessages.receiptDateFuture);
        else if (issuedOn && receiptDate < issuedOn) fail('receipt_date', m.receiptBeforeIssue);
        const shape = paymentCreateSchema.shape;
        const owner = {
          owner_code: shape.owner_code.safeParse(text('owner_code')),
          owner_name: shape.owner_name.safeParse(text('owner_name')),
          owner_address: shape.owner_address.safeParse(text('owner_address')),
          owner_phone: shape.owner_phone.safeParse(text('owner_phone')),
        };
        for (const [key, parsed] of Object.entries(owner))
          if (!parsed.success) fail(key, parsed.error.issues[0]!.message);
        const plate = normalizePlate(text('plate'));
        if (text('plate') === '') fail('plate', m.plateRequired);
        else if (!plate) fail('plate', paymentMessages.plateInvalid);
        let amount: bigint | null = null;
        try {
          amount = /^\d+([.,]\d{1,2})?$/.test(text('amount').replace(/\s/g, ''))
            ? parseMoney(text('amount').replace(/\s/g, ''))
            : null;
        } catch {
          amount = null;
        }
        if (amount === null || amount <= 0n) fail('amount', m.amountInvalid);
        const months = expireType && expireDate ? batchValidityMonths(expireDate, expireType.key) : 0;
        if (months && ![1, 3, 6, 12].includes(months)) fail('expire_date', m.monthsUnpayable(months));
        if (Object.keys(errors).length === 0) {
          const validity = validityOf(receiptDate!, months);
          if (state === 'paid' && validity.valid_until < today)
            fail('state', m.alreadyExpired(formatDate(validity.valid_until)));
          if (state === 'expired' && validity.valid_until >= today)
            fail('state', m.stillValid(formatDate(validity.valid_until)));
          payment = {
            receipt_number: receipt.data!,
            receipt_date: receiptDate!,
            owner_code: owner.owner_code.data!,
            owner_name: owner.owner_name.data!,
            owner_address: owner.owner_address.data ?? '',
            owner_phone: owner.owner_phone.data ?? '',
            plate: plate!,
            amount: moneyToDecimal(amount!),
            months,
            valid_from: validity.valid_from,
            valid_to: validity.valid_until,
          };
        }
      } else if (paymentKeys.some((key) => text(key) !== '')) fail('receipt_number', m.paymentOnlyWhenPaid);

      const seriesText = series.success ? series.data : text('series');
      const key = `${seriesText} ${formatFnNumber(from)}${to !== from ? ` - ${formatFnNumber(to)}` : ''}`;
      const batchKey = `${seriesText}|${start}|${finish}`;
      const batch: OpeningBatch = {
        series: seriesText,
        start,
        finish,
        issued_on: issuedOn ?? '',
        operator: operator ?? 0,
        region,
        transport_type: transportType,
        coefficient,
        expire_date: expireDate,
        expire_date_type: expireType?.key ?? 'month',
      };
      const values: OpeningValues = {
        batch_key: batchKey,
        batch,
        from,
        to,
        state: state ?? 'new',
        inspector,
        void_reason: voidReason,
        payment,
      };
      const base = { row, key, cells, values: values as unknown as Record<string, unknown>, changes: [] };
      const none = { recordId: null, recordVersion: null };
      if (Object.keys(errors).length > 0) return { ...base, ...none, outcome: 'error', errors };

      // Against the database: a batch that meets another (the same one: a file imported again) and its receipt.
      const other = await batchRepo.findOverlapping(db, seriesText, start, finish);
      if (other && (other.start !== start || other.finish !== finish))
        return {
          ...base,
          ...none,
          outcome: 'error',
          errors: {
            batch_start: [
              fnMessages.overlap(seriesText, formatFnNumber(other.start), formatFnNumber(other.finish), other.id),
            ],
          },
        };
      if (other) {
        const [same] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(fnForms)
          .where(
            and(
              eq(fnForms.batchId, other.id),
              between(fnForms.number, from, to),
              eq(fnForms.stage, stageOf(values.state)),
            ),
          );
        const paidSame = !payment || (await formPaidBy(other.id, from, payment.receipt_number));
        if (same!.n !== to - from + 1 || !paidSame)
          return { ...base, ...none, outcome: 'error', errors: { state: [m.existsDifferently] } };
        return { ...base, values: null, recordId: other.id, recordVersion: null, outcome: 'unchanged', errors: {} };
      }
      if (payment) {
        const [used] = await db
          .select({ id: payments.id })
          .from(payments)
          .where(eq(payments.paymentReceiptNumber, payment.receipt_number))
          .limit(1);
        if (used)
          return {
            ...base,
            ...none,
            outcome: 'error',
            errors: { receipt_number: [paymentMessages.receiptNumberTaken] },
          };
      }
      return { ...base, ...none, outcome: 'new', errors: {} };
    },

    async finish(importId) {
      const errors = new Map<number, Record<string, string[]>>();
      const add = (row: number, field: string, message: string, existing: Record<string, string[]>) => {
        const current = errors.get(row) ?? { ...existing };
        if (!current[field]) current[field] = [message];
        errors.set(row, current);
      };
      interface Batch {
        row: number;
        signature: string;
        batch: OpeningBatch;
        runs: { from: number; to: number; row: number }[];
        newRow: number | null;
        accepted: boolean;
      }
      const batches = new Map<string, Batch>();
      const receipts = new Map<string, { row: number; signature: string }>();
      const existing = new Map<number, Record<string, string[]>>();
      for await (const rows of importRowPages(db, importId, ['new', 'unchanged', 'error'])) {
        for (const r of rows) {
          const values = r.values as unknown as OpeningValues | null;
          if (!values?.batch_key) continue;
          existing.set(r.row, r.errors);
          const { batch } = values;
          const signature = JSON.stringify(batch);
          let group = batches.get(values.batch_key);
          if (!group) {
            group = { row: r.row, signature, batch, runs: [], newRow: null, accepted: false };
            batches.set(values.batch_key, group);
          } else if (group.signature !== signature) add(r.row, 'series', m.batchDiffers(group.row), r.errors);
          if (values.from && values.to) group.runs.push({ from: values.from, to: values.to, row: r.row });
          if (values.state === 'new') group.newRow ??= r.row;
          if (acceptedStates.includes(values.state)) group.accepted = true;
          if (values.payment) {
            const p = values.payment;
            const paymentSignature = JSON.stringify([p.receipt_date, p.owner_code, p.owner_name, batch.region]);
            const first = receipts.get(p.receipt_number);
            if (!first) receipts.set(p.receipt_number, { row: r.row, signature: paymentSignature });
            else if (first.signature !== paymentSignature)
              add(r.row, 'receipt_number', m.paymentDiffers(first.row), r.errors);
          }
        }
      }
      const errorsOf = (row: number) => existing.get(row) ?? {};
      const bySeries = new Map<string, Batch[]>();
      for (const group of batches.values()) {
        const { batch } = group;
        if (group.newRow !== null && group.accepted)
          add(group.newRow, 'state', m.newBesideAccepted, errorsOf(group.newRow));
        // Each number of the batch given once.
        const runs = group.runs.sort((a, b) => a.from - b.from);
        let covered = 0;
        let next = batch.start;
        let firstMissing: number | null = null;
        let last: (typeof runs)[number] | null = null;
        for (const run of runs) {
          if (last && run.from <= last.to) {
            add(run.row, 'number_from', m.runOverlap(last.row), errorsOf(run.row));
            continue;
          }
          if (run.from > next && firstMissing === null) firstMissing = next;
          covered += run.to - run.from + 1;
          next = run.to + 1;
          last = run;
        }
        const size = batch.finish - batch.start + 1;
        if (covered < size)
          add(
            group.row,
            'number_from',
            m.runsMissing(size - covered, `${batch.series} ${formatFnNumber(firstMissing ?? next)}`),
            errorsOf(group.row),
          );
        bySeries.set(batch.series, [...(bySeries.get(batch.series) ?? []), group]);
      }
      // Batches of a series in the file that meet each other.
      for (const groups of bySeries.values()) {
        groups.sort((a, b) => a.batch.start - b.batch.start);
        for (let i = 1; i < groups.length; i += 1)
          if (groups[i]!.batch.start <= groups[i - 1]!.batch.finish)
            add(groups[i]!.row, 'batch_start', m.batchesOverlap(groups[i - 1]!.row), errorsOf(groups[i]!.row));
      }
      return errors;
    },

    async apply(tx, importId, actor, progress) {
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
            await setForms(tx, importId, actor, held, values, paymentIds);
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
        if (exclusionViolation(err) !== null || uniqueViolation(err) !== null)
          throw conflict(importMessages.changedSince);
        throw err;
      }
    },
  };

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
}
