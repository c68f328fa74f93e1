// The reports at ten times today's scale (issue 31), on a real PostgreSQL against the production build: 10,000,000
// forms (10,000 batches of 1,000 over 24 operators, issued over 400 days, ten times as many a day as bench-reports)
// and 2,000,000 payments. Every report of the screen, the general report and the home statistics of each demo user:
// under 2 s cold (a fresh server) and warm (the slowest of the next runs).
// The forms and payments are bulk-loaded with the summary triggers off (a trigger per statement is cheap, but the
// payments' flush at the commit of one 2,000,000-row statement is not what a bench of reads should wait for), then
// `cli rebuild-summaries` computes the summaries, which proves the command at this scale too.
import { pathToFileURL } from 'node:url';
import { benchReports } from './bench-reports.mjs';

const tenMillion = { batches: 10_000, batchNumbers: 1_000, listedPayments: 2_000_000, batchDays: 0.04 };

export const benchReports10m = () =>
  benchReports({ scale: tenMillion, bulk: true, exports: false, homeBudgetMs: 2_000 });

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await benchReports10m();
  if (!ok) process.exitCode = 1;
}
