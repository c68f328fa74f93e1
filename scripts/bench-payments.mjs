// The payments budget of `npm run bench` (issue 13), on a real PostgreSQL against the production build:
//   - creating a payment of 10 rows (10 free forms, priced by the server, the forms used, the ledger and the audit
//     written) through POST /api/payments/: p99 under 100 ms at 20 connections;
//   - the payments list with 200,000 payments: p99 under 50 ms at 20 connections (first page, a status filter).
// BENCH_CREATE_ONLY=1 stops after the first figure (for working on it).
import { pathToFileURL } from 'node:url';
import { cannon, measure, productionEnv, withDemoDatabase, withPostgres } from './bench-lists.mjs';
import { issueAcceptedBatches } from './lib/demo-api.mjs';
import { signIn, startServer } from './lib/server-process.mjs';

const createBudgetP99Ms = 100;
const rowsPerPayment = 10;
const listedPayments = 200_000;

/**
 * Payment headers written directly (the list reads headers) until the table holds `total`, in every status, of
 * region `region`; `ownerName` is the SQL of the payer's name from the number `g`. The count of payments after.
 */
export async function fillPayments(query, total, region, ownerName = `'Daşıyıcı ' || g`) {
  const { rows } = await query('select count(*)::int as n from payments');
  const missing = Math.max(0, total - rows[0].n);
  await query(`insert into payments (owner_code, owner_name, region_id, priced_on, total, verify_code, status,
      payment_receipt_number, payment_receipt_date)
    select lpad((1000000000 + g)::text, 10, '0'), ${ownerName}, ${Number(region)}, date '2026-01-01',
      (g % 500) + 0.25,
      substr(translate(encode(sha256(('bench-' || g)::bytea), 'base64'), '+/', '-_'), 1, 27),
      1 + g % 4, case when g % 4 = 2 then 'BENCH-' || g end, case when g % 4 = 2 then date '2026-01-02' end
    from generate_series(1, ${missing}) g`);
  await query('vacuum analyze payments');
  return (await query('select count(*)::int as n from payments')).rows[0].n;
}

/** Two batches of 100,000 numbers for the demo operator, accepted: the forms the created payments use. */
async function freeForms(base, admin, operatorToken, database) {
  const issued = await issueAcceptedBatches(base, admin, operatorToken, ['QP', 'QR'], 100_000);
  const ids = await withPostgres(database.url, async (query) => {
    await query('vacuum analyze fn_forms, fn_batches');
    return (await query(`select id from fn_forms where series in ('QP', 'QR') order by id`)).rows.map((r) => r.id);
  });
  return { ids, region: issued.region, transportType: issued.transportType, coefficient: issued.coefficient };
}

/** Runs the payments budget; true when every figure is within it. */
export async function benchPayments({ durationSeconds = 10, connections = 20 } = {}) {
  return withDemoDatabase('payments', async ({ database, env }) => {
    let server = null;
    let ok = true;
    try {
      server = await startServer({ env: { ...env, ...productionEnv() } });
      const base = server.baseUrl;
      const admin = await signIn(base);
      const operatorToken = await signIn(base, 'operator@demo.az');
      const forms = await freeForms(base, admin, operatorToken, database);

      // Each request takes the next ten free forms: every payment is new and valid.
      let next = 0;
      const body = () => {
        const rows = forms.ids.slice(next, next + rowsPerPayment).map((form, i) => ({
          form,
          plate: `${String(10 + (i % 80)).padStart(2, '0')}-AB-${String((next + i) % 1000).padStart(3, '0')}`,
          seats_count: 18,
          transport_type: forms.transportType,
          coefficient: forms.coefficient,
          expire_date: 3,
        }));
        next += rowsPerPayment;
        return JSON.stringify({
          owner_code: '1234567891',
          owner_name: 'Bench Daşıyıcı MMC',
          region: forms.region,
          mdssh_number: 'M-1',
          mdssh_date: '2026-01-10',
          mdssh_amount: '10.00',
          itsda_number: 'I-1',
          itsda_date: '2026-01-10',
          itsda_amount: '12.50',
          rows,
        });
      };
      const run = (duration) =>
        cannon({
          url: `${base}/api/payments/`,
          method: 'POST',
          headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
          connections,
          duration,
          requests: [{ setupRequest: (request) => ({ ...request, body: body() }) }],
        });
      await run(1);
      const created = await run(durationSeconds);
      const failed = created.errors + created.timeouts + created.non2xx;
      const createPass = failed === 0 && created.latency.p99 < createBudgetP99Ms;
      console.log(
        `${createPass ? 'PASS' : 'FAIL'}  create a payment of ${rowsPerPayment} rows: ${created.requests.average.toFixed(0)} ` +
          `req/s, p50 ${created.latency.p50} ms, p99 ${created.latency.p99} ms (budget p99 < ${createBudgetP99Ms} ms)` +
          (failed ? `, ${failed} failed requests` : ''),
      );
      ok = createPass && ok;

      if (process.env.BENCH_CREATE_ONLY) return ok;
      // 200,000 payments in all: the ones just made and the rest written directly (headers only; the list reads
      // headers), in every status.
      const made = await withPostgres(database.url, (query) => fillPayments(query, listedPayments, forms.region));
      console.log(`info  ${made.toLocaleString('en')} payments in the list`);
      const headers = { authorization: `Bearer ${admin}` };
      const listRun = { durationSeconds, connections };
      for (const [name, url] of [
        ['200k payments: first page', '/api/payments/'],
        ['200k payments: status 3 (paid)', '/api/payments/?status=3'],
      ])
        ok = (await measure(base, headers, name, url, listRun)) && ok;
    } finally {
      await server?.stop();
    }
    return ok;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchPayments();
  if (!ok) process.exitCode = 1;
}
