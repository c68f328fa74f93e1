// Lists under writes (issue 31), on a real PostgreSQL against the production build: every page a person can reach
// of the drivers, forms and payments lists, each table holding 1,000,000 rows, answers p99 under 50 ms at 20
// connections while a writer (a pg connection of its own) makes on the same table, every half second, one insert,
// one delete, one update of a column none of the measured pages sorts, filters or searches by, and one update of a
// column they sort or filter by: 2 writes a second of each kind, plain SQL as an application writes it (the
// tables' triggers announce them on the change feed). The pages: the first, the next (page 1's `next` link), the
// next by cursor (the `next` link of `cursor=first`), a jump (page 20), the middle, the last, and the middle of a
// search selecting about a tenth of the rows, sorted by a text column. Autocannon, 20 connections, 1 s warm-up then
// 10 s each; any non-2xx answer fails the case.
//   node scripts/bench-lists-writes.mjs                 every list
//   BENCH_LISTS=drivers node scripts/bench-lists-writes.mjs   a subset (comma-separated: drivers, forms, payments)
//   BENCH_SECONDS=3 ...                                 shorter runs, to try the bench (not for figures)
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { productionEnv, sample, seedDrivers, withDemoDatabase, withPostgres } from './bench-lists.mjs';
import { fillPayments } from './bench-payments.mjs';
import { seedReports } from './bench-reports.mjs';
import { signIn, startServer } from './lib/server-process.mjs';

const budgetP99Ms = 50;
const million = 1_000_000;
const perPage = 10;
const writeEveryMs = 500;
const jumpPage = 20;

// The filler payments' payers: ten names, so one of them selects about a tenth of the payments.
const payerNames = ['Xəzər', 'Qafqaz', 'Abşeron', 'Göygöl', 'Şahdağ', 'Talış', 'Muğan', 'Kəpəz', 'Qobustan', 'Şirvan'];
const payerName = `(array[${payerNames.map((n) => `'${n}'`).join(', ')}])[1 + g % 10] || ' Nəqliyyat MMC ' || g`;

/** Ids of `limit` rows picked at random by `where`, for the writer to delete or update one by one. */
const pick = async (query, table, where, limit) =>
  (await query(`select id from ${table} where ${where} order by random() limit ${limit}`)).rows.map((r) => r.id);

/**
 * The lists: their URL, the search (about a tenth of the rows) and the text column its middle page is sorted by,
 * and `writer(query)`: what prepares the writes, answering `write(n)`, the four statements of the n-th round
 * (insert, delete, update of an unsorted column, update of a sorted or filtered column).
 */
const lists = {
  drivers: {
    url: '/api/drivers/',
    // "məmməd": Məmmədov and Məmmədova, 121,211 of the million (bench-lists.mjs).
    search: async () => 'məmməd',
    orderBy: 'last_name',
    writer: async (query) => {
      const deleted = await pick(query, 'drivers', 'true', 2_000);
      const edited = await pick(query, 'drivers', 'true', 4_000);
      return (n) => [
        `insert into drivers (last_name, first_name, parent_name, identity_fin_code, driving_license_start_date,
           driving_license_finish_date, driving_category)
         values ('Yazıçıyev', 'Orxan', 'Vaqif', '9${String(n).padStart(6, '0')}', date '2020-01-01', date '2030-01-01',
           array['B'])`,
        `delete from drivers where id = ${deleted[n % deleted.length]}`,
        // The licence number: none of the pages measured sorts, filters or searches by it.
        `update drivers set driving_license_number = 'YZ${String(n).padStart(6, '0')}', version = version + 1
         where id = ${edited[(2 * n) % edited.length]}`,
        // The surname: the search reads it and its pages are sorted by it.
        `update drivers set last_name = last_name || 'a', version = version + 1
         where id = ${edited[(2 * n + 1) % edited.length]}`,
      ];
    },
  },
  forms: {
    url: '/api/fn/forms/',
    // The series are three letters: the one or two letters found in the series of the share of forms nearest a
    // tenth (the list searches the series).
    search: async (query) => {
      const { rows } = await query('select series, count(*)::int as n from fn_forms group by series');
      const total = rows.reduce((sum, r) => sum + r.n, 0);
      const letters = 'ABCDEFGHJKLMNOPQRSTUVWXYZ'.split('');
      const candidates = [...letters, ...letters.flatMap((a) => letters.map((b) => a + b))];
      let best = { word: 'A', share: 0 };
      for (const word of candidates) {
        const share = rows.filter((r) => r.series.includes(word)).reduce((sum, r) => sum + r.n, 0) / total;
        if (Math.abs(share - 0.1) < Math.abs(best.share - 0.1)) best = { word, share };
      }
      return best.word;
    },
    orderBy: 'series',
    writer: async (query) => {
      const batch = (await query(`select id, series from fn_batches where series ~ '^[A-Z]{3}$' order by id limit 1`))
        .rows[0];
      const fresh = await pick(query, 'fn_forms', `stage = 'new'`, 4_000);
      const voided = await pick(query, 'fn_forms', `stage = 'voided'`, 2_000);
      return (n) => [
        `insert into fn_forms (batch_id, series, number) values (${batch.id}, '${batch.series}', ${100_000 + n})`,
        `delete from fn_forms where id = ${fresh[(2 * n) % fresh.length]}`,
        // The reason a form was voided: no page sorts or filters by it.
        `update fn_forms set void_reason = 'Korlanıb ${n}' where id = ${voided[n % voided.length]}`,
        // Accepted: the stage (a filter and an order of the list) and the time of the change (an order).
        `update fn_forms set stage = 'active', status = 0, stage_at = now(), updated_at = now()
         where id = ${fresh[(2 * n + 1) % fresh.length]}`,
      ];
    },
  },
  payments: {
    url: '/api/payments/',
    search: async () => payerNames.at(-1),
    orderBy: 'owner_name',
    writer: async (query) => {
      const region = (await query('select min(id) as id from regions')).rows[0].id;
      // Headers without rows (the filler's): deleting one is refused by no foreign key.
      const filler = await pick(query, 'payments', `owner_code like '1%' and status in (1, 2)`, 6_000);
      return (n) => [
        `insert into payments (owner_code, owner_name, region_id, priced_on, total, verify_code)
         values ('3${String(n).padStart(9, '0')}', 'Yazıçı Nəqliyyat MMC', ${region}, current_date, 119.70,
           'w${String(n).padStart(26, '0')}')`,
        `delete from payments where id = ${filler[(3 * n) % filler.length]}`,
        // The MDSSH document number: no page sorts or filters by it.
        `update payments set mdssh_number = 'M-${n}', version = version + 1, updated_at = now()
         where id = ${filler[(3 * n + 1) % filler.length]}`,
        // Sent for review: the status, a filter and an order of the list.
        `update payments set status = 2, status_at = now(), version = version + 1, updated_at = now()
         where id = ${filler[(3 * n + 2) % filler.length]}`,
      ];
    },
  },
};

/**
 * Starts the writer of `list` on its own connection: a round of four statements every half second until `stop`,
 * which answers what was written (rounds, failed statements) and the slowest statement.
 */
async function startWriter(url, list) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const write = await lists[list].writer((text) => client.query(text));
  let rounds = 0;
  let failed = 0;
  let slowest = 0;
  let stopping = false;
  const running = (async () => {
    let next = performance.now();
    while (!stopping) {
      for (const statement of write(rounds)) {
        const started = performance.now();
        try {
          await client.query(statement);
        } catch (error) {
          failed += 1;
          if (failed <= 3) console.log(`info  writer: ${error.message}`);
        }
        slowest = Math.max(slowest, performance.now() - started);
      }
      rounds += 1;
      next += writeEveryMs;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
    }
  })();
  return {
    stop: async () => {
      stopping = true;
      await running;
      await client.end();
      return { rounds, failed, slowest };
    },
  };
}

/** The path and query of an absolute link the server gave (its origin is the configured public one). */
const pathOf = (link) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Runs the lists under writes (`BENCH_LISTS` picks some); true when every page of every list is within budget. */
export async function benchListsWrites({
  durationSeconds = Number(process.env.BENCH_SECONDS) || 10,
  connections = 20,
  only = process.env.BENCH_LISTS,
} = {}) {
  const chosen = only ? only.split(',').map((name) => name.trim()) : Object.keys(lists);
  for (const name of chosen) if (!lists[name]) throw new Error(`BENCH_LISTS: no list ${name}`);
  return withDemoDatabase('lists-writes', async ({ database, env }) => {
    const started = performance.now();
    await withPostgres(database.url, async (query) => {
      if (chosen.includes('drivers')) await seedDrivers(query, 1, million);
      if (chosen.includes('forms') || chosen.includes('payments')) await seedReports(query);
      if (chosen.includes('payments')) {
        const region = (await query('select min(id) as id from regions')).rows[0].id;
        await fillPayments(query, million, region, payerName);
      }
    });
    console.log(`info  seeded ${chosen.join(', ')} in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const server = await startServer({ env: { ...env, ...productionEnv() } });
    let ok = true;
    try {
      const base = server.baseUrl;
      const headers = { authorization: `Bearer ${await signIn(base)}` };
      const get = async (url) => {
        const response = await fetch(`${base}${url}`, { headers });
        if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
        return response.json();
      };
      for (const name of chosen) {
        const list = lists[name];
        const word = await withPostgres(database.url, list.search);
        const writer = await startWriter(database.url, name);
        try {
          const { url } = list;
          const first = await get(url);
          const pages = Math.ceil(first.count / perPage);
          const byCursor = await get(`${url}?cursor=first`);
          const searched = `${url}?search=${encodeURIComponent(word)}&order_by=${list.orderBy}`;
          const found = (await get(searched)).count;
          console.log(
            `info  ${name}: ${first.count.toLocaleString('en')} rows, ${pages.toLocaleString('en')} pages; ` +
              `search "${word}" sorted by ${list.orderBy}: ${found.toLocaleString('en')} rows ` +
              `(${((100 * found) / first.count).toFixed(1)}%)`,
          );
          const cases = [
            ['first page', url],
            ['next page (page 1 `next`)', pathOf(first.next)],
            ['next page by cursor (`cursor=first` `next`)', pathOf(byCursor.next)],
            [`jump (page ${jumpPage})`, `${url}?page=${jumpPage}`],
            [`middle page (page ${Math.ceil(pages / 2)})`, `${url}?page=${Math.ceil(pages / 2)}`],
            [`last page (page ${pages})`, `${url}?page=${pages}`],
            [
              `search "${word}" by ${list.orderBy}, its middle page (page ${Math.ceil(found / perPage / 2)})`,
              `${searched}&page=${Math.ceil(found / perPage / 2)}`,
            ],
          ];
          for (const [page, caseUrl] of cases) {
            let line;
            let pass = false;
            try {
              const { result, failed } = await sample(base, headers, caseUrl, { durationSeconds, connections });
              pass = failed === 0 && result.latency.p99 < budgetP99Ms;
              line =
                `p99 ${result.latency.p99} ms, ${result.requests.average.toFixed(0)} req/s (budget ${budgetP99Ms} ms)` +
                `, p50 ${result.latency.p50} ms` +
                (failed ? `, ${failed} failed requests` : '');
            } catch (error) {
              line = `no answer: ${error.message.slice(0, 200)}`;
            }
            ok = pass && ok;
            console.log(`${pass ? 'PASS' : 'FAIL'}  ${name} ${page} under writes: ${line}`);
          }
        } finally {
          const written = await writer.stop();
          console.log(
            `info  ${name} writer: ${written.rounds} rounds of 4 statements (${written.failed} failed), ` +
              `slowest statement ${written.slowest.toFixed(0)} ms`,
          );
        }
      }
    } finally {
      await server.stop();
    }
    return ok;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchListsWrites();
  if (!ok) process.exitCode = 1;
}
