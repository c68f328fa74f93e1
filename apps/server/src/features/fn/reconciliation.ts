import {
  fnMessages as m,
  fnReconciliationCountKeys,
  fnReconciliationStageKeys,
  type FnReconciliation,
  type FnReconciliationQuery,
} from '@dnx/shared';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnBatches } from '../../db/schema';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import { today } from './form-repository';

type Counts = Omit<FnReconciliation['totals'], 'balanced'>;
const countKeys = fnReconciliationCountKeys;
const stageKeys = fnReconciliationStageKeys;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const balanced = (c: Counts) => stageKeys.reduce((sum, key) => sum + c[key], 0) === c.issued;

/**
 * Reconciliation of the forms (decisions.md section 3): per series and operator what was issued and where every
 * number is now, whether the stages add up, numbers missing or stray, overlapping ranges, and anomalies.
 */
export async function reconcile(
  db: Database,
  actor: AuthUser,
  query: FnReconciliationQuery,
): Promise<FnReconciliation> {
  const where: SQL | undefined = and(
    regionScope(actor, fnBatches.regionId),
    query.series ? eq(fnBatches.series, query.series) : undefined,
    query.operator === undefined ? undefined : eq(fnBatches.operatorId, query.operator),
    query.region === undefined ? undefined : eq(fnBatches.regionId, query.region),
    query.transport_type === undefined ? undefined : eq(fnBatches.transportTypeId, query.transport_type),
  );
  const whereSql = where ? sql`where ${where}` : sql``;
  // One read of a consistent snapshot: the counts, the gaps and the anomalies describe the same moment.
  return db.transaction(
    async (tx) => {
      const batchRows = rowsOf<{
        series: string;
        operator: number;
        operator_name: string;
        region: number;
        region_name: string;
        batches: number;
        issued: number;
      }>(
        await tx.execute(sql`select fn_batches.series, fn_batches.operator_id as operator, trim(u.last_name || ' ' || u.first_name) as operator_name,
            fn_batches.region_id as region, r.name as region_name, count(*)::int as batches,
            sum(fn_batches.finish_number - fn_batches.start_number + 1)::int as issued
          from fn_batches join users u on u.id = fn_batches.operator_id join regions r on r.id = fn_batches.region_id
          ${whereSql} group by 1, 2, 3, 4, 5 order by 1, 2`),
      );
      const expired = sql`(f.status in (2, 3, 4) and f.valid_to < ${today()})`;
      const formRows = rowsOf<Record<string, number | string>>(
        await tx.execute(sql`select fn_batches.series, fn_batches.operator_id as operator,
            count(*) filter (where f.stage = 'new')::int as new,
            count(*) filter (where f.stage = 'active')::int as active,
            count(*) filter (where f.stage = 'shared')::int as shared,
            count(*) filter (where f.stage = 'used')::int as used,
            count(*) filter (where f.stage = 'paid' and not f.annulled and not ${expired})::int as paid,
            count(*) filter (where f.stage = 'paid' and not f.annulled and ${expired})::int as expired,
            count(*) filter (where f.stage = 'voided')::int as voided,
            count(*) filter (where f.stage = 'paid' and f.annulled)::int as annulled,
            count(*) filter (where f.number < fn_batches.start_number or f.number > fn_batches.finish_number or f.series <> fn_batches.series)::int as strays
          from fn_forms f join fn_batches on fn_batches.id = f.batch_id ${whereSql} group by 1, 2`),
      );
      const formsOf = new Map(formRows.map((r) => [`${r.series}\u0000${r.operator}`, r]));
      let strays = 0;
      const rows = batchRows.map((row) => {
        const forms = formsOf.get(`${row.series}\u0000${row.operator}`) ?? {};
        strays += Number(forms.strays ?? 0);
        const counts = {
          batches: row.batches,
          issued: row.issued,
          ...Object.fromEntries(stageKeys.map((key) => [key, Number(forms[key] ?? 0)])),
        } as Counts;
        return { ...row, ...counts, balanced: balanced(counts) };
      });
      const totals = Object.fromEntries(
        countKeys.map((key) => [key, rows.reduce((sum, r) => sum + r[key], 0)]),
      ) as Counts;

      const missing = rowsOf<{ batch: number; series: string; forms: number }>(
        await tx.execute(sql`select fn_batches.id as batch, fn_batches.series,
            ((fn_batches.finish_number - fn_batches.start_number + 1) - count(f.id))::int as forms
          from fn_batches left join fn_forms f on f.batch_id = fn_batches.id and f.number between fn_batches.start_number and fn_batches.finish_number
          ${whereSql} group by fn_batches.id having (fn_batches.finish_number - fn_batches.start_number + 1) - count(f.id) <> 0 order by fn_batches.id limit 100`),
      );
      const overlaps = rowsOf<{ series: string; batch: number; other_batch: number }>(
        await tx.execute(sql`select fn_batches.series, fn_batches.id as batch, o.id as other_batch
          from fn_batches join fn_batches o on o.series = fn_batches.series and o.id > fn_batches.id
            and int4range(o.start_number, o.finish_number, '[]') && int4range(fn_batches.start_number, fn_batches.finish_number, '[]')
          ${whereSql} order by fn_batches.id, o.id limit 100`),
      );
      const activeLong = rowsOf<{ batch: number; series: string; forms: number; since: Date | string }>(
        await tx.execute(sql`select fn_batches.id as batch, fn_batches.series, count(*)::int as forms, min(f.stage_at) as since
          from fn_forms f join fn_batches on fn_batches.id = f.batch_id
          ${where ? sql`where ${where} and` : sql`where`} f.stage = 'active' and f.stage_at < now() - interval '90 days'
          group by fn_batches.id order by fn_batches.id limit 100`),
      );
      const notAccepted = rowsOf<{ batch: number; series: string; operator: number; created_at: Date | string }>(
        await tx.execute(sql`select fn_batches.id as batch, fn_batches.series, fn_batches.operator_id as operator, fn_batches.created_at
          from fn_batches ${where ? sql`where ${where} and` : sql`where`} fn_batches.status = 'issued'
            and fn_batches.created_at < now() - interval '30 days'
          order by fn_batches.id limit 100`),
      );
      const iso = (value: Date | string) => new Date(value).toISOString();
      const unbalanced = rows.filter((r) => !r.balanced).length;
      const consistent = missing.length === 0 && strays === 0 && overlaps.length === 0 && unbalanced === 0;
      return {
        checked_at: new Date().toISOString(),
        rows,
        totals: { ...totals, balanced: balanced(totals) },
        missing,
        strays,
        overlaps,
        consistent,
        summary: consistent
          ? m.reconciliationClean
          : m.reconciliationProblems(
              missing.reduce((sum, r) => sum + r.forms, 0),
              strays,
              overlaps.length,
              unbalanced,
            ),
        anomalies: {
          active_over_90_days: activeLong.map((r) => ({ ...r, since: iso(r.since) })),
          not_accepted_over_30_days: notAccepted.map((r) => ({ ...r, created_at: iso(r.created_at) })),
        },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
