import type { ReportFilters } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyReportSummaries, reportSummaryBacklog, reportSummaryDifferences } from '../../db/report-summaries';
import type { Executor } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { countFormsFromBase, paymentFiguresFromBase } from './report-base-figures-test-kit';
import { countForms, paymentFigures } from './report-figures';
import { foldForms, groupKey, periodOf } from './report-repository';

/**
 * Issue 41 (migration 0054): a payment's summaries are applied after its commit, from a log, by a worker; every read
 * folds in the part of the log not yet applied, so it equals the base tables in its own snapshot, whatever the
 * worker is doing, and a worker that dies mid-apply loses nothing.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const national = { isNational: true, regionId: null } as unknown as AuthUser;

/** A map's entries in key order: what two computations of the same figures must agree on (a map's order is not). */
const canonical = (map: ReadonlyMap<string, unknown>) =>
  JSON.stringify([...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The reports' figures from the summaries and from the base tables, and the summaries' check, in one snapshot. */
async function snapshotDifferences(db: Executor) {
  const differences: string[] = [];
  const cases: ReportFilters[] = [{}, { payment_status: 3 }, { payment_status: 4 }, { form_status: 4 }];
  for (const filters of cases) {
    const options = { actor: national, filters, period: periodOf(filters) };
    const key = groupKey(['region'].map((_d, i) => i));
    const forms = foldForms(await countForms(db, options, ['region'], false), key);
    const formsBase = foldForms(await countFormsFromBase(db, options, ['region'], false), key);
    // The demo counts forms and payments in every case: an empty figure would compare equal and prove nothing.
    if (forms.size === 0 && filters.payment_status === undefined)
      differences.push(`no forms ${JSON.stringify(filters)}`);
    if (canonical(forms) !== canonical(formsBase))
      differences.push(`forms ${JSON.stringify(filters)}: ${canonical(forms)} != ${canonical(formsBase)}`);
    const sets = [[0], []];
    const payments = await paymentFigures(db, options, ['region'], sets);
    const paymentsBase = await paymentFiguresFromBase(db, options, ['region'], sets);
    if (payments[1]!.size === 0) differences.push(`no payments ${JSON.stringify(filters)}`);
    const [have, want] = [payments.map(canonical).join(), paymentsBase.map(canonical).join()];
    if (have !== want) differences.push(`payments ${JSON.stringify(filters)}: ${have} != ${want}`);
  }
  const check = await reportSummaryDifferences(db);
  if (check.forms + check.shapes + check.payments !== 0) differences.push(`check ${JSON.stringify(check)}`);
  return differences;
}

describe('report summaries after the commit', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  const clients: pg.Client[] = [];

  beforeAll(async () => {
    // No worker of the app's own: the test applies the log itself, at the moments it chooses.
    t = await createTestApp({ seed: true, env: { REPORT_SUMMARIES_APPLY_INTERVAL: '0' } });
    k = await fnKit(t);
  }, 120_000);
  afterAll(async () => {
    for (const client of clients) await client.end().catch(() => undefined);
    await t?.close();
  });

  /** A read in one snapshot (repeatable read on PostgreSQL; the embedded database has one connection). */
  const readInSnapshot = () =>
    t.database.db.transaction((tx) => snapshotDifferences(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });

  it('leaves a payment in the log at its commit, and a read right after counts it', async () => {
    await applyReportSummaries(t.database.db);
    const { payment } = await k.payForms('1234567801', 3);
    // The commit did not apply it: its id waits in the log ...
    const logged = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from report_payment_pending where payment_id = ${payment.id}`,
      ),
    )[0]!.n;
    expect(logged).toBeGreaterThan(0);
    expect(await reportSummaryBacklog(t.database.db)).toBeGreaterThan(0);
    // ... and the reads count it all the same.
    expect(await readInSnapshot()).toEqual([]);
    const report = await k.request('GET', '/api/reports/general/', k.as.admin);
    expect(report.statusCode).toBe(200);

    expect(await applyReportSummaries(t.database.db)).toBeGreaterThan(0);
    expect(await reportSummaryBacklog(t.database.db)).toBe(0);
    expect(await readInSnapshot()).toEqual([]);
  }, 120_000);

  it('reads equal the base tables in their snapshot through concurrent writes, applies and a dead apply', async () => {
    const rnd = random(41);
    const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
    const db = t.database.db;
    const [coefficient] = rowsOf<{ c: string }>(
      await db.execute(sql`select coefficient::text as c from fn_coefficients where id = ${k.coefficient}`),
    );
    const activeForms = async () =>
      rowsOf<{ id: number }>(
        await db.execute(sql`select f.id from fn_forms f join fn_batches b on b.id = f.batch_id
          where f.stage = 'active' and b.region_id = ${k.ganja} order by f.id limit 200`),
      );
    const paymentsOf = async (status: number) =>
      rowsOf<{ id: number }>(await db.execute(sql`select id from payments where status = ${status} order by id`));
    let serial = 0;
    const send = async (method: 'POST' | 'PUT', url: string, payload?: object) => {
      const res = await k.request(method, url, k.as.central, payload);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(500);
      return res;
    };
    const writes: (() => Promise<unknown>)[] = [
      async () => {
        const batch = await k.createBatch({ series: k.freshSeries(), finish_number: '000006' });
        await k.request('POST', `/api/fn/batches/${batch.id}/accept/`, k.as.operator);
      },
      async () => {
        const forms = await activeForms();
        const rows = [...new Set(Array.from({ length: 2 }, () => pick(forms)?.id))].filter((id) => id !== undefined);
        if (rows.length === 0) return;
        const day = new Date().toISOString().slice(0, 10);
        await send('POST', '/api/payments/', {
          owner_code: '1234567802',
          owner_name: 'Əliyev Vəli',
          mdssh_number: 'M-1',
          mdssh_date: day,
          mdssh_amount: pick(['10.25', '7.33']),
          itsda_number: 'I-1',
          itsda_date: day,
          itsda_amount: '12.50',
          region: k.ganja,
          rows: rows.map((form) => ({
            form,
            plate: `10-SA-${String(form).padStart(3, '0').slice(-3)}`,
            seats_count: 18,
            transport_type: k.transportType,
            coefficient: coefficient!.c,
            expire_date: 3,
          })),
        });
      },
      async () => {
        const payment = pick(await paymentsOf(1));
        if (payment) await send('POST', `/api/payments/${payment.id}/submit/`);
      },
      async () => {
        const payment = pick(await paymentsOf(2));
        serial += 1;
        if (payment)
          await send('POST', `/api/payments/${payment.id}/pay/`, {
            payment_receipt_number: `AFTER-${serial}-${Date.now()}`,
            payment_receipt_date: new Date().toISOString().slice(0, 10),
          });
      },
      async () => {
        const payment = pick([...(await paymentsOf(1)), ...(await paymentsOf(2))]);
        if (payment) await send('POST', `/api/payments/${payment.id}/cancel/`, { reason: 'Səhv' });
      },
      async () => {
        const [form] = rowsOf<{ id: number }>(
          await db.execute(
            sql`select id from fn_forms where stage = 'paid' and not annulled order by random() limit 1`,
          ),
        );
        if (form)
          await k.request('POST', '/api/fn/paid/delete-multiple/', k.as.admin, { pkList: [form.id], reason: 'Səhv' });
      },
    ];

    // The home numbers of the forms by stage (counts kept by the lists between writes) against the base table.
    const homeDifferences = async () => {
      const home = (await k.request('GET', '/api/reports/statistics/', k.as.admin)).json() as {
        results: { key: string; count: number }[];
      };
      const base = rowsOf<{ stage: string; n: number }>(
        await db.execute(sql`select stage, count(*)::int as n from fn_forms group by stage`),
      );
      return home.results
        .filter((r) => r.key.startsWith('forms-') && r.key !== 'forms-expiring')
        .filter((r) => r.count !== (base.find((b) => `forms-${b.stage}` === r.key)?.n ?? 0))
        .map((r) => `home ${r.key}: ${r.count}`);
    };
    expect(await homeDifferences()).toEqual([]);
    for (let i = 0; i < 3; i += 1) await writes[0]!();
    const differences: string[] = [];
    let reads = 0;
    let applied = 0;
    for (let round = 0; round < 6; round += 1) {
      let writing = true;
      const reader = (async () => {
        while (writing) {
          differences.push(...(await readInSnapshot()));
          const report = await k.request('GET', '/api/reports/', k.as.admin);
          if (report.statusCode !== 200) differences.push(`report ${report.statusCode}`);
          const home = await k.request('GET', '/api/reports/statistics/', k.as.admin);
          if (home.statusCode !== 200) differences.push(`home ${home.statusCode}`);
          reads += 1;
        }
      })();
      const applier = (async () => {
        while (writing) {
          applied += Math.max(0, await applyReportSummaries(db));
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      for (let wave = 0; wave < 4; wave += 1) await Promise.all(Array.from({ length: 5 }, () => pick(writes)!()));
      writing = false;
      await Promise.all([reader, applier]);
      differences.push(...(await readInSnapshot()), ...(await homeDifferences()));
    }
    expect(differences).toEqual([]);
    expect(reads).toBeGreaterThanOrEqual(6);
    expect(applied).toBeGreaterThan(0);

    // A worker that dies mid-apply: its transaction ends without a commit and the log stays whole.
    await k.payForms('1234567803', 2);
    const backlog = await reportSummaryBacklog(db);
    expect(backlog).toBeGreaterThan(0);
    if (t.databaseUrl) {
      // PostgreSQL: the worker's connection is cut under it, as when its process is killed (kill -9).
      const worker = new pg.Client({ connectionString: t.databaseUrl });
      const killer = new pg.Client({ connectionString: t.databaseUrl });
      clients.push(worker, killer);
      worker.on('error', () => undefined);
      await worker.connect();
      await killer.connect();
      await worker.query('begin');
      const { rows } = await worker.query<{ applied: number }>('select dnx_report_summaries_apply() as applied');
      expect(rows[0]!.applied).toBe(backlog);
      const pid = (await worker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      // Meanwhile another applier finds the lock taken and does nothing.
      expect(await applyReportSummaries(db)).toBe(-1);
      await killer.query('select pg_terminate_backend($1)', [pid]);
      await expect(worker.query('commit')).rejects.toThrow();
    } else {
      // The embedded database: the apply's transaction fails before its commit.
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`select dnx_report_summaries_apply()`);
          throw new Error('killed mid-apply');
        }),
      ).rejects.toThrow('killed mid-apply');
    }
    expect(await reportSummaryBacklog(db)).toBe(backlog);
    expect(await readInSnapshot()).toEqual([]);
    expect(await applyReportSummaries(db)).toBe(backlog);
    expect(await reportSummaryBacklog(db)).toBe(0);
    expect(await readInSnapshot()).toEqual([]);
  }, 300_000);
});

describe('the report summaries worker', () => {
  let t: TestApp;
  const metricsToken = 'metrics-token-0123456789abcdef0123';
  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { REPORT_SUMMARIES_APPLY_INTERVAL: '100', METRICS_TOKEN: metricsToken },
    });
  }, 120_000);
  afterAll(async () => t?.close());

  it('applies the log soon after a payment commits', async () => {
    const k = await fnKit(t);
    await k.payForms('1234567804', 2);
    const deadline = Date.now() + 10_000;
    while ((await reportSummaryBacklog(t.database.db)) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await reportSummaryBacklog(t.database.db)).toBe(0);
    expect(await reportSummaryDifferences(t.database.db)).toEqual({ forms: 0, shapes: 0, payments: 0 });
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${metricsToken}` },
    });
    expect(metrics.body).toContain('report_summary_backlog 0');
  }, 120_000);
});
