// The list budget of `npm run bench`: p99 under 50 ms for the drivers and automobiles lists with 100,000 rows
// each, then for the drivers list with 1,000,000 rows (first, middle and last page, and the middle page of a sorted
// search), on a real PostgreSQL, measured with autocannon (20 connections, 10 s) against the production build.
// PostgreSQL: a new database on DATABASE_URL's server when it is set, otherwise a throwaway cluster started
// from /usr/lib/postgresql/*/bin on 127.0.0.1 in a temporary folder (as user postgres when run as root).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { firstNames, lastNames, parentNames, sqlArray } from './lib/az-names.mjs';
import { startCluster } from './lib/postgres-cluster.mjs';
import { root, signIn, startServer } from './lib/server-process.mjs';
import { createThrowawayDatabase } from './lib/throwaway-database.mjs';

export { signIn, startCluster };

const budgetP99Ms = 50;
const rows = 100_000;
const millionRows = 1_000_000;

/** A new database on the server; `drop` removes it. */
export const createDatabase = (serverUrl) => createThrowawayDatabase(serverUrl, 'dnx_bench');

/** Runs `work(query)` with a client of the PostgreSQL at `url`, `query(text)` answering `{ rows }`. */
export async function withPostgres(url, work) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/** Drivers numbered `from` to `to` in one INSERT ... SELECT generate_series (a million in well under a minute). */
export async function seedDrivers(query, from, to) {
  await query(`
    insert into drivers (last_name, first_name, parent_name, identity_fin_code, driving_license_start_date,
                         driving_license_finish_date, driving_category, status)
    select (${sqlArray(lastNames)})[1 + (i * 7) % ${lastNames.length}]
             || case when i % 3 = 0 then 'a' else '' end,
           (${sqlArray(firstNames)})[1 + (i * 13) % ${firstNames.length}],
           (${sqlArray(parentNames)})[1 + (i * 5) % ${parentNames.length}],
           chr(65 + i % 26) || upper(lpad(to_hex(i), 6, '0')),
           date '2005-01-01' + (i % 5000),
           date '2015-01-01' + (i % 5000),
           case when i % 4 = 0 then array['B', 'D'] else array['B'] end,
           case when i % 10 = 0 then 0 else 1 end
    from generate_series(${from}, ${to}) i`);
  // What autovacuum does on a live database: statistics, and a visibility map for index-only scans.
  await query('vacuum analyze drivers');
  return (await query('select count(*)::int as n from drivers')).rows[0].n;
}

/**
 * 100,000 drivers and 100,000 automobiles (on 1,000 carriers), by INSERT ... SELECT generate_series; `query(text)`
 * runs one statement (node-postgres or PGlite).
 */
export async function seedRows(query) {
  await query(`
    insert into carriers (name, voen, phone, address)
    select 'Daşıyıcı ' || i || ' MMC', lpad((1000000000 + i * 10 + 1)::text, 10, '0'), '+99450' || lpad(i::text, 7, '0'), 'Bakı'
    from generate_series(1, 1000) i`);
  await seedDrivers(query, 1, rows);
  await query(`
    with model as (select row_number() over (order by id) as n, id, brand_id from automobile_models),
         models as (select count(*) as total from model),
         owner as (select array_agg(id order by id) as ids from carriers)
    insert into automobiles (registration_number, brand_id, model_id, seats, load_capacity, carrier_id, right_kind,
                             right_expiry_date, status)
    select lpad((10 + i % 90)::text, 2, '0') || '-' || chr(65 + (i / 90) % 26) || chr(65 + (i / 2340) % 26) || '-'
             || lpad(((i / 60840) * 100 + i % 100)::text, 3, '0'),
           m.brand_id, m.id, 4 + i % 40, ((i % 200) / 10.0)::numeric(10, 2),
           owner.ids[1 + i % cardinality(owner.ids)],
           (array[1, 2, 4, 3])[1 + i % 4],
           case when i % 4 = 0 then null else date '2026-01-01' + (i % 1000) end,
           case when i % 10 = 0 then 0 else 1 end
    from generate_series(1, ${rows}) i
    cross join owner
    join model m on m.n = 1 + i % (select total from models)
    on conflict do nothing`);
  await query('vacuum analyze carriers, automobiles');
  const counts = await query(
    'select (select count(*) from drivers)::int as drivers, (select count(*) from automobiles)::int as automobiles',
  );
  return counts.rows[0];
}

export function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/**
 * One URL under load: a probe (its answer's `count`), a 1 s warm-up (connections, plans, caches), then autocannon
 * for `durationSeconds`; the autocannon result and its failed requests (errors, timeouts, non-2xx).
 */
export async function sample(baseUrl, headers, url, { durationSeconds, connections }) {
  const probe = await fetch(`${baseUrl}${url}`, { headers });
  if (!probe.ok) throw new Error(`${url}: ${probe.status} ${await probe.text()}`);
  const { count } = await probe.json();
  await cannon({ url: `${baseUrl}${url}`, headers, connections, duration: 1 });
  const result = await cannon({ url: `${baseUrl}${url}`, headers, connections, duration: durationSeconds });
  return { result, count, failed: result.errors + result.timeouts + result.non2xx };
}

/** Measures one URL (`sample`) and prints its line; true when within budget. */
export async function measure(baseUrl, headers, name, url, run) {
  const { result, count, failed } = await sample(baseUrl, headers, url, run);
  const rowsShown = count === undefined || count === null ? '' : ` [${count} rows]`;
  const pass = failed === 0 && result.latency.p99 < budgetP99Ms;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  ${name}${rowsShown}: ${result.requests.average.toFixed(0)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (budget p99 < ${budgetP99Ms} ms)` +
      (failed ? `, ${failed} failed requests` : ''),
  );
  return pass;
}

const searchWord = 'm%C9%99mm%C9%99d';

const scenarios = [
  ['drivers: first page', '/api/drivers/'],
  ['drivers: sorted page (order_by=last_name desc, page 2)', '/api/drivers/?order_by=last_name&order=desc&page=2'],
  ['drivers: deep page (page 5000, per_page 20)', '/api/drivers/?page=5000&per_page=20'],
  ['drivers: search "məmməd"', `/api/drivers/?search=${searchWord}`],
  ['automobiles: first page', '/api/automobiles/'],
  [
    'automobiles: sorted page (order_by=registration_number desc, page 2)',
    '/api/automobiles/?order_by=registration_number&order=desc&page=2',
  ],
  ['automobiles: deep page (page 5000, per_page 20)', '/api/automobiles/?page=5000&per_page=20'],
  ['automobiles: search "AB-1"', '/api/automobiles/?search=AB-1'],
];

/** The production settings the benches start the server with. */
export function productionEnv() {
  return {
    NODE_ENV: 'production',
    // Production refuses to start without the public origin its links are built from.
    PUBLIC_URL: 'http://localhost',
    JWT_SECRET: randomBytes(32).toString('hex'),
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    ACCESS_TOKEN_LIFETIME: '3600',
    SEED_DEMO: 'never',
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '50',
  };
}

/**
 * A new PostgreSQL database (on `DATABASE_URL`'s server, or a throwaway cluster) with the migrations and the demo
 * data, and a data folder; `work({ database, env })` runs with them, and both are removed afterwards.
 */
export async function withDemoDatabase(name, work) {
  if (!existsSync(path.join(root, 'apps/server/dist/server.js'))) {
    const built = spawnSync('npm', ['run', 'build', '-w', '@dnx/server'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('server build failed');
  }
  const cluster = process.env.DATABASE_URL ? null : await startCluster();
  const database = await createDatabase(process.env.DATABASE_URL || cluster.url);
  const dataDir = mkdtempSync(path.join(tmpdir(), `dnx-bench-${name}-`));
  try {
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_ENV: 'development' };
    // Migrations, the access model and the demo data (its administrator and reference lists).
    const seeded = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
      cwd: root,
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (seeded.status !== 0) throw new Error('seeding the demo data failed');
    return await work({ database, env });
  } finally {
    await database.drop().catch(() => {});
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the list budget; true when every scenario is within it. */
export async function benchLists({ durationSeconds = 10, connections = 20 } = {}) {
  return withDemoDatabase('lists', async ({ database, env }) => {
    let server = null;
    let ok = true;
    try {
      let started = performance.now();
      const counts = await withPostgres(database.url, seedRows);
      console.log(
        `info  seeded ${counts.drivers} drivers and ${counts.automobiles} automobiles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      server = await startServer({ env: { ...env, ...productionEnv() } });
      const token = await signIn(server.baseUrl);
      const headers = { authorization: `Bearer ${token}` };
      const run = { durationSeconds, connections };
      for (const [name, url] of scenarios) ok = (await measure(server.baseUrl, headers, name, url, run)) && ok;

      // A million drivers: the remaining 900,000 in one statement; the server hears of it on its change feed.
      started = performance.now();
      const drivers = await withPostgres(database.url, (query) => seedDrivers(query, rows + 1, millionRows));
      console.log(`info  ${drivers} drivers after ${((performance.now() - started) / 1000).toFixed(1)} s more`);
      const perPage = 10;
      const lastPage = Math.ceil(drivers / perPage);
      const middlePage = Math.ceil(lastPage / 2);
      const searched = await (
        await fetch(`${server.baseUrl}/api/drivers/?search=${searchWord}&per_page=1`, { headers })
      ).json();
      const searchMiddle = Math.ceil(searched.count / perPage / 2);
      const million = [
        ['1M drivers: first page', '/api/drivers/'],
        [`1M drivers: middle page (page ${middlePage})`, `/api/drivers/?page=${middlePage}&per_page=${perPage}`],
        [`1M drivers: last page (page ${lastPage})`, `/api/drivers/?page=${lastPage}&per_page=${perPage}`],
        [
          `1M drivers: search "məmməd" by last_name, middle of its results (page ${searchMiddle})`,
          `/api/drivers/?search=${searchWord}&order_by=last_name&page=${searchMiddle}&per_page=${perPage}`,
        ],
      ];
      for (const [name, url] of million) ok = (await measure(server.baseUrl, headers, name, url, run)) && ok;
    } finally {
      await server?.stop();
    }
    return ok;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchLists();
  if (!ok) process.exitCode = 1;
}
