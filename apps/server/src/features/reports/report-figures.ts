import { reportDefaultPaymentStatus, type ReportGroupBy } from '@dnx/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { utcDay } from '../../lib/days';
import { dimensionColumn, figuresBySet, firstFlags, groupingSets, setFigures, type SetRow } from './grouping-sets';
import {
  batchConditions,
  formConditions,
  inPeriod,
  rowsOf,
  stateDay,
  stateFigure,
  whereAll,
  type AggregateOptions,
  type BatchColumns,
  type Dimension,
  type FormCount,
  type PaymentFigures,
} from './report-repository';

/**
 * The reports' figures from the summary tables (migration 0046, docs/decisions/0036-report-summaries.md): the forms'
 * counts kept by each write on its stripe, the payments' applied after the commit with the log not yet applied folded
 * in (report_payment_days_live, migration 0054), so exact in each read's snapshot. They read a row per class of forms
 * and per shape of payments, not per form, and apply the same rules as the base tables' queries
 * (report-base-figures-test-kit.ts, their oracle): a form's state as of today, from its stored stage, status and last
 * day of validity.
 */

/** A summary row's dimensions (alias f for forms, e for a payment shape's element). */
const summaryColumns = (alias: 'f' | 'e'): BatchColumns => ({
  region: sql.raw(`${alias}.region_id`),
  operator: sql.raw(`${alias}.operator_id`),
  transport_type: sql.raw(`${alias}.transport_type_id`),
  validity: sql.raw(`${alias}.validity`),
});

/** The forms' counts (see `FormCount`): issue rows give `issued`, state rows `stated`. */
export async function countForms(
  db: Executor,
  options: AggregateOptions,
  dimensions: readonly Dimension[],
  byMonth: boolean,
): Promise<FormCount[]> {
  const { actor, filters, period } = options;
  const today = utcDay();
  const columns = summaryColumns('f');
  const month = (day: SQL) => (byMonth ? sql`to_char(${day}, 'YYYY-MM')` : sql`''`);
  const dims = dimensions.length
    ? sql`array[${sql.join(
        dimensions.map((d) => columns[d]),
        sql`, `,
      )}]`
    : sql`array[]::int[]`;
  const issueIn = sql`(f.kind = 'i' and ${inPeriod(sql`f.day`, period)})`;
  const stateIn = sql`(s.state is not null and ${inPeriod(sql`s.day`, period)})`;
  return rowsOf<FormCount>(
    await db.execute(sql`select ${dims} as dims, case when f.kind = 'i' then ${month(sql`f.day`)} else '' end as issue_month,
        s.state, case when f.kind = 's' then ${month(sql`s.day`)} else '' end as state_month,
        coalesce(sum(f.forms) filter (where ${issueIn}), 0)::int as issued,
        coalesce(sum(f.forms) filter (where ${stateIn}), 0)::int as stated
      from (
        select kind, day, region_id, operator_id, transport_type_id, validity, stage, nullif(status, -1) as status,
          annulled, nullif(valid_to, 'infinity'::date) as valid_to, forms
        from report_form_counts
      ) f
      cross join lateral (
        select case when f.kind = 's' then ${stateFigure(today)} end as state, ${stateDay(today, sql`f.day`)} as day
      ) s
      ${whereAll([...formConditions(actor, filters, today, columns), sql`(${issueIn} or ${stateIn})`])}
      group by 1, 2, 3, 4
      having coalesce(sum(f.forms) filter (where ${issueIn}), 0) <> 0
        or coalesce(sum(f.forms) filter (where ${stateIn}), 0) <> 0`),
  );
}

/**
 * The payments' figures for several groupings in one pass (see report-base-figures-test-kit.ts `paymentFiguresFromBase`
 * for the rules): each summary row (its stripes summed) is the payments of one status, day and shape, unfolded into its elements; a
 * row counts its payments (and their MDSSH and İTSDA) once in each group its elements fall in.
 */
export async function paymentFigures(
  db: Executor,
  options: AggregateOptions,
  dimensions: readonly ReportGroupBy[],
  sets: readonly (readonly number[])[],
): Promise<Map<string, PaymentFigures>[]> {
  const { actor, filters, period } = options;
  const columns = summaryColumns('e');
  const conditions = [
    ...batchConditions(actor, filters, columns),
    sql`s.status = ${filters.payment_status ?? reportDefaultPaymentStatus}`,
    inPeriod(sql`s.day`, period),
  ];
  const value = (d: ReportGroupBy) => (d === 'month' ? sql`to_char(s.day, 'YYYY-MM')` : sql`${columns[d]}::text`);
  const dimensionColumns = dimensions.map((d, i) => sql`${value(d)} as ${dimensionColumn(i)}`);
  // Per set: whether a row is its shape's first within the set's group.
  const firsts = firstFlags(sets, (set) => [sql`day`, sql`combos`, ...set.map(dimensionColumn)]);
  const names = dimensions.map((_d, i) => dimensionColumn(i));
  const groupBy = [...names, sql`s.day`, sql`s.combos`];
  const payments = (first: SQL) => sql`coalesce(sum(payments) filter (where ${first}), 0)::int`;
  const rows = rowsOf<SetRow>(
    await db.execute(sql`select ${setFigures(dimensions.length, sets, payments)}
      from (
        select *, ${firsts} from (
          select ${sql.join([...names, sql`day`, sql`combos`], sql`, `)}, sum(tax) as tax,
            sum(payments) as payments, sum(mdssh) as mdssh, sum(itsda) as itsda
          from (
            select ${sql.join([...dimensionColumns, sql`s.day`, sql`s.combos`], sql`, `)}, sum(e.tax) as tax,
              max(s.payments) as payments, max(s.mdssh) as mdssh, max(s.itsda) as itsda
            from report_payment_days_live s
            cross join lateral (
              select s.combos[4 * i - 3] as region_id, s.combos[4 * i - 2] as operator_id,
                s.combos[4 * i - 1] as transport_type_id, s.combos[4 * i] as validity, s.taxes[i] as tax
              from generate_series(1, cardinality(s.taxes)) i
            ) e
            ${whereAll(conditions)}
            group by ${sql.join([...groupBy, sql`s.stripe`], sql`, `)}
          ) per_stripe
          group by ${sql.join([...names, sql`day`, sql`combos`], sql`, `)}
          -- Stripes that sum to nothing (a payment counted on one and taken back on another) are no shape.
          having sum(payments) <> 0 or sum(tax) <> 0 or sum(mdssh) <> 0 or sum(itsda) <> 0
        ) per_shape
      ) flagged
      group by ${groupingSets(sets)}`),
  );
  return figuresBySet(rows, sets);
}
