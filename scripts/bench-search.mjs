// The search budget of `npm run bench` (issue 29), on a real PostgreSQL against the production build: with
// 1,000,000 forms and 200,000 payments (the reports' data), GET /api/search/?q= answers p99 under 50 ms at 20
// connections for each kind of query: a form's series and number, a receipt, a VÖEN, a plate, a name and a tracking
// code; as the administrator (every region) and as the cashier (one region).
import { pathToFileURL } from 'node:url';
import { measure, productionEnv, withDemoDatabase, withPostgres } from './bench-lists.mjs';
import { seedReports } from './bench-reports.mjs';
import { signIn, startServer } from './lib/server-process.mjs';

/** Runs the search budget; true when every query is within it. */
export async function benchSearch({ durationSeconds = 10, connections = 20 } = {}) {
  return withDemoDatabase('search', async ({ database, env }) => {
    const seeded = await withPostgres(database.url, async (query) => {
      const counts = await seedReports(query);
      const form = (await query(`select series, number from fn_forms where series = 'ABA' and number = 500`)).rows[0];
      const code = (await query('select code from online_payment_requests order by id limit 1')).rows[0]?.code;
      return { ...counts, form, code };
    });
    console.log(
      `info  search over ${seeded.forms.toLocaleString('en')} forms and ${seeded.payments.toLocaleString('en')} payments`,
    );
    const server = await startServer({ env: { ...env, ...productionEnv() } });
    let ok = true;
    try {
      const base = server.baseUrl;
      const queries = [
        ['a form (ABA 000500)', 'ABA 000500'],
        ['a form typed together (aba500)', 'aba500'],
        ['a receipt (REPORT-123456)', 'REPORT-123456'],
        ['a VÖEN (2000123456)', '2000123456'],
        ['a plate (10 ab 123)', '10 ab 123'],
        ['a name (məmmədov)', 'məmmədov'],
        ...(seeded.code ? [[`a tracking code (${seeded.code})`, seeded.code]] : []),
      ];
      for (const user of ['admin', 'cashier']) {
        const headers = { authorization: `Bearer ${await signIn(base, `${user}@demo.az`)}` };
        for (const [name, q] of queries)
          ok =
            (await measure(base, headers, `search as ${user}: ${name}`, `/api/search/?q=${encodeURIComponent(q)}`, {
              durationSeconds,
              connections,
            })) && ok;
      }
    } finally {
      await server.stop();
    }
    return ok;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = (await benchSearch()) ? 0 : 1;
}
