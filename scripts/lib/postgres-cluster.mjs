// A throwaway PostgreSQL cluster from the machine's binaries, for benchmarks and the tests that need a real
// PostgreSQL even when DATABASE_URL is not set (a server process killed mid-transaction).
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.mjs';

/**
 * A throwaway PostgreSQL cluster; `stop` removes it. Its URL reaches it over its Unix socket, as an application
 * reaches a PostgreSQL on its own host (a loopback TCP connection costs the server about a fifth more CPU per
 * query); it listens on 127.0.0.1 too.
 */
const asRoot = () => process.getuid?.() === 0;

export async function startCluster() {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const bin = versions
    .map((v) => path.join('/usr/lib/postgresql', v, 'bin'))
    .filter((dir) => existsSync(path.join(dir, 'initdb')))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    .pop();
  if (!bin) throw new Error('no DATABASE_URL and no PostgreSQL binaries in /usr/lib/postgresql/*/bin');
  const dir = mkdtempSync(path.join(tmpdir(), 'dnx-pg-'));
  const port = await freePort();
  const run = (args) => {
    const command = args.map((a) => `'${a}'`).join(' ');
    if (asRoot()) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], { stdio: 'ignore' });
    else execFileSync(args[0], args.slice(1), { stdio: 'ignore' });
  };
  if (asRoot()) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
  const data = path.join(dir, 'data');
  run([path.join(bin, 'initdb'), '-D', data, '-U', 'postgres', '-A', 'trust', '--no-instructions', '-E', 'UTF8']);
  return startAt({ bin, dir, data, port, run });
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
  return {
    url: `postgres://postgres@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`,
    /**
     * A streaming replica of this cluster (`pg_basebackup -R`: the standby settings written by the backup), started
     * on a port of its own; it follows every database of the cluster, those made later too.
     */
    startReplica: async () => {
      const replicaDir = mkdtempSync(path.join(tmpdir(), 'dnx-pg-replica-'));
      if (asRoot()) chownSync(replicaDir, Number(execFileSync('id', ['-u', 'postgres']).toString()), -1);
      const replicaData = path.join(replicaDir, 'data');
      const replicaPort = await freePort();
      run([
        path.join(bin, 'pg_basebackup'),
        '-h',
        dir,
        '-p',
        String(port),
        '-U',
        'postgres',
        '-D',
        replicaData,
        '-R',
        '-X',
        'stream',
        '-c',
        'fast',
      ]);
      return startAt({ bin, dir: replicaDir, data: replicaData, port: replicaPort, run });
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
