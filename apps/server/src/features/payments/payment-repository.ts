import {
  batchValidityMonths,
  formatFnNumber,
  normalizeDecimal,
  parseFnNumber,
  paymentListSpec,
  type FeeGroup,
  type Payment,
  type PaymentListItem,
  type PaymentRow,
  type PaymentStatus,
  type TariffRate,
} from '@dnx/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { fnBatches, fnCoefficients, fnForms, paymentRows, payments, tariffs, transportTypes } from '../../db/schema';
import {
  applyList,
  countWithSnapshot,
  defineList,
  listCounts,
  listReads,
  type ListSource,
} from '../../lib/list/list-query';

/** A decimal as the API writes it: its shortest exact form ("1.5", "12"). */
const shortest = (value: string, scale: number) => normalizeDecimal(value, scale) ?? value;

// The forms of a payment, as "AB 000001", in row order. Written with table names: a select's own columns lose
// theirs, which would make `id` ambiguous inside the subquery.
const formsOf = sql<string[]>`coalesce((select array_agg(f.series || ' ' || lpad(f.number::text, 6, '0')
    order by r.position) from payment_rows r join fn_forms f on f.id = r.form_id
    where r.payment_id = payments.id), '{}')`;
const rowsCountOf = sql<number>`(select count(*)::int from payment_rows r where r.payment_id = payments.id)`;
/** Payments with a row using a form that matches the condition. */
const withForm = (condition: SQL) =>
  sql`exists (select 1 from ${paymentRows} join ${fnForms} on ${fnForms.id} = ${paymentRows.formId}
    where ${paymentRows.paymentId} = ${payments.id} and ${condition})`;

export const paymentList = defineList({
  spec: paymentListSpec,
  filters: {
    status: (value) => (/^[1-4]$/.test(value) ? eq(payments.status, Number(value)) : sql`false`),
    owner_code: payments.ownerCode,
    region: payments.regionId,
    created_from: (day) => sql`${payments.createdAt} >= (${day}::date)::timestamp at time zone 'UTC'`,
    created_to: (day) => sql`${payments.createdAt} < ((${day}::date + 1)::timestamp at time zone 'UTC')`,
    payment_receipt_number: payments.paymentReceiptNumber,
    form_series: (value) => withForm(sql`${fnForms.series} = ${value}`),
    form_number: (value) => {
      const n = parseFnNumber(value);
      return n === null ? sql`false` : withForm(sql`${fnForms.number} = ${n}`);
    },
  },
  orderBy: {
    id: payments.id,
    created_at: payments.createdAt,
    status: payments.status,
    total: payments.total,
    owner_name: { expr: payments.ownerName, text: true },
  },
  search: [payments.ownerName, payments.ownerCode, payments.paymentReceiptNumber],
  searchKey: payments.searchKey,
  defaultOrderBy: 'id',
  tieBreaker: payments.id,
});

const headerColumns = {
  id: payments.id,
  ownerCode: payments.ownerCode,
  ownerCategory: payments.ownerCategory,
  ownerName: payments.ownerName,
  ownerAddress: payments.ownerAddress,
  ownerPhone: payments.ownerPhone,
  ownerTransportTypeId: payments.ownerTransportTypeId,
  regionId: payments.regionId,
  mdsshNumber: payments.mdsshNumber,
  mdsshDate: payments.mdsshDate,
  mdsshAmount: payments.mdsshAmount,
  itsdaNumber: payments.itsdaNumber,
  itsdaDate: payments.itsdaDate,
  itsdaAmount: payments.itsdaAmount,
  paymentReceiptNumber: payments.paymentReceiptNumber,
  paymentReceiptDate: payments.paymentReceiptDate,
  status: payments.status,
  total: payments.total,
  pricedOn: payments.pricedOn,
  verifyCode: payments.verifyCode,
  cancelReason: payments.cancelReason,
  createdBy: payments.createdBy,
  createdAt: payments.createdAt,
  version: payments.version,
};
type HeaderRow = { [K in keyof typeof headerColumns]: (typeof headerColumns)[K]['_']['data'] | null } & {
  id: number;
  createdAt: Date;
};

function asHeader(row: HeaderRow): Omit<Payment, 'rows' | 'online_request'> {
  return {
    id: row.id,
    owner_code: row.ownerCode!,
    owner_category: row.ownerCategory === 1 || row.ownerCategory === 2 ? row.ownerCategory : null,
    owner_name: row.ownerName!,
    owner_address: row.ownerAddress!,
    owner_phone: row.ownerPhone!,
    owner_transport_type: row.ownerTransportTypeId,
    region: row.regionId!,
    mdssh_number: row.mdsshNumber!,
    mdssh_date: row.mdsshDate,
    mdssh_amount: row.mdsshAmount,
    itsda_number: row.itsdaNumber!,
    itsda_date: row.itsdaDate,
    itsda_amount: row.itsdaAmount,
    payment_receipt_number: row.paymentReceiptNumber,
    payment_receipt_date: row.paymentReceiptDate,
    status: row.status as PaymentStatus,
    total: row.total!,
    priced_on: row.pricedOn!,
    verify_code: row.verifyCode!,
    cancel_reason: row.cancelReason,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    version: row.version!,
  };
}

function selectList(db: Executor) {
  return db
    .select({ ...headerColumns, rowsCount: rowsCountOf, forms: formsOf })
    .from(payments)
    .$dynamic();
}

/** The list's rows; with the routes' list caches its counts and positions are kept across writes. */
export function paymentSource(db: Executor): ListSource<PaymentListItem> {
  return {
    ...listCounts((where) => db.select(countWithSnapshot).from(payments).where(where)),
    rows: async (where, orderBy, window) =>
      (await applyList(selectList(db), where, orderBy, window)).map((row) => ({
        ...asHeader(row),
        rows_count: row.rowsCount,
        forms: row.forms,
      })),
    ...listReads(db, (keyColumns) => db.select(keyColumns).from(payments).$dynamic()),
  };
}

const rowColumns = {
  row: paymentRows,
  series: fnForms.series,
  number: fnForms.number,
};

function asRow(r: { row: typeof paymentRows.$inferSelect; series: string; number: number }): PaymentRow {
  const row = r.row;
  return {
    id: row.id,
    form: row.formId,
    form_series: r.series,
    form_number: formatFnNumber(r.number),
    plate: row.plate,
    base_carrier_pin: row.baseCarrierPin,
    brand_model: row.brandModel,
    seats_count: row.seatsCount,
    load_carrying_capacity: shortest(row.loadCarryingCapacity, 2),
    bus_type: row.busType,
    right_of_use: row.rightOfUse as PaymentRow['right_of_use'],
    right_of_use_expire_date: row.rightOfUseExpireDate,
    trailer_plate: row.trailerPlate,
    trailer_load_carrying_capacity: shortest(row.trailerLoadCarryingCapacity, 2),
    count_vehicle_load: row.countVehicleLoad,
    inspector: row.inspectorId,
    bus_route_name: row.busRouteName,
    bus_route_number: row.busRouteNumber,
    driver_fin: row.driverFin,
    driver_full_name: row.driverFullName,
    driving_license_number: row.drivingLicenseNumber,
    driving_license_categories: row.drivingLicenseCategories as PaymentRow['driving_license_categories'],
    driving_license_expire_date: row.drivingLicenseExpireDate,
    work_sectors: row.workSectors,
    transport_type: row.transportTypeId,
    coefficient: shortest(row.coefficient, 4),
    expire_date: row.months as PaymentRow['expire_date'],
    serviceErrors: row.serviceErrors,
    tax_price: row.taxPrice,
    tariff: {
      tariff_id: row.tariffId,
      tariff_rate: row.tariffRate,
      tariff_effective_from: row.tariffEffectiveFrom,
      fee_group: row.feeGroup as FeeGroup,
      units: row.units === null ? null : shortest(row.units, 2),
      coefficient: shortest(row.coefficient, 4),
      months: row.months,
      amount: row.taxPrice,
    },
    valid_from: row.validFrom,
    valid_until: row.validTo,
  };
}

/** A payment as the API answers it, from its header and its rows as inserted (`returning`) with their forms. */
export function paymentOf(
  header: HeaderRow,
  rows: { row: typeof paymentRows.$inferSelect; series: string; number: number }[],
  onlineRequest: number | null = null,
): Payment {
  return { ...asHeader(header), online_request: onlineRequest, rows: rows.map(asRow) };
}

export async function findRows(db: Executor, paymentId: number): Promise<PaymentRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(paymentRows)
    .innerJoin(fnForms, eq(fnForms.id, paymentRows.formId))
    .where(eq(paymentRows.paymentId, paymentId))
    .orderBy(asc(paymentRows.position));
  return rows.map(asRow);
}

// The online request a payment was made of (its payment_id is unique), read with the header.
// Names written out: Drizzle leaves a column in a selected sql fragment unqualified, and "id" would be the request's.
const onlineRequestOf = sql<
  number | null
>`(select o.id from online_payment_requests o where o.payment_id = "payments"."id")`;

/** One payment with its rows, or null (unknown, or outside `scope`). */
export async function findPayment(db: Executor, where: SQL | undefined): Promise<Payment | null> {
  const [row] = await db
    .select({ ...headerColumns, onlineRequest: onlineRequestOf })
    .from(payments)
    .where(where)
    .limit(1);
  if (!row) return null;
  return { ...asHeader(row), online_request: row.onlineRequest, rows: await findRows(db, row.id) };
}

/** Locks the payment's row until the transaction ends; null when it is not there (or outside `scope`). */
export async function lockPayment(db: Executor, id: number, scope: SQL | undefined) {
  const [row] = await db
    .select({ id: payments.id, status: payments.status, version: payments.version })
    .from(payments)
    .where(and(eq(payments.id, id), scope))
    .for('update');
  return row ?? null;
}

// The tariffs of the fee group of the form's transport type (the same read as `allTariffs`, one group's).
const groupTariffs = sql<TariffRate[]>`(select coalesce(json_agg(json_build_object('id', t.id,
    'fee_group', t.fee_group, 'rate', t.rate::text, 'effective_from', to_char(t.effective_from, 'YYYY-MM-DD'))
    order by t.id), '[]') from tariffs t where t.fee_group = ${transportTypes.feeGroup})`;

/**
 * Forms locked for a payment (FOR UPDATE, in id order), with what their batch says about price and region (its
 * transport type's fee group and that group's tariffs too: a row's transport type is its form's).
 */
export async function lockForms(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: fnForms.id,
      batchId: fnForms.batchId,
      series: fnForms.series,
      number: fnForms.number,
      stage: fnForms.stage,
      status: fnForms.status,
      annulled: fnForms.annulled,
      inspectorId: fnForms.inspectorId,
      paymentId: fnForms.paymentId,
      regionId: fnBatches.regionId,
      transportTypeId: fnBatches.transportTypeId,
      feeGroup: transportTypes.feeGroup,
      tariffs: groupTariffs,
      coefficient: fnCoefficients.coefficient,
      expireDate: fnBatches.expireDate,
      expireDateType: fnBatches.expireDateType,
    })
    .from(fnForms)
    .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
    .innerJoin(fnCoefficients, eq(fnCoefficients.id, fnBatches.coefficientId))
    .innerJoin(transportTypes, eq(transportTypes.id, fnBatches.transportTypeId))
    .where(inArray(fnForms.id, [...ids]))
    .orderBy(asc(fnForms.id))
    .for('update', { of: fnForms });
  return rows.map((r) => ({ ...r, months: batchValidityMonths(r.expireDate, r.expireDateType) }));
}
export type LockedForm = Awaited<ReturnType<typeof lockForms>>[number];

/** What prices a row of each batch (the free-forms answer): the coefficient's value and the months. */
export async function batchPricing(db: Executor, batchIds: readonly number[]) {
  const ids = [...new Set(batchIds)];
  if (ids.length === 0) return new Map<number, { coefficient_value: string; months: number }>();
  const rows = await db
    .select({
      id: fnBatches.id,
      coefficient: fnCoefficients.coefficient,
      expireDate: fnBatches.expireDate,
      expireDateType: fnBatches.expireDateType,
    })
    .from(fnBatches)
    .innerJoin(fnCoefficients, eq(fnCoefficients.id, fnBatches.coefficientId))
    .where(inArray(fnBatches.id, ids));
  return new Map(
    rows.map((r) => [
      r.id,
      { coefficient_value: shortest(r.coefficient, 4), months: batchValidityMonths(r.expireDate, r.expireDateType) },
    ]),
  );
}

/** Every tariff: the tariff function picks the one in force. */
export async function allTariffs(db: Executor): Promise<TariffRate[]> {
  const rows = await db.select().from(tariffs);
  return rows.map((t) => ({
    id: t.id,
    fee_group: t.feeGroup as FeeGroup,
    rate: t.rate,
    effective_from: t.effectiveFrom,
  }));
}

/** Fee groups of the transport types named. */
export async function feeGroupsOf(db: Executor, ids: readonly number[]): Promise<Map<number, FeeGroup>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: transportTypes.id, feeGroup: transportTypes.feeGroup })
    .from(transportTypes)
    .where(inArray(transportTypes.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.feeGroup]));
}

export async function receiptNumberUsed(db: Executor, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.paymentReceiptNumber, number))
    .limit(1);
  return !!row;
}

/** A payment by its public check code, with the validity and state of each form. */
export async function findByVerifyCode(db: Executor, code: string) {
  const [header] = await db.select(headerColumns).from(payments).where(eq(payments.verifyCode, code)).limit(1);
  if (!header) return null;
  const rows = await db
    .select({ ...rowColumns, annulled: fnForms.annulled })
    .from(paymentRows)
    .innerJoin(fnForms, eq(fnForms.id, paymentRows.formId))
    .where(eq(paymentRows.paymentId, header.id))
    .orderBy(asc(paymentRows.position));
  return { header: asHeader(header), rows: rows.map((r) => ({ ...asRow(r), annulled: r.annulled })) };
}
