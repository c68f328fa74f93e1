import { reportDefaultPaymentStatus, type ReportGroupBy } from '@dnx/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { utcDay } from '../../lib/days';
import { dimensionColumn, figuresBySet, firstFlags, groupingSets, setFigures, type SetRow } from './grouping-sets';
import {
  batchConditions,
  batchDimension,
  formConditions,
  inPeriod,
  issueDay,
  rowsOf,
  stateDay,
  stateFigure,
  whereAll,
  type AggregateOptions,
  type Dimension,
  type FormCount,
  type PaymentFigures,
} from './report-repository';

/**
 * The reports' figures read from the base tables (forms, batches, payments and their rows) in one pass each: what
 * the reports read before the summary tables (issue 31), kept as the oracle the summaries' tests compare with.
 */

export async function countFormsFromBase(
  db: Executor,
  options: AggregateOptions,
  dimensions: readonly Dimension[],
  byMonth: boolean,
): Promise<FormCount[]> {
  const { actor, filters, period } = options;
  const today = utcDay();
  // Months only when asked: two to_char calls a form are a third of the pass.
  const month = (day: SQL) => (byMonth ? sql`to_char(${day}, 'YYYY-MM')` : sql`''`);
  const dims = dimensions.length
    ? sql`array[${sql.join(
        dimensions.map((d) => batchDimension(d)),
        sql`, `,
      )}]`
    : sql`array[]::int[]`;
  const issueIn = inPeriod(issueDay, period);
  const stateIn = sql`(s.state is not null and ${inPeriod(sql`s.day`, period)})`;
  return rowsOf<FormCount>(
    await db.execute(sql`select ${dims} as dims, ${month(issueDay)} as issue_month, s.state, ${month(sql`s.day`)} as state_month,
        (count(*) filter (where ${issueIn}))::int as issued, (count(*) filter (where ${stateIn}))::int as stated
      from fn_forms f join fn_batches b on b.id = f.batch_id
      cross join lateral (select ${stateFigure(today)} as state, ${stateDay(today)} as day) s
      ${whereAll([...formConditions(actor, filters, today), sql`(${issueIn} or ${stateIn})`])}
      group by 1, 2, 3, 4`),
  );
}

/**
 * The payments' figures for several groupings in one pass: how many payments reached the status in the period,
 * their rows' tax, and their MDSSH and İTSDA. A payment counts once in each group its rows fall in: a grouping
 * without the operator or transport type (which vary between a payment's rows) counts it once, by its first row
 * of that group. `sets` are groupings by indexes into `dimensions` ('month' is the payment's month).
 */
export async function paymentFiguresFromBase(
  db: Executor,
  options: AggregateOptions,
  dimensions: readonly ReportGroupBy[],
  sets: readonly (readonly number[])[],
): Promise<Map<string, PaymentFigures>[]> {
  const { actor, filters, period } = options;
  const conditions = [
    ...batchConditions(actor, filters),
    sql`p.status = ${filters.payment_status ?? reportDefaultPaymentStatus}`,
    inPeriod(sql`(p.status_at at time zone 'UTC')::date`, period),
  ];
  const value = (d: ReportGroupBy) =>
    d === 'month' ? sql`to_char((p.status_at at time zone 'UTC')::date, 'YYYY-MM')` : sql`${batchDimension(d)}::text`;
  const columns = dimensions.map((d, i) => sql`${value(d)} as ${dimensionColumn(i)}`);
  const varying = (d: ReportGroupBy) => d === 'operator' || d === 'transport_type';
  // Per set: whether a row is the payment's first within the set's group (a window over the payment's rows).
  const firsts = firstFlags(sets, (set) => [
    sql`id`,
    ...set.filter((i) => varying(dimensions[i]!)).map(dimensionColumn),
  ]);
  const groupBy = [...dimensions.map((_d, i) => dimensionColumn(i)), sql`p.id`];
  const payments = (first: SQL) => sql`(count(*) filter (where ${first}))::int`;
  const rows = rowsOf<SetRow>(
    await db.execute(sql`select ${setFigures(dimensions.length, sets, payments)}
      from (
        select *, ${firsts} from (
          select ${sql.join([...columns, sql`p.id`], sql`, `)}, sum(r.tax_price) as tax,
            max(p.mdssh_amount) as mdssh, max(p.itsda_amount) as itsda
          from payments p join payment_rows r on r.payment_id = p.id
            join fn_forms f on f.id = r.form_id join fn_batches b on b.id = f.batch_id
          ${whereAll(conditions)}
          group by ${sql.join(groupBy, sql`, `)}
        ) per_payment
      ) flagged
      group by ${groupingSets(sets)}`),
  );
  return figuresBySet(rows, sets);
}
