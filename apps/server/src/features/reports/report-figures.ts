import { reportDefaultPaymentStatus, type ReportGroupBy } from '@dnx/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { utcDay } from '../../lib/days';
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
 * The reports' figures from the summary tables (migration 0046, decisions.md "Report summaries"), which the
 * database keeps exact in the transaction of each write. They read a row per class of forms and per shape of
 * payments, not per form, and apply the same rules as the base tables' queries (report-base-figures.ts, their
 * oracle): a form's state as of today, from its stored stage, status and last day of validity.
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
 * The payments' figures for several groupings in one pass (see report-base-figures.ts `paymentFiguresFromBase`
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
  const dimensionColumns = dimensions.map((d, i) => sql`${value(d)} as ${sql.raw(`d${i}`)}`);
  const names = (indexes: readonly number[]) => indexes.map((i) => sql.raw(`d${i}`));
  // Per set: whether a row is its shape's first within the set's group.
  const firsts = sets.map((set, n) => {
    const partition = [sql`day`, sql`combos`, ...names(set)];
    return sql`row_number() over (partition by ${sql.join(partition, sql`, `)}) = 1 as ${sql.raw(`first${n}`)}`;
  });
  const grouping = (set: readonly number[]) => sql`(${sql.join(names(set), sql`, `)})`;
  const allNames = names(dimensions.map((_d, i) => i));
  const keyOf = sql.join(
    dimensions.map((_d, i) => sql`coalesce(${sql.raw(`d${i}`)}, '*')`),
    sql` || '|' || `,
  );
  const setIndex =
    sets.length === 1
      ? sql`0`
      : sql`case ${sql.join(
          sets.map(
            (set, n) =>
              sql`when ${sql.join(
                dimensions.map((_d, i) => sql`grouping(${sql.raw(`d${i}`)}) = ${sql.raw(set.includes(i) ? '0' : '1')}`),
                sql` and `,
              )} then ${sql.raw(String(n))}`,
          ),
          sql` `,
        )} end`;
  const perSet = sets.map((_set, n) => {
    const first = sql.raw(`first${n}`);
    return sql`coalesce(sum(payments) filter (where ${first}), 0)::int as ${sql.raw(`payments${n}`)},
      coalesce(sum(mdssh) filter (where ${first}), 0)::numeric(16, 2)::text as ${sql.raw(`mdssh${n}`)},
      coalesce(sum(itsda) filter (where ${first}), 0)::numeric(16, 2)::text as ${sql.raw(`itsda${n}`)}`;
  });
  const groupBy = [...allNames.map((n) => sql`${n}`), sql`s.day`, sql`s.combos`];
  const rows = rowsOf<{ set: number; key: string; tax: string } & Record<string, string | number>>(
    await db.execute(sql`select ${setIndex} as set, ${dimensions.length ? keyOf : sql`''`} as key,
        coalesce(sum(tax), 0)::numeric(16, 2)::text as tax, ${sql.join(perSet, sql`, `)}
      from (
        select *, ${sql.join(firsts, sql`, `)} from (
          select ${sql.join([...allNames, sql`day`, sql`combos`], sql`, `)}, sum(tax) as tax,
            sum(payments) as payments, sum(mdssh) as mdssh, sum(itsda) as itsda
          from (
            select ${sql.join([...dimensionColumns, sql`s.day`, sql`s.combos`], sql`, `)}, sum(e.tax) as tax,
              max(s.payments) as payments, max(s.mdssh) as mdssh, max(s.itsda) as itsda
            from report_payment_days s
            cross join lateral (
              select s.combos[4 * i - 3] as region_id, s.combos[4 * i - 2] as operator_id,
                s.combos[4 * i - 1] as transport_type_id, s.combos[4 * i] as validity, s.taxes[i] as tax
              from generate_series(1, cardinality(s.taxes)) i
            ) e
            ${whereAll(conditions)}
            group by ${sql.join([...groupBy, sql`s.stripe`], sql`, `)}
          ) per_stripe
          group by ${sql.join([...allNames, sql`day`, sql`combos`], sql`, `)}
          -- Stripes that sum to nothing (a payment counted on one and taken back on another) are no shape.
          having sum(payments) <> 0 or sum(tax) <> 0 or sum(mdssh) <> 0 or sum(itsda) <> 0
        ) per_shape
      ) flagged
      group by grouping sets (${sql.join(sets.map(grouping), sql`, `)})`),
  );
  const result = sets.map(() => new Map<string, PaymentFigures>());
  for (const row of rows) {
    const parts = row.key.split('|');
    result[row.set]!.set(sets[row.set]!.map((i) => parts[i]).join('|'), {
      payments: row[`payments${row.set}`] as number,
      tax: row.tax,
      mdssh: row[`mdssh${row.set}`] as string,
      itsda: row[`itsda${row.set}`] as string,
    });
  }
  return result;
}
