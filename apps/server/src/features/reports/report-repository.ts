import {
  fnNoticeStatuses,
  fnStageLabel,
  reportDefaultPaymentStatus,
  reportFormFigureKeys,
  type FnStage,
  type ReportFigures,
  type ReportFilters,
  type ReportFormFigure,
  type ReportGroupBy,
} from '@dnx/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { utcDay } from '../../lib/days';
import type { AuthUser } from '../../plugins/auth';

/**
 * The reports' reads (decisions.md "Reports"), in SQL written against the base tables: no summary table to keep
 * exact. Every figure counts a record as it stands now, on the day it reached that state:
 * - a form is `issued` on its batch's day, and counted once more in its state (active, shared, paid, expired,
 *   voided) on the day it entered it (an expiry: the last day of validity);
 * - a payment is counted on the day it reached its status, with its rows' tax and its MDSSH and İTSDA.
 * Days are UTC days, as every day of the application. Names are written out (aliases f, b, p, r): Drizzle leaves
 * a column in a raw fragment unqualified.
 */

/** The period as applied: from its first day (or the beginning) to its last day (or today), inclusive. */
export interface Period {
  from: string | null;
  to: string;
}

export const periodOf = (filters: Pick<ReportFilters, 'date_from' | 'date_to'>): Period => ({
  from: filters.date_from ?? null,
  to: filters.date_to ?? utcDay(),
});

const inPeriod = (day: SQL, period: Period) =>
  period.from === null
    ? sql`${day} <= ${period.to}::date`
    : sql`${day} between ${period.from}::date and ${period.to}::date`;

/** The notice status as of today, as the forms list reads it (form-repository `effectiveStatus`). */
const effectiveStatus = (today: string) =>
  sql`(case when f.status in (2, 3, 4) and f.valid_to < ${today}::date then 1 else f.status end)`;

/** The figure a form's present state counts in, or null (new, used: in no figure but `issued`). */
const stateFigure = (today: string) => sql`(case
    when f.stage = 'active' then 'active'
    when f.stage = 'shared' then 'shared'
    when f.stage = 'voided' then 'voided'
    when not f.annulled and ${effectiveStatus(today)} = 4 then 'paid'
    when not f.annulled and ${effectiveStatus(today)} = 1 then 'expired'
  end)`;
/** The day a form reached its present state: the last day of validity for an expired form. */
const stateDay = (today: string) =>
  sql`(case when ${effectiveStatus(today)} = 1 then f.valid_to else (f.stage_at at time zone 'UTC')::date end)`;
const issueDay = sql`(b.created_at at time zone 'UTC')::date`;

const validityMonths = sql`(b.expire_date * (case b.expire_date_type when 'month' then 1 when 'quarter' then 3 when 'half-year' then 6 else 12 end))`;

/** The filters every figure shares, on the batch (alias b) of a form: scope, region, operator, type, validity. */
function batchConditions(actor: AuthUser, filters: ReportFilters): SQL[] {
  const conditions: SQL[] = [];
  if (!actor.isNational) conditions.push(actor.regionId === null ? sql`false` : sql`b.region_id = ${actor.regionId}`);
  if (filters.region !== undefined) conditions.push(sql`b.region_id = ${filters.region}`);
  if (filters.operator !== undefined) conditions.push(sql`b.operator_id = ${filters.operator}`);
  if (filters.transport_type !== undefined) conditions.push(sql`b.transport_type_id = ${filters.transport_type}`);
  if (filters.validity !== undefined) conditions.push(sql`${validityMonths} = ${filters.validity}`);
  return conditions;
}

/** The forms' conditions: the batch's, and the notice status as the forms list filters it. */
function formConditions(actor: AuthUser, filters: ReportFilters, today: string): SQL[] {
  const conditions = batchConditions(actor, filters);
  if (filters.form_status !== undefined)
    conditions.push(sql`(${effectiveStatus(today)} = ${filters.form_status} and not f.annulled)`);
  return conditions;
}

const whereAll = (conditions: SQL[]) => (conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``);

/** A group's key of forms (`day`: the figure's day) and of payments. */
const formKey = (dimension: ReportGroupBy, day: SQL): SQL =>
  ({
    region: sql`b.region_id::text`,
    operator: sql`b.operator_id::text`,
    transport_type: sql`b.transport_type_id::text`,
    month: sql`to_char(${day}, 'YYYY-MM')`,
  })[dimension];
const paymentKey = (dimension: ReportGroupBy): SQL =>
  dimension === 'month' ? sql`to_char((p.status_at at time zone 'UTC')::date, 'YYYY-MM')` : formKey(dimension, sql``);

const keyColumns = (dimensions: readonly ReportGroupBy[], key: (d: ReportGroupBy) => SQL) =>
  dimensions.length === 0 ? sql`''` : sql.join(dimensions.map(key), sql` || '|' || `);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const zeroFigures = (): ReportFigures => ({
  issued: 0,
  active: 0,
  shared: 0,
  paid: 0,
  expired: 0,
  voided: 0,
  payments: 0,
  tax: '0.00',
  mdssh: '0.00',
  itsda: '0.00',
});

export interface AggregateOptions {
  actor: AuthUser;
  filters: ReportFilters;
  period: Period;
  /** The dimensions of a group, its key their values joined by `|` ('' for the whole selection). */
  dimensions: readonly ReportGroupBy[];
}

type FormFigures = Pick<ReportFigures, ReportFormFigure>;
type PaymentFigures = Omit<ReportFigures, ReportFormFigure>;

/**
 * The forms' figures per group, in one pass: each form gives its issue and its state, each in the group of that
 * figure's day. Each form counts once per figure, so groups add up to any coarser group (`rollUp`).
 */
export async function formFigures(db: Executor, options: AggregateOptions): Promise<Map<string, FormFigures>> {
  const { actor, filters, period, dimensions } = options;
  const today = utcDay();
  const rows = rowsOf<{ key: string; figure: ReportFormFigure; n: number }>(
    await db.execute(sql`select ${keyColumns(dimensions, (d) => formKey(d, sql`e.day`))} as key, e.figure, count(*)::int as n
      from fn_forms f join fn_batches b on b.id = f.batch_id
      cross join lateral (values ('issued', ${issueDay}), (${stateFigure(today)}, ${stateDay(today)})) e(figure, day)
      ${whereAll([...formConditions(actor, filters, today), sql`e.figure is not null`, inPeriod(sql`e.day`, period)])}
      group by 1, 2`),
  );
  const groups = new Map<string, FormFigures>();
  for (const row of rows) {
    let figures = groups.get(row.key);
    if (!figures) groups.set(row.key, (figures = { ...zeroForms }));
    figures[row.figure] = row.n;
  }
  return groups;
}

const zeroForms: FormFigures = { issued: 0, active: 0, shared: 0, paid: 0, expired: 0, voided: 0 };

/** The forms' figures of coarser groups: `keyOf` maps a group's key to its coarser group's key. */
export function rollUp(groups: Map<string, FormFigures>, keyOf: (key: string) => string): Map<string, FormFigures> {
  const coarse = new Map<string, FormFigures>();
  for (const [key, figures] of groups) {
    const target = keyOf(key);
    const sum = coarse.get(target) ?? { ...zeroForms };
    for (const figure of reportFormFigureKeys) sum[figure] += figures[figure];
    coarse.set(target, sum);
  }
  return coarse;
}

/**
 * The payments' figures per group: how many payments reached the status in the period, their rows' tax, and their
 * MDSSH and İTSDA, each payment once per group its rows fall in (so a finer grouping may count it twice: ask each
 * grouping of its own).
 */
export async function paymentFigures(db: Executor, options: AggregateOptions): Promise<Map<string, PaymentFigures>> {
  const { actor, filters, period, dimensions } = options;
  const conditions = [
    ...batchConditions(actor, filters),
    sql`p.status = ${filters.payment_status ?? reportDefaultPaymentStatus}`,
    inPeriod(sql`(p.status_at at time zone 'UTC')::date`, period),
  ];
  const rows = rowsOf<{ key: string } & PaymentFigures>(
    await db.execute(sql`select key, count(*)::int as payments,
        coalesce(sum(tax), 0)::numeric(16, 2)::text as tax,
        coalesce(sum(mdssh), 0)::numeric(16, 2)::text as mdssh,
        coalesce(sum(itsda), 0)::numeric(16, 2)::text as itsda
      from (
        select ${keyColumns(dimensions, paymentKey)} as key, p.id, sum(r.tax_price) as tax,
          max(p.mdssh_amount) as mdssh, max(p.itsda_amount) as itsda
        from payments p join payment_rows r on r.payment_id = p.id
          join fn_forms f on f.id = r.form_id join fn_batches b on b.id = f.batch_id
        ${whereAll(conditions)}
        group by 1, p.id
      ) per_payment group by key`),
  );
  return new Map(rows.map(({ key, ...figures }) => [key, figures]));
}

/** A group's figures from the forms' and the payments' (zeros for what is missing). */
export const figuresOf = (forms: FormFigures | undefined, payments: PaymentFigures | undefined): ReportFigures => ({
  ...zeroFigures(),
  ...forms,
  ...payments,
});

/** The names of the groups' ids of one dimension (months are named by the caller). */
export async function dimensionNames(
  db: Executor,
  dimension: Exclude<ReportGroupBy, 'month'>,
  ids: number[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const query = {
    region: sql`select id::text as id, name from regions where id in (${list})`,
    operator: sql`select id::text as id, trim(last_name || ' ' || first_name) as name from users where id in (${list})`,
    transport_type: sql`select id::text as id, name from transport_types where id in (${list})`,
  }[dimension];
  return new Map(rowsOf<{ id: string; name: string }>(await db.execute(query)).map((r) => [r.id, r.name]));
}

/** One form of an export's detail sheet: a form the report counts (issued or in its state within the period). */
export interface ReportDetailRow {
  id: number;
  series: string;
  number: number;
  region: string;
  operator: string;
  transport_type: string;
  validity: number;
  issued_on: string;
  stage: string;
  status: string;
  figure: string | null;
  state_on: string;
  payment: number | null;
}

function detailWhere(actor: AuthUser, filters: ReportFilters, period: Period, today: string): SQL[] {
  return [
    ...formConditions(actor, filters, today),
    sql`(${inPeriod(issueDay, period)} or (${stateFigure(today)} is not null and ${inPeriod(stateDay(today), period)}))`,
  ];
}

export async function countDetailRows(db: Executor, actor: AuthUser, filters: ReportFilters, period: Period) {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from fn_forms f join fn_batches b on b.id = f.batch_id
      ${whereAll(detailWhere(actor, filters, period, utcDay()))}`),
  );
  return row?.n ?? 0;
}

/**
 * The detail rows in id order, `chunk` at a time by keyset (the same on both databases, no cursor held open):
 * memory stays flat whatever the count.
 */
export async function* detailRows(
  db: Executor,
  actor: AuthUser,
  filters: ReportFilters,
  period: Period,
  chunk = 5_000,
): AsyncGenerator<ReportDetailRow[]> {
  const today = utcDay();
  const where = detailWhere(actor, filters, period, today);
  let after = 0;
  for (;;) {
    const rows = rowsOf<Omit<ReportDetailRow, 'stage' | 'status'> & { stage: FnStage; status: number | null }>(
      await db.execute(sql`select f.id, f.series, f.number, rg.name as region,
          trim(u.last_name || ' ' || u.first_name) as operator, tt.name as transport_type, ${validityMonths}::int as validity,
          to_char(${issueDay}, 'YYYY-MM-DD') as issued_on, f.stage, ${effectiveStatus(today)}::int as status,
          ${stateFigure(today)} as figure, to_char(${stateDay(today)}, 'YYYY-MM-DD') as state_on, f.payment_id as payment
        from fn_forms f join fn_batches b on b.id = f.batch_id
          join regions rg on rg.id = b.region_id join users u on u.id = b.operator_id
          join transport_types tt on tt.id = b.transport_type_id
        ${whereAll([...where, sql`f.id > ${after}`])}
        order by f.id limit ${chunk}`),
    );
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      ...r,
      stage: fnStageLabel(r.stage),
      status: r.status === null ? '' : (fnNoticeStatuses.find((s) => s.code === r.status)?.label ?? String(r.status)),
    }));
    if (rows.length < chunk) return;
    after = rows[rows.length - 1]!.id;
  }
}
