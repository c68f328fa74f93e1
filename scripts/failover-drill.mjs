// The failover drill (`npm run drill:failover`; docs/operations.md, "High availability"): etcd, three PostgreSQL 15
// nodes under Patroni and HAProxy from Debian's packages, on loopback ports in a temporary folder
// (scripts/lib/patroni-cluster.mjs); the migrations with the owner's login; two server processes in production mode
// with the app's login through HAProxy's primary port (the reports on its replica port), under a mixed load
// (scripts/lib/drill-load.mjs). Then, in turn:
//   1. a planned switchover (patronictl switchover);
//   2. kill -9 of the primary's PostgreSQL (its postmaster);
//   3. kill -9 of the primary's Patroni (the machine's death as seen from outside);
//   4. that node's Patroni started again: the old primary rejoins as a replica (pg_rewind when it diverged).
// After each: every acknowledged write is in the database, no client saw a 500 (only 503 with Retry-After), a
// retried Idempotency-Key answers the same payment on the other process, the chains verify, the reconciliation is
// consistent, the live streams resumed and missed nothing, readiness went 503 without a primary and 200 again by
// itself, and the apps were never restarted. It prints each drill's times and counts, and exits 1 on a FAIL.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import { productionEnv } from './bench-lists.mjs';
import {
  acknowledgedFound,
  appWriteAcks,
  idempotentRetries,
  readinessIn,
  readyAgain,
  requestsIn,
  serverCli,
  statusesOf,
  streamsResumed,
  writeOutage,
} from './lib/drill-checks.mjs';
import { startLoad } from './lib/drill-load.mjs';
import { issueAcceptedBatches } from './lib/demo-api.mjs';
import { patroniTiming, postmasterPid, startPatroniCluster } from './lib/patroni-cluster.mjs';
import { apiCall, enrolledSecret, ensureServerBuild, root, signIn, startServer } from './lib/server-process.mjs';
import { queryRows } from './lib/throwaway-database.mjs';
import { probeLost, startWriteProbe } from './lib/write-probe.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const asRoot = () => process.getuid?.() === 0;
const passwords = { owner: 'drill-owner', web: 'drill-web' };
/** Forms for the load's payments: more than the drills' payments need, so writes never run out. */
const formCount = Number(process.env.DRILL_FORMS || 400);

/**
 * The demo data, migrated and seeded with the owner's login; the owner, the database `dnx` and the app's login were
 * made at the cluster's bootstrap by deploy/patroni/post-bootstrap.sh.
 */
async function prepareDatabase(cluster, log) {
  await queryRows(cluster.url(), 'create database drill_probe');
  const ownerUrl = cluster.url('dnx', cluster.ports.primaryPort, `dnx_owner:${passwords.owner}`);
  log('migrations and demo data with the owner login (dnx_owner)');
  execFileSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: ownerUrl, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return {
    ownerUrl,
    appUrl: cluster.url('dnx', cluster.ports.primaryPort, `dnx_web:${passwords.web}`),
    reportsUrl: cluster.url('dnx', cluster.ports.replicaPort, `dnx_web:${passwords.web}`),
  };
}

/**
 * The administrator signed in and, when their group asked for a second factor (enrolled at sign-in), stepped up, so
 * paying asks nothing more for 10 min.
 */
async function administrator(base) {
  const token = await signIn(base);
  const secret = enrolledSecret(base);
  if (!secret) return token;
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + 30_000,
  });
  await apiCall(base, token, 'POST', '/api/user/mfa/step-up/', { code });
  return token;
}

/** What the load pays with: accepted forms of the operator, and a coefficient's id for new batches. */
async function loadData(base, token) {
  const operatorToken = await signIn(base, 'operator@demo.az');
  const issued = await issueAcceptedBatches(base, token, operatorToken, ['DR'], formCount);
  const forms = (await apiCall(base, token, 'GET', `/api/fn/forms/?batch=${issued.batches[0].id}&no_page=1`)).results;
  issued.coefficientId = (await apiCall(base, token, 'GET', '/api/fn-coefficients/?per_page=1')).results[0].id;
  const operator = (await apiCall(base, token, 'GET', '/api/user/users/operators/')).data.find(
    (u) => u.email === 'operator@demo.az',
  );
  return { issued, forms, operator };
}

const nodeOf = (cluster, name) => cluster.nodes.find((n) => n.name === name);

/** Resolves once a node other than `old` writes through HAProxy's primary check (Patroni's own view lags a loop). */
const newLeader = (cluster, old) =>
  cluster.waitFor(`a leader other than ${old}`, async () => ((await cluster.primary())?.name ?? old) !== old, 60_000);

/** The four drills: what each does, its budget for writes to work again, and what "settled" means after it. */
function drills(cluster) {
  let killedPatroni = null;
  const rewinds = (node) =>
    (readFileSync(path.join(cluster.dir, `${node.name}.log`), 'utf8').match(/pg_rewind/g) ?? []).length;
  return [
    {
      name: 'switchover',
      budgetMs: 5_000,
      measure: 'gap',
      noPrimary: true,
      act: async () => {
        const members = await cluster.members();
        const leader = members.find((m) => m.Role === 'Leader').Member;
        const candidate = members.find((m) => m.Role === 'Sync Standby').Member;
        await cluster.patronictl(['switchover', '--leader', leader, '--candidate', candidate, '--force']);
        return { from: leader, to: candidate };
      },
      settle: (facts) => newLeader(cluster, facts.from).then(() => cluster.healthy(60_000)),
    },
    {
      name: 'PostgreSQL crash (kill -9 of the primary postmaster)',
      budgetMs: 10_000,
      noPrimary: true,
      act: async () => {
        const node = await cluster.primary();
        const pid = postmasterPid(cluster.dataDir(node));
        process.kill(pid, 'SIGKILL');
        return { from: node.name, pid };
      },
      settle: (facts) => newLeader(cluster, facts.from).then(() => cluster.healthy(90_000)),
    },
    {
      name: "Patroni's death (kill -9 of the primary's Patroni)",
      budgetMs: 20_000,
      noPrimary: true,
      act: async () => {
        const node = await cluster.primary();
        const pid = cluster.patroniPid(node);
        await cluster.killPatroni(node);
        killedPatroni = node;
        return { from: node.name, pid };
      },
      // The killed node is out: a new leader with its synchronous standby.
      settle: (facts) => newLeader(cluster, facts.from).then(() => cluster.healthy(60_000, 1)),
    },
    {
      name: 'the old primary rejoins (its Patroni started again)',
      budgetMs: null,
      noPrimary: false,
      act: async () => {
        const before = rewinds(killedPatroni);
        cluster.startPatroni(killedPatroni);
        return { node: killedPatroni.name, rewindsBefore: before };
      },
      // Back once its own Patroni says it runs as a replica, and it streams again.
      settle: () =>
        cluster
          .waitFor(
            'the old primary runs as a replica',
            async () => (await cluster.replicaState(killedPatroni)) === 'running',
            120_000,
          )
          .then(() => cluster.healthy(120_000)),
      after: (facts) => ({ rewound: rewinds(nodeOf(cluster, facts.node)) > facts.rewindsBefore }),
    },
  ];
}

/** Runs one drill under the load and checks what clients and the database saw; its report. */
async function runDrill({ drill, cluster, load, probe, urls, servers, token, log }) {
  const windowStart = Date.now();
  await sleep(1_500);
  const faultAt = Date.now();
  log(`${drill.name}: now`);
  const facts = await drill.act();
  await drill.settle(facts);
  const settledMs = Date.now() - faultAt;
  const readyMs = await readyAgain(load);
  // Writes go on a moment after, so the outage's end is seen and the streams get changes after it.
  await sleep(2_000);
  const windowEnd = Date.now();
  const requests = await requestsIn(load, windowStart, windowEnd);
  const app = writeOutage(appWriteAcks(requests), faultAt, windowEnd);
  const database = writeOutage(
    probe.acks.map((a) => a.at),
    faultAt,
    windowEnd,
  );
  const backAt = app.backAfterMs === null ? null : faultAt + app.backAfterMs;
  // The checks that only read run side by side (the chains' walks are processes of their own).
  const [found, probeMissing, retries, streams, ledger, audit, reconciliation] = await Promise.all([
    acknowledgedFound(load, urls.ownerUrl),
    probeLost(probe, cluster),
    idempotentRetries(load, windowStart, windowEnd),
    streamsResumed(load, windowStart, windowEnd, backAt),
    serverCli(urls.ownerUrl, 'verify-ledger'),
    serverCli(urls.ownerUrl, 'verify-audit'),
    apiCall(load.bases[0], token, 'GET', '/api/fn/reconciliation/?series=DR').then((r) => r.consistent),
  ]);
  const result = {
    drill: drill.name,
    faultAt,
    facts: { ...facts, ...drill.after?.(facts) },
    // The budget's measure: from the fault, or (a switchover, whose old primary writes on through its checkpoint)
    // the time without writes.
    budgetMs: drill.budgetMs,
    measuredMs: drill.measure === 'gap' ? app.longestGapMs : app.backAfterMs,
    writesBackMs: app.backAfterMs,
    noWritesMs: app.longestGapMs,
    databaseWritesBackMs: database.backAfterMs,
    databaseNoWritesMs: database.longestGapMs,
    // How long after HAProxy's primary took writes the apps did: their pools let go of the dead connections.
    appLagMs: app.backAfterMs === null || database.backAfterMs === null ? null : app.backAfterMs - database.backAfterMs,
    settledMs,
    readyAgainMs: readyMs,
    statuses: statusesOf(requests),
    probeFailures: probe.failures
      .filter((f) => f.at >= windowStart && f.at < windowEnd)
      .map((f) => ({ ...f, sinceFaultMs: f.at - faultAt })),
    found,
    probeLost: probeMissing,
    retries,
    streams,
    readiness: readinessIn(load, faultAt, backAt ?? windowEnd),
    ledger,
    audit,
    reconciliation,
    serversAlive: servers.every((s) => alive(s.pid)),
  };
  result.failures = failuresOf(drill, result);
  result.pass = result.failures.length === 0;
  return result;
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function failuresOf(drill, r) {
  const failures = [];
  const check = (ok, what) => ok || failures.push(what);
  if (!drill.noPrimary) {
    // The primary stays: writes go on throughout (a pause no longer than a slow answer's).
    check(r.noWritesMs !== null && r.noWritesMs <= 2_000, `writes paused ${r.noWritesMs} ms while no primary was lost`);
  } else {
    check(r.writesBackMs !== null, 'writes never worked again');
    check(r.appLagMs === null || r.appLagMs <= 1_000, `the apps wrote ${r.appLagMs} ms after the database did`);
  }
  if (drill.budgetMs)
    check(
      r.measuredMs !== null && r.measuredMs <= drill.budgetMs,
      `${r.measuredMs} ms, over the budget of ${drill.budgetMs} ms`,
    );
  check(
    r.statuses.refused.length === 0,
    `answers no client may see: ${JSON.stringify(r.statuses.refused.slice(0, 5))}`,
  );
  check(
    r.found.missing.length === 0 && r.found.missingBatches === 0,
    `acknowledged writes missing: ${JSON.stringify(r.found.missing.slice(0, 5))}`,
  );
  check(
    r.probeLost.length === 0,
    `acknowledged probe rows missing: ${JSON.stringify(r.probeLost.map((a) => ({ ...a, sinceFaultMs: a.at - r.faultAt })))}`,
  );
  check(r.retries.sent > 0 && r.retries.differences.length === 0, `retried keys: ${JSON.stringify(r.retries)}`);
  for (const s of r.streams) check(s.open && s.changeAfterBack && s.missed === 0, `live stream ${JSON.stringify(s)}`);
  if (drill.noPrimary)
    for (const p of r.readiness) check(p.wentUnready, `${p.base}: readiness never said 503 without a primary`);
  check(r.readyAgainMs !== null, 'readiness did not answer 200 again by itself');
  check(
    r.ledger.ok === true && r.audit.ok === true,
    `chains: ledger ${JSON.stringify(r.ledger)}, audit ${JSON.stringify(r.audit)}`,
  );
  check(r.reconciliation === true, 'the reconciliation is not consistent');
  check(r.serversAlive, 'a server process ended');
  if (drill.after) check(r.facts.rewound !== false, 'the old primary rejoined without pg_rewind');
  return failures;
}

/** Runs the whole drill; its report (`pass` when every drill passed). */
export async function failoverDrill({ log = (line) => console.error(`failover-drill: ${line}`) } = {}) {
  ensureServerBuild();
  const work = mkdtempSync(path.join(tmpdir(), 'dnx-failover-'));
  if (asRoot()) chownSync(work, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
  let cluster = null;
  let probe = null;
  let load = null;
  const servers = [];
  const results = [];
  const stopAll = async () => {
    await load?.stop().catch(() => {});
    await probe?.stop().catch(() => {});
    for (const server of servers) await server.stop().catch(() => {});
    await cluster?.stop().catch(() => {});
    rmSync(work, { recursive: true, force: true });
  };
  const onSignal = () => stopAll().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const started = Date.now();
    const since = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
    const step = log;
    log = (line) => step(`[${since()}] ${line}`);
    cluster = await startPatroniCluster({
      log,
      secrets: { owner_password: passwords.owner, web_password: passwords.web },
    });
    const urls = await prepareDatabase(cluster, log);
    log('two server processes (production, the app login dnx_web through HAProxy)');
    const env = {
      ...productionEnv(),
      DATABASE_URL: urls.appUrl,
      REPORTS_DATABASE_URL: urls.reportsUrl,
      DATA_DIR: work,
    };
    servers.push(...(await Promise.all([0, 1].map(() => startServer({ env, healthPath: '/api/health/ready/' })))));
    const bases = servers.map((s) => s.baseUrl);
    const token = await administrator(bases[0]);
    log(`${formCount} forms issued to the operator`);
    const { issued, forms, operator } = await loadData(bases[0], token);
    probe = await startWriteProbe(cluster.url('drill_probe'));
    load = startLoad({ bases, token, issued, forms, operator });
    log(
      `ready in ${((Date.now() - started) / 1000).toFixed(1)} s; Patroni ttl ${patroniTiming().ttl} s, loop_wait ${patroniTiming().loop_wait} s, retry_timeout ${patroniTiming().retry_timeout} s`,
    );
    for (const drill of drills(cluster)) {
      const result = await runDrill({ drill, cluster, load, probe, urls, servers, token, log });
      results.push(result);
      log(summaryLine(result));
    }
    await load.stop();
    const final = await acknowledgedFound(load, urls.ownerUrl);
    return {
      pass: results.every((r) => r.pass) && final.missing.length === 0,
      results,
      final,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await stopAll();
  }
}

function summaryLine(r) {
  const seconds = (ms) => (ms === null || ms === undefined ? '-' : `${(ms / 1000).toFixed(1)} s`);
  return (
    `${r.pass ? 'PASS' : 'FAIL'} ${r.drill}: first accepted write ${seconds(r.writesBackMs)} after it, ` +
    `${seconds(r.noWritesMs)} without writes (budget ${seconds(r.budgetMs)} ${r.budgetMs ? (r.measuredMs === r.noWritesMs ? 'without writes' : 'after it') : ''}; ` +
    `HAProxy's primary wrote again after ${seconds(r.databaseWritesBackMs)}, the apps ${seconds(r.appLagMs)} later), acknowledged writes ${r.found.acknowledged} (all found: ${r.found.missing.length === 0}), ` +
    `statuses ${JSON.stringify(r.statuses.counts)}, keys retried ${r.retries.sent}, settled ${seconds(r.settledMs)}` +
    (r.failures.length ? `\n  ${r.failures.join('\n  ')}` : '')
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const report = await failoverDrill();
  console.log(
    JSON.stringify(
      {
        pass: report.pass,
        seconds: report.seconds,
        final: report.final,
        drills: report.results.map(({ streams, readiness, ...r }) => ({ ...r, streams, readiness })),
      },
      null,
      2,
    ),
  );
  for (const r of report.results) console.log(summaryLine(r));
  console.log(report.pass ? 'PASS' : 'FAIL');
  process.exit(report.pass ? 0 : 1);
}
