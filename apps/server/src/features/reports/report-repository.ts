import {
  fnNoticeStatuses,
  fnStageLabel,
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
 * The reports' rules and shared reads (docs/decisions/0035-reports.md); the figures are read from the summary tables
 * (report-figures.ts) and, as their oracle, from the base tables (report-base-figures-test-kit.ts). Every figure counts a record as it stands now, on the day it reached that state:
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

export const inPeriod = (day: SQL, period: Period) =>
  period.from === null
    ? sql`${day} <= ${period.to}::date`
    : sql`${day} between ${period.from}::date and ${period.to}::date`;

/** The notice status as of today, as the forms list reads it (form-repository `effectiveStatus`). */
export const effectiveStatus = (today: string) =>
  sql`(case when f.status in (2, 3, 4) and f.valid_to < ${today}::date then 1 else f.status end)`;

/** The figure a form's present state counts in, or null (new, used: in no figure but `issued`). */
export const stateFigure = (today: string) => sql`(case
    when f.stage = 'active' then 'active'
    when f.stage = 'shared' then 'shared'
    when f.stage = 'voided' then 'voided'
    when not f.annulled and ${effectiveStatus(today)} = 4 then 'paid'
    when not f.annulled and ${effectiveStatus(today)} = 1 then 'expired'
  end)`;
/** The day a form reached its present state: the last day of validity for an expired form. */
export const stateDay = (today: string, stageDay: SQL = sql`(f.stage_at at time zone 'UTC')::date`) =>
  sql`(case when ${effectiveStatus(today)} = 1 then f.valid_to else ${stageDay} end)`;
export const issueDay = sql`(b.created_at at time zone 'UTC')::date`;

export const validityMonths = sql`(b.expire_date * (case b.expire_date_type when 'month' then 1 when 'quarter' then 3 when 'half-year' then 6 else 12 end))`;

/** Where a batch's dimensions are read: the batch itself (alias b), or a summary's columns. */
export interface BatchColumns {
  region: SQL;
  operator: SQL;
  transport_type: SQL;
  validity: SQL;
}
const batchColumns: BatchColumns = {
  region: sql`b.region_id`,
  operator: sql`b.operator_id`,
  transport_type: sql`b.transport_type_id`,
  validity: validityMonths,
};

/** The filters every figure shares, on the batch (alias b) of a form: scope, region, operator, type, validity. */
export function batchConditions(actor: AuthUser, filters: ReportFilters, columns = batchColumns): SQL[] {
  const conditions: SQL[] = [];
  if (!actor.isNational)
    conditions.push(actor.regionId === null ? sql`false` : sql`${columns.region} = ${actor.regionId}`);
  if (filters.region !== undefined) conditions.push(sql`${columns.region} = ${filters.region}`);
  if (filters.operator !== undefined) conditions.push(sql`${columns.operator} = ${filters.operator}`);
  if (filters.transport_type !== undefined) conditions.push(sql`${columns.transport_type} = ${filters.transport_type}`);
  if (filters.validity !== undefined) conditions.push(sql`${columns.validity} = ${filters.validity}`);
  return conditions;
}

/** The forms' conditions: the batch's, and the notice status as the forms list filters it. */
export function formConditions(actor: AuthUser, filters: ReportFilters, today: string, columns = batchColumns): SQL[] {
  const conditions = batchConditions(actor, filters, columns);
  if (filters.form_status !== undefined)
    conditions.push(sql`(${effectiveStatus(today)} = ${filters.form_status} and not f.annulled)`);
  return conditions;
}

export const whereAll = (conditions: SQL[]) =>
  conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;

/** A dimension's value on a form's batch (alias b); months are the figures' own (see `FormCount`). */
export const batchDimension = (dimension: Exclude<ReportGroupBy, 'month'>, columns = batchColumns): SQL =>
  columns[dimension];

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

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
}

export type FormFigures = Pick<ReportFigures, ReportFormFigure>;
export type ReportPaymentFigures = Omit<ReportFigures, ReportFormFigure>;
export type PaymentFigures = ReportPaymentFigures;
export type Dimension = Exclude<ReportGroupBy, 'month'>;

/**
 * The moment a report's figures are of (`as_of`), read before them. On the primary: now. On a standby that has
 * replayed all it received: when its primary last sent to it (its data is the primary's as of then). On a standby
 * with received WAL still to replay: the time of the last transaction it replayed. The figures are at least as
 * recent as this.
 */
export async function figuresAsOf(db: Executor): Promise<string> {
  const result = await db.execute(sql`
    select case
      when not pg_is_in_recovery() then now()
      when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn()
        then coalesce((select last_msg_send_time from pg_stat_wal_receiver), pg_last_xact_replay_timestamp(), now())
      else coalesce(pg_last_xact_replay_timestamp(), now())
    end as as_of`);
  const value = (result as unknown as { rows: { as_of: Date | string }[] }).rows[0]!.as_of;
  return new Date(value).toISOString();
}

/**
 * Forms counted in one pass, by the batch's dimensions, the month of issue, the state and the month of the state:
 * `issued` of them were issued within the period, `stated` reached their state within it. Small (groups, not
 * forms); `foldForms` sums it into any grouping.
 */
export interface FormCount {
  dims: number[];
  issue_month: string;
  state: ReportFormFigure | null;
  state_month: string;
  issued: number;
  stated: number;
}

const zeroForms: FormFigures = { issued: 0, active: 0, shared: 0, paid: 0, expired: 0, voided: 0 };

/** The forms' figures per group: `keyOf` names a count's group for its issue, and for its state. */
export function foldForms(
  counts: readonly FormCount[],
  keyOf: (count: FormCount, figure: 'issue' | 'state') => string,
): Map<string, FormFigures> {
  const groups = new Map<string, FormFigures>();
  const at = (key: string) => {
    let figures = groups.get(key);
    if (!figures) groups.set(key, (figures = { ...zeroForms }));
    return figures;
  };
  for (const count of counts) {
    if (count.issued > 0) at(keyOf(count, 'issue')).issued += count.issued;
    if (count.state && count.stated > 0) at(keyOf(count, 'state'))[count.state] += count.stated;
  }
  return groups;
}

/** A fold's key: dimensions by index (joined by `|`), or the month of the figure. */
export const groupKey =
  (indexes: readonly number[] | 'month') =>
  (count: FormCount, figure: 'issue' | 'state'): string =>
    indexes === 'month'
      ? figure === 'issue'
        ? count.issue_month
        : count.state_month
      : indexes.map((i) => String(count.dims[i])).join('|');

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
  chunk = 2_000,
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
