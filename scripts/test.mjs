// `npm test`: the whole suite, as CI runs it, each part once.
//   1. type-check, lint and the production build, side by side (the tests that start the server build use it);
//   2. every unit and API test on the embedded PGlite;
//   3. the server's tests again on PostgreSQL: the server of DATABASE_URL, or else a throwaway cluster made from
//      the machine's PostgreSQL binaries (none there: the run fails and says so; nothing is skipped);
//   4. the end-to-end suite in Debian's Chromium, once, on that PostgreSQL (docs/decisions.md, "CI").
// Every test that needed a retry is named, and the run closes with one line `Tests: N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster } from './lib/postgres-cluster.mjs';
import { root } from './lib/server-process.mjs';

const reports = mkdtempSync(path.join(tmpdir(), 'dnx-test-reports-'));
const started = Date.now();
const counts = { passed: 0, failed: 0 };
const retried = [];
const steps = [];

const minutes = (ms) => `${(ms / 60_000).toFixed(1)} min`;

/** Runs one command with the terminal; resolves to its exit code. */
function run(label, command, args, env = {}) {
  const begun = Date.now();
  console.log(`\ntest: ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      steps.push(`${status === 0 ? 'ok  ' : 'FAIL'}  ${label} (${minutes(Date.now() - begun)})`);
      resolve(status);
    });
  });
}

/** Adds a Vitest JSON report's counts; its tests never retry (no `retry` is set). */
function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests;
  counts.failed += report.numFailedTests + (report.numTotalTests === 0 ? 1 : 0);
}

/** Adds a Playwright JSON report's counts, naming each test that passed only on a retry. */
function countPlaywright(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const name = [...titles, spec.title].filter(Boolean).join(' › ');
        if (test.status === 'expected') counts.passed += 1;
        else if (test.status === 'flaky') {
          counts.passed += 1;
          retried.push(`${spec.file}:${spec.line} ${name}`);
        } else if (test.status === 'unexpected') counts.failed += 1;
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
}

const vitest = (project, json) => [
  'node_modules/vitest/vitest.mjs',
  'run',
  ...(project ? ['--project', project] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${json}`,
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let cluster = null;
let status = 0;
try {
  const [typecheck, lint, built] = await Promise.all([
    run('type-check', npm, ['run', '--silent', 'typecheck']),
    run('lint', npm, ['run', '--silent', 'lint']),
    run('production build', npm, ['run', '--silent', 'build']),
  ]);
  status = [typecheck, lint, built].find((code) => code !== 0) ?? 0;

  const embeddedReport = path.join(reports, 'vitest-pglite.json');
  const embedded = await run('unit and API tests on PGlite', process.execPath, vitest(null, embeddedReport), {
    DATABASE_URL: '',
  });
  status ||= embedded;
  countVitest(embeddedReport);

  let databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    cluster = await startCluster();
    databaseUrl = cluster.url;
  }
  const postgresReport = path.join(reports, 'vitest-postgres.json');
  const onPostgres = await run('server tests on PostgreSQL', process.execPath, vitest('server', postgresReport), {
    DATABASE_URL: databaseUrl,
  });
  status ||= onPostgres;
  countVitest(postgresReport);

  // The end-to-end suite needs the build; every other part runs whatever failed before it, so one run names all.
  if (built === 0) {
    const browserReport = path.join(reports, 'playwright.json');
    const browser = await run(
      'end-to-end tests in Chromium, on PostgreSQL',
      process.execPath,
      ['node_modules/@playwright/test/cli.js', 'test', '-c', 'apps/web/playwright.config.ts', '--reporter=list,json'],
      { DATABASE_URL: databaseUrl, PLAYWRIGHT_JSON_OUTPUT_NAME: browserReport },
    );
    status ||= browser;
    countPlaywright(browserReport);
  }
} finally {
  cluster?.stop();
  rmSync(reports, { recursive: true, force: true });
}

console.log(`\ntest: ${steps.length} steps in ${minutes(Date.now() - started)}`);
for (const step of steps) console.log(`  ${step}`);
if (retried.length > 0) {
  console.log(`test: ${retried.length} test(s) passed only on a retry (flaky: a defect to fix):`);
  for (const name of retried) console.log(`  retried: ${name}`);
} else console.log('test: no test needed a retry');
console.log(`Tests: ${counts.passed} passed, ${counts.failed} failed`);
process.exit(status === 0 && counts.failed === 0 ? 0 : 1);
