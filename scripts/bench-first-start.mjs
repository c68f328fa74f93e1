// The first start's budget of `npm run bench` (issue 30): `npm start` on an empty data folder (PGlite: its initdb,
// the migrations, the access model and the demo data with its year of history) to /api/health/ready/ answering 200,
// on an existing build: under 15 s. Three runs, each on a fresh folder; the median counts. The machine's load
// average is printed beside it, since a busy machine slows every phase.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startServer } from './lib/server-process.mjs';

const budgetMs = 15_000;

/** Runs the first-start budget; true when the median is within it. */
export async function benchFirstStart({ runs = 3 } = {}) {
  const times = [];
  for (let i = 0; i < runs; i += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-bench-first-'));
    try {
      const load = loadavg()[0].toFixed(1);
      const server = await startServer({
        env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' },
        command: ['npm', 'start', '--silent'],
        healthPath: '/api/health/ready/',
        healthTimeoutMs: 120_000,
      });
      await server.stop();
      times.push(server.ms);
      console.log(`info  first start ${i + 1}: ${server.ms.toFixed(0)} ms (load average ${load} before it)`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const ok = median <= budgetMs;
  console.log(
    `${ok ? 'PASS' : 'FAIL'}  first npm start on an empty folder to /api/health/ready/ (PGlite: migrations and demo ` +
      `data, median of ${times.length}): ${median.toFixed(0)} ms (budget ${budgetMs} ms)`,
  );
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = (await benchFirstStart()) ? 0 : 1;
}
