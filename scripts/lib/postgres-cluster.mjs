// A throwaway PostgreSQL cluster from the machine's binaries, for benchmarks and the tests that need a real
// PostgreSQL even when DATABASE_URL is not set (a server process killed mid-transaction).
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.mjs';

/**
 * A throwaway PostgreSQL cluster; `stop` removes it. Its URL reaches it over its Unix socket, as an application
 * reaches a PostgreSQL on its own host (a loopback TCP connection costs the server about a fifth more CPU per
 * query); it listens on 127.0.0.1 too.
 */
const asRoot = () => process.getuid?.() === 0;

/** The newest PostgreSQL server binaries of the machine (Debian's layout). */
export function binaries() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const bin = versions
    .map((v) => path.join('/usr/lib/postgresql', v, 'bin'))
    .filter((dir) => existsSync(path.join(dir, 'initdb')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop();
  if (!bin) throw new Error('no DATABASE_URL and no PostgreSQL binaries in /usr/lib/postgresql/*/bin');
  return bin;
}

/** Runs a PostgreSQL program: as user postgres when this process is root (the server refuses to run as root). */
function runner() {
  return (args) => {
    const command = args.map((a) => `'${a}'`).join(' ');
    if (asRoot()) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'ignore' });
    else execFileSync(args[0], args.slice(1), { stdio: 'ignore' });
  };
}

export async function startCluster({ settings = {} } = {}) {
  const bin = binaries();
  const dir = mkdtempSync(path.join(tmpdir(), 'dnx-pg-'));
  const port = await freePort();
  const run = runner();
  if (asRoot()) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
  const data = path.join(dir, 'data');
  run([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '--no-instructions', '-E', 'UTF8']);
  // Settings beyond initdb's (WAL archiving for a recovery drill), as an operator writes them.
  const lines = Object.entries(settings).map(([name, value]) => `${name} = '${String(value).replaceAll("'", "''")}'`);
  if (lines.length > 0) appendFileSync(path.join(data, 'postgresql.conf'), `\n${lines.join('\n')}\n`);
  return startAt({ bin, dir, data, port, run });
}

/**
 * Starts a cluster on data folder `data` that the caller prepared (a base backup made ready for recovery), on a port
 * and socket folder of its own; `stop` removes the folder that holds it.
 */
export async function startClusterOn(data) {
  const bin = binaries();
  const dir = path.dirname(data);
  if (asRoot()) execFileSync('chown', ['-R', 'postgres', dir]);
  return startAt({ bin, dir, data, port: await freePort(), run: runner() });
}

/** Starts the server of data folder `data` on 127.0.0.1:`port` and its socket in `dir`; the cluster's handle. */
function startAt({ bin, dir, data, port, run }) {
  run([
    path.join(bin, 'pg_ctl'),
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-h 127.0.0.1 -p ${port} -k ${dir}`,
    'start',
  ]);
  return clusterAt({ bin, dir, data, port, run });
}

function clusterAt({ bin, dir, data, port, run }) {
  const postgresUid = () => Number(execFileSync('id', ['-u', 'postgres']).toString());
  /** `pg_basebackup` into `target` with the WAL it needs; `-R` among `extra` makes it a standby's. */
  const baseBackup = (target, extra = []) => {
    if (asRoot()) chownSync(path.dirname(target), postgresUid(), -1);
    const args = ['-h', dir, '-p', String(port), '-U', 'postgres', '-D', target, '-X', 'stream', '-c', 'fast'];
    run([path.join(bin, 'pg_basebackup'), ...args, ...extra]);
  };
  return {
    url: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    data,
    baseBackup: (target) => baseBackup(target),
    /**
     * A streaming replica of this cluster (`pg_basebackup -R`: the standby settings written by the backup), started
     * on a port of its own; it follows every database of the cluster, those made later too.
     */
    startReplica: async () => {
      const replicaDir = mkdtempSync(path.join(tmpdir(), 'dnx-pg-replica-'));
      const replicaData = path.join(replicaDir, 'data');
      baseBackup(replicaData, ['-R']);
      return startAt({ bin, dir: replicaDir, data: replicaData, port: await freePort(), run });
    },
    stop: () => {
      try {
        run([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
