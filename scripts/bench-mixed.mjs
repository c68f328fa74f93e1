// The mixed-load budget of `npm run bench`: 50 simulated signed-in users for 2 minutes (BENCH_MIXED_SECONDS to
// try it shorter) open lists, page (page numbers, next links, cursors from the end), search, open records and
// sometimes save one, with 0.25-1 s between their steps, arriving over the first 5 s. Budget: no failed request,
// and GET p99 under 300 ms,
//   - on the embedded database (PGlite): one server process on a data folder of its own;
//   - on PostgreSQL: two server processes on one database, requests taken in turn (round-robin).
// Both on the demo data with 100,000 drivers and 100,000 automobiles (seeded as in bench-lists.mjs).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createDatabase, productionEnv, seedRows, signIn, startCluster, withPostgres } from './bench-lists.mjs';
import { root, startServer } from './lib/server-process.mjs';

const users = 50;
const getP99BudgetMs = 300;
const defaultSeconds = 120;

const lists = ['/api/drivers/', '/api/automobiles/', '/api/carriers/', '/api/automobile-models/', '/api/regions/'];
const orders = {
  '/api/drivers/': ['last_name', '-first_name', 'identity_fin_code', 'id'],
  // Not by brand: ordering 100,000 automobiles by a referenced name sorts them all (no index can serve it).
  '/api/automobiles/': ['registration_number', '-load_capacity', 'seats', 'right_expiry_date'],
  '/api/carriers/': ['name', '-id'],
  '/api/automobile-models/': ['name', 'brand'],
  '/api/regions/': ['name'],
};
const searches = ['məmməd', 'orxan', 'əli', 'AB-1', 'vaqif', 'ş'];
const driverFields = [
  'last_name',
  'first_name',
  'parent_name',
  'identity_fin_code',
  'driving_license_start_date',
  'driving_license_finish_date',
  'driving_category',
  'status',
  // The optimistic-locking version, when the API has one.
  'version',
];
const parentNames = ['Vaqif', 'Əli', 'Rəşid', 'Məmməd', 'Həsən', 'İlham'];

const pick = (values) => values[Math.floor(Math.random() * values.length)];
const pause = () => new Promise((resolve) => setTimeout(resolve, 250 + Math.random() * 750));

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** 50 users against `baseUrls` (taken in turn) for `seconds`; prints and returns whether the budget holds. */
async function simulate(name, baseUrls, seconds) {
  let turn = 0;
  const base = () => baseUrls[turn++ % baseUrls.length];
  const tokens = [];
  // Sign-ins one after another: each solves the proof of work and checks the password, as a person's browser does.
  for (let i = 0; i < users; i += 1) tokens.push(await signIn(base()));
  const getMs = [];
  const saveMs = [];
  const slowest = [];
  const failures = new Map();
  const fail = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);

  async function call(token, method, url, body) {
    const started = performance.now();
    try {
      const res = await fetch(url.startsWith('http') ? url : `${base()}${url}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      const ms = performance.now() - started;
      (method === 'GET' ? getMs : saveMs).push(ms);
      if (method === 'GET' && ms > getP99BudgetMs) slowest.push([ms, url]);
      if (!res.ok) {
        fail(`${method} ${res.status} ${new URL(res.url).pathname}: ${text.slice(0, 120)}`);
        return null;
      }
      return JSON.parse(text);
    } catch (error) {
      fail(`${method} ${url}: ${error.message}`);
      return null;
    }
  }
  /** A link from an answer, sent to whichever process is next. */
  const local = (link) => {
    const url = new URL(link);
    return `${url.pathname}${url.search}`;
  };

  async function person(index, deadline) {
    const token = tokens[index];
    // Each person saves drivers of their own, so two people never edit one record at the same time.
    const ownDrivers = Array.from({ length: 20 }, (_, k) => 1 + index * 1000 + k);
    while (performance.now() < deadline) {
      const list = pick(lists);
      let page = await call(token, 'GET', list);
      await pause();
      if (!page) continue;
      const perPage = pick([10, 25, 50]);
      const order = `order_by=${encodeURIComponent(pick(orders[list]))}`;
      const lastPage = Math.max(1, Math.ceil(page.count / perPage));
      switch (Math.floor(Math.random() * 3)) {
        case 0:
          // A page picked from the pager, then the next one.
          page = await call(
            token,
            'GET',
            `${list}?${order}&per_page=${perPage}&page=${1 + Math.floor(Math.random() * lastPage)}`,
          );
          if (page?.next) page = await call(token, 'GET', local(page.next));
          break;
        case 1:
          // By cursor from the end, one page back.
          page = await call(token, 'GET', `${list}?${order}&per_page=${perPage}&cursor=last`);
          if (page?.previous) page = await call(token, 'GET', local(page.previous));
          break;
        default:
          // A search, sorted, and its next page.
          page = await call(
            token,
            'GET',
            `${list}?search=${encodeURIComponent(pick(searches))}&${order}&per_page=${perPage}`,
          );
          if (page?.next) page = await call(token, 'GET', local(page.next));
      }
      await pause();
      const record = page?.results?.length ? pick(page.results) : null;
      if (record) {
        await call(token, 'GET', `${list}${record.id}/`);
        await pause();
      }
      if (Math.random() < 0.15) {
        const id = pick(ownDrivers);
        const driver = await call(token, 'GET', `/api/drivers/${id}/`);
        if (driver) {
          const body = Object.fromEntries(driverFields.filter((f) => f in driver).map((f) => [f, driver[f]]));
          body.parent_name = pick(parentNames);
          await call(token, 'PUT', `/api/drivers/${id}/`, body);
        }
        await pause();
      }
    }
  }

  const started = performance.now();
  const deadline = started + seconds * 1000;
  // People arrive over the first five seconds, not all in the same millisecond.
  const arrive = (i) => new Promise((resolve) => setTimeout(resolve, (i * 5000) / users));
  await Promise.all(tokens.map((_, i) => arrive(i).then(() => person(i, deadline))));
  const elapsed = (performance.now() - started) / 1000;
  const sortedGets = [...getMs].sort((a, b) => a - b);
  const sortedSaves = [...saveMs].sort((a, b) => a - b);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  const p99 = percentile(sortedGets, 99);
  const pass = failed === 0 && p99 < getP99BudgetMs;
  console.log(
    `${pass ? 'PASS' : 'FAIL'}  mixed load, ${name}: ${users} users, ${elapsed.toFixed(0)} s, ` +
      `${getMs.length} GET (${(getMs.length / elapsed).toFixed(0)}/s) p50 ${percentile(sortedGets, 50).toFixed(0)} ms ` +
      `p99 ${p99.toFixed(0)} ms max ${(sortedGets.at(-1) ?? 0).toFixed(0)} ms, ${saveMs.length} saves p99 ` +
      `${percentile(sortedSaves, 99).toFixed(0)} ms, ${failed} failed (budget: 0 failed, GET p99 < ${getP99BudgetMs} ms)`,
  );
  for (const [what, n] of failures) console.log(`info    ${n} x ${what}`);
  // What to look at first when the budget fails.
  for (const [ms, url] of slowest.sort((a, b) => b[0] - a[0]).slice(0, 8)) {
    console.log(`info    slow GET ${ms.toFixed(0)} ms ${decodeURIComponent(url.replace(/^https?:\/\/[^/]+/, ''))}`);
  }
  return pass;
}

/** Opens the embedded database of a data folder as the server does, for seeding before the server starts. */
async function withPglite(dataDir, work) {
  const [{ PGlite }, { btree_gist }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const client = new PGlite({ dataDir: path.join(dataDir, 'pglite'), extensions: { btree_gist, pg_trgm } });
  await client.waitReady;
  try {
    return await work((text) => client.query(text));
  } finally {
    await client.close();
  }
}

function seedDemo(env) {
  const seeded = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
    cwd: root,
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('seeding the demo data failed');
}

/** Runs the mixed-load budget on PGlite and on PostgreSQL with two processes; true when both hold. */
export async function benchMixed({ seconds = Number(process.env.BENCH_MIXED_SECONDS) || defaultSeconds } = {}) {
  let ok = true;

  const pgliteDir = mkdtempSync(path.join(tmpdir(), 'dnx-bench-mixed-'));
  try {
    const env = { DATABASE_URL: '', DATA_DIR: pgliteDir, NODE_ENV: 'development' };
    seedDemo(env);
    const started = performance.now();
    const counts = await withPglite(pgliteDir, seedRows);
    console.log(
      `info  PGlite: seeded ${counts.drivers} drivers and ${counts.automobiles} automobiles in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const server = await startServer({ env: { ...env, ...productionEnv() } });
    try {
      ok = (await simulate('PGlite, one process', [server.baseUrl], seconds)) && ok;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }

  const cluster = process.env.DATABASE_URL ? null : await startCluster();
  const database = await createDatabase(process.env.DATABASE_URL || cluster.url);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-bench-mixed-pg-'));
  const servers = [];
  try {
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_ENV: 'development' };
    seedDemo(env);
    await withPostgres(database.url, seedRows);
    // One secret for both processes, as behind a load balancer: a token from one is good at the other.
    const shared = productionEnv();
    for (let i = 0; i < 2; i += 1) servers.push(await startServer({ env: { ...env, ...shared } }));
    ok =
      (await simulate(
        'PostgreSQL, two processes round-robin',
        servers.map((s) => s.baseUrl),
        seconds,
      )) && ok;
  } finally {
    for (const server of servers) await server.stop();
    await database.drop().catch(() => {});
    cluster?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchMixed();
  if (!ok) process.exitCode = 1;
}
