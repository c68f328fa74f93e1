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
  openingMessages as m,
  openingStates,
  parseMoney,
  paymentCreateSchema,
  paymentMessages,
  paymentPaySchema,
  validityOf,
  type OpeningState,
} from '@dnx/shared';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fnForms, payments } from '../../db/schema';
import { utcDay } from '../../lib/days';
import * as batchRepo from '../fn';
import { type CheckedRow } from './importer';

import type { OpeningReferences } from './opening-references';
import {
  dayOf,
  label,
  numberOf,
  stageOf,
  type OpeningBatch,
  type OpeningPayment,
  type OpeningValues,
} from './opening-values';

/** One row of an opening import checked alone, then against the database (a batch already there, its receipt). */
export async function checkOpeningRow(
  db: Executor,
  refs: OpeningReferences,
  cells: string[],
  row: number,
  columns: Map<string, number>,
): Promise<CheckedRow> {
  const { regionIds, typeIds, coefficientIds, userOf, hasRole } = refs;
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
    if (inspector === null) fail('inspector', importMessages.referenceUnknown(label('inspector'), text('inspector')));
    else if (region && !(await hasRole(inspector, 'inspector', region))) fail('inspector', fnMessages.inspectorInvalid);
  } else if (state === 'shared') fail('inspector', fnMessages.inspectorRequired);
  const voidReason = text('void_reason') === '' ? null : text('void_reason');
  if (state === 'voided' && voidReason === null) fail('void_reason', fnMessages.reasonRequired);
  if (voidReason !== null && voidReason.length > 500) fail('void_reason', fnMessages.reasonTooLong);

  // The payment of a paid form.
  const payment = checkOpeningPayment(text, errors, fail, { today, state, from, to, issuedOn, expireType, expireDate });

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
  return checkOpeningRowInDatabase(db, refs.formPaidBy, base, values);
}

/** The payment of a paid form (an expired one too): its fields, its amount and the validity its receipt date gives. */
function checkOpeningPayment(
  text: (key: string) => string,
  errors: Record<string, string[]>,
  fail: (field: string, message: string) => void,
  row: {
    today: string;
    state: OpeningState | undefined;
    from: number;
    to: number;
    issuedOn: string | null;
    expireType: (typeof expireDateTypes)[number] | undefined;
    expireDate: number;
  },
): OpeningPayment | null {
  const { today, state, from, to, issuedOn, expireType, expireDate } = row;
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
    for (const [key, parsed] of Object.entries(owner)) if (!parsed.success) fail(key, parsed.error.issues[0]!.message);
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
  return payment;
}

/** A row checked against the database: a batch that meets another (the same one: a file imported again), its receipt. */
async function checkOpeningRowInDatabase(
  db: Executor,
  formPaidBy: OpeningReferences['formPaidBy'],
  base: Omit<CheckedRow, 'recordId' | 'recordVersion' | 'outcome' | 'errors'>,
  values: OpeningValues,
): Promise<CheckedRow> {
  const { from, to, payment } = values;
  const { series: seriesText, start, finish } = values.batch;
  const none = { recordId: null, recordVersion: null };
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
        and(eq(fnForms.batchId, other.id), between(fnForms.number, from, to), eq(fnForms.stage, stageOf(values.state))),
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
}
