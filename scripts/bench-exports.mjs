// Exports cannot starve the others (issue 56): 80 concurrent full exports of the forms (CSV and xlsx, by three
// users) against one process with the demo data, while /api/health/live/ must answer under 1 s and a cashier's
// payments list under 2 s (p99; the worst under twice that). With the defaults 4 files stream at once and the rest
// are refused with Retry-After; a second round raises the limits to 80 so that every export streams, and measures
// the reads' turns (EXPORTS_DB_CONNECTIONS) and the event loop's yields alone. Both rounds on the embedded
// database, the second also on PostgreSQL (DATABASE_URL's server, or a throwaway cluster). Loopback only, bounded
// in count and in time (each round at most 3 minutes). `node scripts/bench-exports.mjs` alone, or in `npm run bench`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { withDemoDatabase } from './bench-lists.mjs';
import { signIn, startServer } from './lib/server-process.mjs';

const exportsAtOnce = 80;
const roundLimitMs = 180_000;
const budgets = { healthMs: 1_000, listMs: 2_000 };
const urls = ['/api/fn/forms/export/?format=csv', '/api/fn/forms/export/?format=xlsx'];

const p99 = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0;
};

/**
 * The sampler's loop, in a thread of its own: the answers of 80 exports streaming into this thread would delay its
 * reading of the sample's answer, and the wait would be counted against the server.
 */
const samplerSource = `
const { parentPort, workerData: { url, headers, pauseMs, limitMs } } = require('node:worker_threads');
let done = false;
parentPort.on('message', () => (done = true));
(async () => {
  const times = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(limitMs) });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(url + ': HTTP ' + res.status);
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  parentPort.postMessage(times);
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

/** Asks `url` again and again (from another thread) until `until` settles; the time of each answer. */
async function sampleWhile(baseUrl, url, headers, until, pauseMs) {
  const worker = new Worker(samplerSource, {
    eval: true,
    workerData: { url: `${baseUrl}${url}`, headers, pauseMs, limitMs: roundLimitMs },
  });
  const answer = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await until.finally(() => worker.postMessage('stop'));
  const times = await answer;
  await worker.terminate();
  if (!Array.isArray(times)) throw new Error(times.error);
  return times;
}

/** One export read to its end: its status, Retry-After and size. */
async function exportOnce(baseUrl, url, token) {
  const res = await fetch(`${baseUrl}${url}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(roundLimitMs),
  });
  const body = await res.arrayBuffer();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), bytes: body.byteLength };
}

async function round(name, env) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-bench-exports-'));
  const server = await startServer({
    env: { DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development', LOG_LEVEL: 'warn', ...env },
  });
  let ok = true;
  try {
    const tokens = [];
    for (const email of ['admin@demo.az', 'central@demo.az', 'regional@demo.az'])
      tokens.push(await signIn(server.baseUrl, email));
    const cashier = { authorization: `Bearer ${await signIn(server.baseUrl, 'cashier@demo.az')}` };
    const started = performance.now();
    const exports = Promise.all(
      Array.from({ length: exportsAtOnce }, (_, i) =>
        exportOnce(server.baseUrl, urls[i % urls.length], tokens[i % tokens.length]),
      ),
    );
    const [answers, health, list] = await Promise.all([
      exports,
      sampleWhile(server.baseUrl, '/api/health/live/', {}, exports, 50),
      sampleWhile(server.baseUrl, '/api/payments/?per_page=20', cashier, exports, 100),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const files = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    const retryAfterOk = refused.every((a) => Number(a.retryAfter) > 0);
    const otherStatuses = answers.length - files.length - refused.length;
    console.log(
      `info  ${name}: ${exportsAtOnce} exports in ${seconds.toFixed(1)} s: ${files.length} files ` +
        `(${(files.reduce((sum, a) => sum + a.bytes, 0) / 1e6).toFixed(1)} MB), ${refused.length} refused with 429` +
        `${refused.length ? (retryAfterOk ? ' and Retry-After' : ' WITHOUT Retry-After') : ''}, ${otherStatuses} other`,
    );
    for (const [label, times, budget] of [
      ['/api/health/live/', health, budgets.healthMs],
      ["a cashier's payments list", list, budgets.listMs],
    ]) {
      const worst = Math.max(...times);
      const pass = p99(times) < budget && worst < budget * 2;
      ok = ok && pass;
      console.log(
        `${pass ? 'PASS' : 'FAIL'}  ${name}: ${label} during the exports: p99 ${p99(times).toFixed(0)} ms, worst ` +
          `${worst.toFixed(0)} ms over ${times.length} requests (budget p99 < ${budget} ms)`,
      );
    }
    ok = ok && retryAfterOk && otherStatuses === 0 && files.length > 0;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return ok;
}

const everyExport = { EXPORTS_PER_PROCESS: String(exportsAtOnce), EXPORTS_PER_USER: String(exportsAtOnce) };

export async function benchExports() {
  const limited = await round('embedded, the default limits', {});
  const unlimited = await round('embedded, every export streaming (limits raised to 80)', everyExport);
  const postgres = await withDemoDatabase('exports', ({ env }) =>
    round('PostgreSQL, every export streaming (limits raised to 80)', { ...env, ...everyExport }),
  );
  return limited && unlimited && postgres;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit((await benchExports()) ? 0 : 1);
}
