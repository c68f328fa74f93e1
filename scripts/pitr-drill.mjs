// The point-in-time recovery drill (`npm run drill:pitr`; docs/operations.md, "Point-in-time recovery"), on a
// throwaway cluster set up as the guide sets up the primary: WAL archiving on, a base backup, then
//   1. payments made through the API of a server in production mode;
//   2. the time noted;
//   3. a mistake: the payments truncated by the owner's login;
//   4. a recovery to just before the mistake with deploy/postgres/pitr-restore.sh, on a new data folder;
//   5. the recovered database checked: the payments are back, and the forms' ledger and the audit trail verify
//      (the server's own `verify-ledger` and `verify-audit`).
// It prints what it found as JSON and exits 1 when the recovery falls short; apps/server/src/backup/pitr test runs it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { productionEnv } from './bench-lists.mjs';
import { startCluster, startClusterOn } from './lib/postgres-cluster.mjs';
import { issueAcceptedBatches } from './lib/demo-api.mjs';
import { apiCall, ensureServerBuild, root, signIn, startServer } from './lib/server-process.mjs';
import { createThrowawayDatabase, databaseUrl, queryRows } from './lib/throwaway-database.mjs';

const asRoot = () => process.getuid?.() === 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const query = queryRows;

/** The server's command-line task `command` on the database of `url`; its JSON answer. */
function serverCli(url, command) {
  const result = spawnSync(process.execPath, ['apps/server/dist/cli.js', command], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    encoding: 'utf8',
  });
  if (result.status !== 0 && !result.stdout.trim()) throw new Error(`${command}: ${result.stderr}`);
  return result.stdout.trim() ? JSON.parse(result.stdout.trim().split('\n').pop()) : {};
}

/** `count` payments of one row each, through the API, as the administrator. */
async function makePayments(base, count) {
  const admin = await signIn(base);
  const operatorToken = await signIn(base, 'operator@demo.az');
  const issued = await issueAcceptedBatches(base, admin, operatorToken, ['PT'], count);
  const batch = issued.batches[0];
  const forms = (await apiCall(base, admin, 'GET', `/api/fn/forms/?batch=${batch.id}&no_page=1`)).results;
  const made = [];
  for (const [i, form] of forms.entries()) {
    const payment = await apiCall(base, admin, 'POST', '/api/payments/', {
      owner_code: '1234567891',
      owner_name: 'Bərpa Təlimi MMC',
      region: issued.region,
      mdssh_number: `M-${i + 1}`,
      mdssh_date: '2026-01-10',
      mdssh_amount: '10.00',
      itsda_number: `I-${i + 1}`,
      itsda_date: '2026-01-10',
      itsda_amount: '12.50',
      rows: [
        {
          form: form.id,
          plate: `10-PT-${String(i + 1).padStart(3, '0')}`,
          seats_count: 18,
          transport_type: issued.transportType,
          coefficient: issued.coefficient,
          expire_date: 3,
        },
      ],
    });
    made.push({ id: payment.id, total: payment.total });
  }
  return made;
}

/** Runs the drill; what it found, `ok` when the payments came back and both chains verify. */
export async function pitrDrill({ payments = 3, log = (line) => console.error(`pitr-drill: ${line}`) } = {}) {
  ensureServerBuild();
  const work = mkdtempSync(path.join(tmpdir(), 'dnx-pitr-'));
  const archive = path.join(work, 'wal-archive');
  execFileSync('mkdir', ['-p', archive]);
  if (asRoot()) chownSync(work, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
  if (asRoot()) execFileSync('chown', ['postgres', archive]);
  let primary = null;
  let recovered = null;
  let server = null;
  try {
    log('a primary with WAL archiving, as docs/operations.md sets it up');
    primary = await startCluster({
      settings: {
        archive_mode: 'on',
        archive_command: `test ! -f ${archive}/%f && cp %p ${archive}/%f`,
      },
    });
    const database = await createThrowawayDatabase(primary.url, 'dnx_pitr');
    const seeded = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: database.url, LOG_LEVEL: 'warn', NODE_ENV: 'development' },
      encoding: 'utf8',
    });
    if (seeded.status !== 0) throw new Error(`seed: ${seeded.stderr}`);

    log('the base backup (pg_basebackup)');
    const base = path.join(work, 'base');
    primary.baseBackup(base);

    log(`${payments} payments through the API of a production server`);
    server = await startServer({ env: { ...productionEnv(), DATABASE_URL: database.url, DATA_DIR: work } });
    const made = await makePayments(server.baseUrl, payments);
    await server.stop();
    server = null;

    // The moment to recover to: after the payments' commits, before the mistake, a second from each.
    await sleep(1_100);
    const [{ target }] = await query(
      database.url,
      `select to_char(now() at time zone 'utc', 'YYYY-MM-DD HH24:MI:SS.US+00') as target`,
    );
    await sleep(1_100);

    log(`the mistake, after ${target}: the payments truncated`);
    await query(database.url, 'truncate payments cascade');
    const afterMistake = Number((await query(database.url, 'select count(*) as n from payments'))[0].n);
    // The WAL file that holds the mistake goes to the archive now, not when it fills.
    const [{ segment }] = await query(primary.url, `select pg_walfile_name(pg_switch_wal() - 1) as segment`);
    for (let waited = 0; ; waited += 100) {
      const [{ last }] = await query(primary.url, 'select last_archived_wal as last from pg_stat_archiver');
      if (last && last >= segment) break;
      if (waited > 30_000) throw new Error(`WAL ${segment} not archived in 30 s`);
      await sleep(100);
    }

    log('the recovery: deploy/postgres/pitr-restore.sh, then PostgreSQL on the new folder');
    const recoveredDir = mkdtempSync(path.join(tmpdir(), 'dnx-pitr-recovered-'));
    const data = path.join(recoveredDir, 'data');
    const script = path.join(root, 'deploy/postgres/pitr-restore.sh');
    if (asRoot()) chownSync(recoveredDir, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
    const prepare = asRoot()
      ? spawnSync(
          'su',
          ['postgres', '-s', '/bin/sh', '-c', `sh '${script}' '${base}' '${archive}' '${target}' '${data}'`],
          {
            encoding: 'utf8',
          },
        )
      : spawnSync('sh', [script, base, archive, target, data], { encoding: 'utf8' });
    if (prepare.status !== 0) throw new Error(`pitr-restore.sh: ${prepare.stderr}`);
    recovered = await startClusterOn(data);
    for (let waited = 0; ; waited += 100) {
      const [{ recovering }] = await query(recovered.url, 'select pg_is_in_recovery() as recovering');
      if (!recovering) break;
      if (waited > 60_000) throw new Error('the recovered cluster did not finish its recovery in 60 s');
      await sleep(100);
    }

    const recoveredUrl = databaseUrl(recovered.url, database.name);
    const found = await query(recoveredUrl, `select id, total::text as total from payments order by id`);
    const foundIds = new Set(found.map((row) => row.id));
    const result = {
      target,
      paymentsMade: made.length,
      paymentsAfterMistake: afterMistake,
      paymentsRecovered: made.filter((payment) => foundIds.has(payment.id)).length,
      totalsMatch: made.every((payment) => found.find((row) => row.id === payment.id)?.total === payment.total),
      ledger: serverCli(recoveredUrl, 'verify-ledger'),
      audit: serverCli(recoveredUrl, 'verify-audit'),
    };
    result.ok =
      result.paymentsRecovered === made.length &&
      result.totalsMatch &&
      result.ledger.ok === true &&
      result.audit.ok === true;
    log(result.ok ? 'recovered: the payments are back and both chains verify' : 'the recovery fell short');
    return result;
  } finally {
    await server?.stop();
    recovered?.stop();
    primary?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await pitrDrill();
  console.log(JSON.stringify(result, null, 2));
  process.exit(result.ok ? 0 : 1);
}
