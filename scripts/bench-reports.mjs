// The reports budget of `npm run bench` (issue 16), on a real PostgreSQL against the production build, with
// 1,000,000 forms (1,000 batches of 1,000 over 24 operators, every region and transport type, issued over 400 days,
// in every stage) and 200,000 payments:
//   - each report of the screen (grouped by region, operator, transport type, month) and the general report,
//     for a year: under 2 s cold (the first request of a fresh server) and warm (the slowest of the next three);
//   - the home statistics of each demo user: under 200 ms, cold and warm;
//   - an Excel export of the report (at least 100,000 rows), and the forms list's Excel and CSV exports of all
//     1,000,000 forms: the server's memory grows by less than 150 MB.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { productionEnv, withDemoDatabase, withPostgres } from './bench-lists.mjs';
import { signIn, startServer } from './lib/server-process.mjs';

const reportBudgetMs = 2_000;
const statisticsBudgetMs = 200;
const exportMemoryBudgetMb = 150;
const exportRowsAtLeast = 100_000;
/** Today's scale: 1,000 batches of 1,000 forms over 400 days, 200,000 payments. */
const oneMillion = { batches: 1_000, batchNumbers: 1_000, listedPayments: 200_000, batchDays: 0.4 };

/** The summary triggers of migration 0046, off for a bulk load (the rebuild command then computes the summaries). */
const summaryTriggers = [
  ['fn_forms', 'fn_forms_report_insert'],
  ['fn_batches', 'fn_batches_report_update'],
  ['payments', 'payments_report_insert'],
  ['payment_rows', 'payment_rows_report_insert'],
];

/**
 * The forms, their batches and operators, and the payments, written by INSERT ... SELECT. With `bulk`, the
 * summary triggers are off during the load and the caller rebuilds the summaries.
 */
export async function seedReports(query, scale = oneMillion, { bulk = false } = {}) {
  const { batches, batchNumbers, listedPayments, batchDays } = scale;
  if (bulk)
    for (const [table, trigger] of summaryTriggers) await query(`alter table ${table} disable trigger ${trigger}`);
  await query(`insert into users (email, password_hash, first_name, last_name, region_id)
    select 'bench-operator-' || g || '@bench.az', 'x', 'Operator', 'Bench ' || g,
      (select id from regions order by id offset (g % (select count(*) from regions)) limit 1)
    from generate_series(1, 24) g`);
  await query(`insert into user_groups (user_id, group_id)
    select u.id, (select id from groups where code = 'operator') from users u where u.email like 'bench-operator-%'`);
  await query(`insert into fn_batches (series, start_number, finish_number, operator_id, region_id, transport_type_id,
      coefficient_id, expire_date, expire_date_type, status, created_at, accepted_at)
    select chr(65 + (g / 676) % 26) || chr(65 + (g / 26) % 26) || chr(65 + g % 26), 1, ${batchNumbers},
      o.id, o.region_id, (select id from transport_types order by id offset (g % (select count(*) from transport_types)) limit 1),
      (select id from fn_coefficients order by id limit 1), (array[3, 6, 12])[1 + g % 3], 'month', 'accepted',
      now() - (g * ${batchDays}) * interval '1 day', now() - (g * ${batchDays}) * interval '1 day'
    from generate_series(1, ${batches}) g
    join lateral (select id, region_id from users where email = 'bench-operator-' || (1 + g % 24) || '@bench.az') o on true`);
  // Stages by a hash of the number: 10% new, 30% active, 5% shared, 5% voided, 50% paid (a part of them expired).
  await query(`insert into fn_forms (batch_id, series, number, stage, status, inspector_id, stage_at, valid_from, valid_to,
      void_reason)
    select b.id, b.series, n, s.stage,
      case s.stage when 'new' then null when 'paid' then 4 when 'voided' then null else 0 end,
      case when s.stage = 'shared' then (select id from users where email = 'inspector@demo.az') end,
      b.created_at + (h % 30) * interval '1 day',
      case when s.stage = 'paid' then (b.created_at + (h % 30) * interval '1 day')::date end,
      case when s.stage = 'paid' then (b.created_at + (h % 30) * interval '1 day')::date + b.expire_date * 30 end,
      case when s.stage = 'voided' then 'Korlanıb' end
    from fn_batches b cross join generate_series(1, ${batchNumbers}) n
    cross join lateral (select (b.id * 7919 + n * 31) % 100 as h) hashed
    cross join lateral (select case when h < 10 then 'new' when h < 40 then 'active' when h < 45 then 'shared'
      when h < 50 then 'voided' else 'paid' end as stage) s
    where b.series ~ '^[A-Z]{3}$' and b.created_by is null`);
  // A payment per paid form (the first 200,000): most paid, the rest under review, awaiting payment or cancelled.
  await query(`create temporary table picked as
    select f.id as form_id, b.region_id, b.transport_type_id, f.stage_at, row_number() over (order by f.id) as g
    from fn_forms f join fn_batches b on b.id = f.batch_id where f.stage = 'paid' and b.created_by is null
    order by f.id limit ${listedPayments}`);
  await query(`insert into payments (owner_code, owner_name, region_id, priced_on, total, verify_code, status,
      payment_receipt_number, payment_receipt_date, mdssh_amount, itsda_amount, status_at, created_at)
    select lpad((2000000000 + g)::text, 10, '0'), 'Daşıyıcı ' || g, region_id, date '2026-01-01', 97.20 + 22.50,
      substr(translate(encode(sha256(('report-' || g)::bytea), 'base64'), '+/', '-_'), 1, 27),
      case when g % 10 < 7 then 3 when g % 10 = 7 then 1 when g % 10 = 8 then 2 else 4 end,
      case when g % 10 < 7 then 'REPORT-' || g end, case when g % 10 < 7 then stage_at::date end,
      10.00, 12.50, stage_at, stage_at
    from picked`);
  await query(`insert into payment_rows (payment_id, cancelled, position, form_id, plate, transport_type_id, tax_price,
      tariff_rate, tariff_effective_from, fee_group, coefficient, months)
    select p.id, p.cancelled, 1, picked.form_id, '10-AB-' || lpad((picked.g % 1000)::text, 3, '0'), picked.transport_type_id,
      97.20, 1.80, date '2026-01-01', 'seat', 1.5, 3
    from picked join payments p on p.owner_code = lpad((2000000000 + picked.g)::text, 10, '0')`);
  if (bulk)
    for (const [table, trigger] of summaryTriggers) await query(`alter table ${table} enable trigger ${trigger}`);
  await query('vacuum analyze users, fn_batches, fn_forms, payments, payment_rows');
  return (
    await query(
      'select (select count(*) from fn_forms)::int as forms, (select count(*) from payments)::int as payments',
    )
  ).rows[0];
}

async function timed(base, token, url) {
  const started = performance.now();
  const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  await response.arrayBuffer();
  return performance.now() - started;
}

/** Resident memory of a process and its children (the server runs under its own process group). */
const residentMb = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** Downloads a streamed export while sampling the server's resident memory every 20 ms. */
async function measureExport(server, base, token, url, rowsHeader) {
  const before = residentMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(server.pid));
  }, 20);
  const started = performance.now();
  try {
    const response = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    const rows = Number(response.headers.get(rowsHeader));
    let bytes = 0;
    for await (const chunk of response.body) bytes += chunk.length;
    peak = Math.max(peak, residentMb(server.pid));
    return { rows, bytes, before, peak, growth: peak - before, seconds: (performance.now() - started) / 1000 };
  } finally {
    clearInterval(sampler);
  }
}

const line = (pass, text) => {
  console.log(`${pass ? 'PASS' : 'FAIL'}  ${text}`);
  return pass;
};

/**
 * Runs the reports budget; true when every figure is within it. `scale` and `bulk` as `seedReports`; a bulk load
 * is followed by `cli rebuild-summaries` (timed); `exports` measures the Excel and CSV exports.
 */
export async function benchReports({ scale = oneMillion, bulk = false, exports = true, homeBudgetMs } = {}) {
  const homeBudget = homeBudgetMs ?? statisticsBudgetMs;
  return withDemoDatabase('reports', async ({ database, env }) => {
    let ok = true;
    let started = performance.now();
    const counts = await withPostgres(database.url, (query) => seedReports(query, scale, { bulk }));
    console.log(
      `info  seeded ${counts.forms.toLocaleString('en')} forms and ${counts.payments.toLocaleString('en')} payments ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    if (bulk) {
      started = performance.now();
      const rebuilt = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'rebuild-summaries'], {
        env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
        encoding: 'utf8',
      });
      if (rebuilt.status !== 0) throw new Error(`rebuild-summaries failed: ${rebuilt.stderr}`);
      console.log(
        `info  cli rebuild-summaries: ${rebuilt.stdout.trim()} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      await withPostgres(database.url, (query) =>
        query('vacuum analyze report_form_counts, report_payment_days, report_payment_shapes'),
      );
    }
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const reports = [
      ...['region', 'operator', 'transport_type', 'month'].map((groupBy) => [
        `report by ${groupBy}, one year`,
        `/api/reports/?date_from=${yearAgo}&group_by=${groupBy}`,
      ]),
      ['report by operator, all time, paid forms', '/api/reports/?group_by=operator&form_status=4'],
      ['general report, one year', `/api/reports/general/?date_from=${yearAgo}`],
    ];
    const users = ['admin', 'central', 'operator', 'cashier', 'regional', 'inspector'];

    for (const round of ['cold', 'warm']) {
      // Cold: a fresh server (no kept counts, new connections); warm: the slowest of three more.
      const server = await startServer({ env: { ...env, ...productionEnv() } });
      try {
        const base = server.baseUrl;
        const tokens = {};
        for (const user of users) tokens[user] = await signIn(base, `${user}@demo.az`);
        for (const [name, url] of reports) {
          let ms = await timed(base, tokens.central, url);
          if (round === 'warm') {
            const runs = [];
            for (let i = 0; i < 3; i += 1) runs.push(await timed(base, tokens.central, url));
            ms = Math.max(...runs);
          }
          ok =
            line(ms < reportBudgetMs, `${name} (${round}): ${ms.toFixed(0)} ms (budget < ${reportBudgetMs} ms)`) && ok;
        }
        for (const user of users) {
          let ms = await timed(base, tokens[user], '/api/reports/statistics/');
          if (round === 'warm') {
            const runs = [];
            for (let i = 0; i < 5; i += 1) runs.push(await timed(base, tokens[user], '/api/reports/statistics/'));
            ms = Math.max(...runs);
          }
          ok =
            line(
              ms < homeBudget,
              `home statistics of ${user}@ (${round}): ${ms.toFixed(0)} ms (budget < ${homeBudget} ms)`,
            ) && ok;
        }

        if (round === 'warm' && exports) {
          // The period whose report counts at least 100,000 forms: from the 70th latest batch's day.
          const from = await withPostgres(
            database.url,
            async (query) =>
              (
                await query(`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day from fn_batches
                order by created_at desc offset 70 limit 1`)
              ).rows[0].day,
          );
          const measured = [
            [`/api/reports/export/?format=xlsx&date_from=${from}`, 'x-report-rows', 'report Excel export'],
            // Every form of the country, as general-fn's export asks for them (issue 26).
            ['/api/fn/forms/export/?format=xlsx', 'x-export-rows', 'forms list Excel export'],
            ['/api/fn/forms/export/?format=csv', 'x-export-rows', 'forms list CSV export'],
          ];
          for (const [url, rowsHeader, name] of measured) {
            const least = url.startsWith('/api/fn/forms/') ? counts.forms : exportRowsAtLeast;
            const { rows, bytes, growth, before, peak, seconds } = await measureExport(
              server,
              base,
              tokens.central,
              url,
              rowsHeader,
            );
            ok =
              line(
                rows >= least && growth < exportMemoryBudgetMb,
                `${name} of ${rows.toLocaleString('en')} rows (${(bytes / 1e6).toFixed(1)} MB in ` +
                  `${seconds.toFixed(1)} s): server memory ${before.toFixed(0)} -> ${peak.toFixed(0)} MB, growth ` +
                  `${growth.toFixed(0)} MB (budget < ${exportMemoryBudgetMb} MB, at least ${least.toLocaleString('en')} rows)`,
              ) && ok;
          }
        }
      } finally {
        await server.stop();
      }
    }
    return ok;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchReports();
  if (!ok) process.exitCode = 1;
}
