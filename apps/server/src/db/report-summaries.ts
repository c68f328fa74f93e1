import { sql } from 'drizzle-orm';
import type { Executor } from './client';

/**
 * The reports' summary tables (migrations 0046 and 0054, docs/decisions/0036-report-summaries.md):
 * the forms' counts kept by each write on its stripe, the payments' applied after the commit from a log
 * (`applyReportSummaries`); these compute them again from the base tables.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface SummaryRebuild {
  form_rows: number;
  payment_rows: number;
}

/**
 * Recomputes every summary from the base tables in one transaction, writers held off by a SHARE lock (a write
 * begun before waits for the rebuild's commit, one in flight is committed, and counted, before the rebuild reads).
 */
export async function rebuildReportSummaries(db: Executor): Promise<SummaryRebuild> {
  return db.transaction(async (tx) => {
    // Minutes at ten million forms: the app's statement timeout is for requests, not for this.
    await tx.execute(sql`set local statement_timeout = 0`);
    const [row] = rowsOf<SummaryRebuild>(
      await tx.execute(
        sql`select form_rows::int as form_rows, payment_rows::int as payment_rows from dnx_report_summaries_rebuild()`,
      ),
    );
    return row!;
  });
}

/**
 * Applies the payments' log (report_payment_pending) to their summaries in one transaction: the log rows taken and
 * the payments counted again commit together, so an apply that dies leaves the log whole. One applier at a time
 * across processes: another one running answers -1 at once. Answers the payments applied.
 */
export async function applyReportSummaries(db: Executor): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ applied: number }>(await tx.execute(sql`select dnx_report_summaries_apply() as applied`));
    return row!.applied;
  });
}

/** The payments in the log not yet applied: the worker's backlog (metric `report_summary_backlog`). */
export async function reportSummaryBacklog(db: Executor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct payment_id)::int as n from report_payment_pending`),
  );
  return row!.n;
}

export interface SummaryFold {
  form_rows: number;
  payment_rows: number;
}

/**
 * Folds every stripe of the summaries into stripe 0 of its key (the hourly job `report-summaries-fold`): writers
 * add to their connection's stripe so that none waits on another's row; the reports sum the stripes either way.
 */
export async function foldReportSummaries(db: Executor): Promise<SummaryFold> {
  const [row] = rowsOf<SummaryFold>(
    await db.execute(
      sql`select form_rows::int as form_rows, payment_rows::int as payment_rows from dnx_report_summaries_fold()`,
    ),
  );
  return row!;
}

/**
 * How many summary keys differ from what the base tables give now (each side's rows missing from the other), the
 * stripes of a key summed.
 */
export interface SummaryDifferences {
  forms: number;
  shapes: number;
  payments: number;
}

export async function reportSummaryDifferences(db: Executor): Promise<SummaryDifferences> {
  const [row] = rowsOf<SummaryDifferences>(
    await db.execute(sql`
      with want_forms as (
        select kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to,
          count(*) as forms
        from report_form_classes group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
      ), have_forms as (
        select kind, day, region_id, operator_id, transport_type_id, validity, stage, status, annulled, valid_to,
          sum(forms)::bigint as forms
        from report_form_counts group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 having sum(forms) <> 0
      ), logged as (
        select distinct payment_id from report_payment_pending
      ), shapes_now as (
        -- The payments in the log are counted again by the apply; every other one's kept shape must be its shape now.
        select * from report_payment_shapes_now where payment_id not in (select payment_id from logged)
      ), shapes_kept as (
        select * from report_payment_shapes where payment_id not in (select payment_id from logged)
      ), want_days as (
        select status, day, combos, max(payments) as payments, array_agg(tax order by i) as taxes,
          max(mdssh) as mdssh, max(itsda) as itsda
        from (
          select status, day, combos, i, count(*) as payments, sum(tax) as tax, sum(mdssh) as mdssh,
            sum(itsda) as itsda
          from report_payment_shapes_now cross join lateral unnest(taxes) with ordinality u(tax, i)
          group by 1, 2, 3, 4
        ) e group by 1, 2, 3
      ), have_days as (
        select * from (
          select status, day, combos, sum(payments)::bigint as payments, dnx_numeric_array_sum(taxes) as taxes,
            sum(mdssh) as mdssh, sum(itsda) as itsda
          from report_payment_days_live group by 1, 2, 3
        ) d where not dnx_payment_day_is_zero(payments, taxes, mdssh, itsda)
      )
      select
        (select count(*) from ((select * from want_forms except all select * from have_forms)
          union all (select * from have_forms except all select * from want_forms)) d)::int as forms,
        (select count(*) from ((select * from shapes_now except all select * from shapes_kept)
          union all (select * from shapes_kept except all select * from shapes_now)) d)::int as shapes,
        (select count(*) from ((select * from want_days except all select * from have_days)
          union all (select * from have_days except all select * from want_days)) d)::int as payments`),
  );
  return row!;
}
