import { fnMessages, fnReconciliationExportColumns, type FnReconciliation } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedCsv } from '../../test/list-export';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from './fn-test-kit';

describe('fn reconciliation', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    k = await fnKit(t);
  });
  afterAll(async () => t?.close());

  const reconcile = async (query: string, who = k.as.central) => {
    const res = await k.request('GET', `/api/fn/reconciliation/${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('counts every number of a series and operator by stage, adding up to what was issued', async () => {
    const series = k.freshSeries();
    const accepted = await k.createBatch({ series, finish_number: '000020' });
    await k.createBatch({ series, start_number: '000021', finish_number: '000030' });
    await k.request('POST', `/api/fn/batches/${accepted.id}/accept/`, k.as.operator);
    await k.request('POST', '/api/fn/forms/share/', k.as.operator, {
      inspector: k.as.inspector.userId,
      series,
      number_from: '000001',
      number_to: '000003',
    });
    await t.writeOutside((db) =>
      db.execute(sql`update fn_forms set stage = 'paid', status = 4, valid_to = case when number = 4 then
        date '2020-01-01' else date '2999-01-01' end where series = ${series} and number between 4 and 6`),
    );
    await t.writeOutside((db) =>
      db.execute(
        sql`update fn_forms set stage = 'paid', status = 4, annulled = true where series = ${series} and number = 7`,
      ),
    );
    const form8 = (await k.request('GET', `/api/fn/forms/?series=${series}&number=000008`, k.as.operator)).json()
      .results[0];
    await k.request('POST', `/api/fn/forms/${form8.id}/void/`, k.as.operator, { reason: 'Itib' });

    const answer = await reconcile(`?series=${series}`);
    expect(answer.rows).toEqual([
      expect.objectContaining({
        series,
        operator: k.as.operator.userId,
        region: k.ganja,
        batches: 2,
        issued: 30,
        new: 10,
        active: 12,
        shared: 3,
        used: 0,
        paid: 2,
        expired: 1,
        voided: 1,
        annulled: 1,
        balanced: true,
      }),
    ]);
    expect(answer).toMatchObject({
      consistent: true,
      missing: [],
      strays: 0,
      overlaps: [],
      summary: fnMessages.reconciliationClean,
    });
  });

  it('names numbers missing from a batch, and the anomalies', async () => {
    const series = k.freshSeries();
    const batch = await k.createBatch({ series, finish_number: '000010' });
    const old = await k.createBatch({ series, start_number: '000011', finish_number: '000012' });
    await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
    await t.writeOutside(async (db) => {
      await db.execute(sql`delete from fn_forms where series = ${series} and number = 5`);
      await db.execute(sql`update fn_forms set stage_at = now() - interval '91 days' where batch_id = ${batch.id}`);
      await db.execute(sql`update fn_batches set created_at = now() - interval '31 days' where id = ${old.id}`);
    });
    const answer = await reconcile(`?series=${series}`);
    expect(answer.consistent).toBe(false);
    expect(answer.missing).toEqual([{ batch: batch.id, series, forms: 1 }]);
    expect(answer.rows[0]).toMatchObject({ issued: 12, active: 9, new: 2, balanced: false });
    expect(answer.summary).toBe(fnMessages.reconciliationProblems(1, 0, 0, 1));
    expect(answer.anomalies.active_over_90_days).toEqual([expect.objectContaining({ batch: batch.id, forms: 9 })]);
    expect(answer.anomalies.not_accepted_over_30_days).toEqual([expect.objectContaining({ batch: old.id })]);
  });

  it('is region-scoped and open to A, B, E, F only', async () => {
    const bakuOperator = await k.userOf('operator', k.baku);
    const series = k.freshSeries();
    await k.createBatch({ series, operator: bakuOperator.userId, region: k.baku });
    expect((await reconcile(`?series=${series}`, k.as.regional)).rows).toEqual([]);
    expect((await reconcile(`?series=${series}`, k.as.admin)).rows).toHaveLength(1);
    for (const who of [k.as.inspector, k.as.cashier]) {
      expect((await k.request('GET', '/api/fn/reconciliation/', who)).statusCode).toBe(403);
    }
    expect((await k.request('GET', '/api/fn/reconciliation/?region=x', k.as.admin)).statusCode).toBe(400);
  });

  it('exports what it shows as CSV: the header, a line per series and operator, the totals (Cəmi) last', async () => {
    for (const who of [k.as.admin, k.as.regional]) {
      const shown = (await reconcile('', who)) as FnReconciliation;
      expect(shown.rows.length).toBeGreaterThan(0);
      const res = await k.request('GET', '/api/fn/reconciliation/export/?format=csv', who);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-export-rows']).toBe(String(shown.rows.length + 1));
      const totals = { ...shown.totals, series: 'Cəmi', operator_name: null, region_name: null };
      expect(res.body).toBe(expectedCsv(fnReconciliationExportColumns, [...shown.rows, totals]));
      expect(res.body.split('\r\n')[0]).toBe(
        '\uFEFFSeriya,Operator,Region,Buraxılış,Buraxılıb,Yeni,Aktiv,Müfəttişdə,İstifadə,Ödənilib,Müddəti bitib,Ləğv,' +
          'Annulyasiya,Cəm uyğundur',
      );
      expect(res.body.split('\r\n').at(-2)).toMatch(/^Cəmi,,,\d+,/);
    }
    const regional = await k.request('GET', '/api/fn/reconciliation/export/?format=csv', k.as.regional);
    expect(regional.body).not.toContain('Bakı');
    expect((await k.request('GET', '/api/fn/reconciliation/export/?format=csv', k.as.cashier)).statusCode).toBe(403);
  });
});
