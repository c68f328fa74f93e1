// A throwaway high-availability PostgreSQL cluster on loopback, from Debian's packages, for `npm run drill:failover`
// (docs/operations.md, "High availability"): one etcd member, three PostgreSQL 15 nodes each run by its Patroni, and
// HAProxy with a primary port and a replica port that follow Patroni's REST checks. The settings are deploy/patroni/'s
// files themselves (the compose profile's: patroni.yml, haproxy.cfg, post-bootstrap.sh), with loopback addresses,
// folders of their own and pg_hba for 127.0.0.1.
import { execFile, execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { binaries } from './postgres-cluster.mjs';
import { freePort, root } from './server-process.mjs';

const streams = (member) => ['running', 'streaming'].includes(member.State) && (member['Lag in MB'] ?? 0) < 16;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const asRoot = () => process.getuid?.() === 0;
const postgresIds = () => ({
  uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
  gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
});

const shipped = (file) => readFileSync(path.join(root, 'deploy/patroni', file), 'utf8');
/** deploy/patroni/patroni.yml: the node's settings as the compose profile ships them. */
const shippedPatroni = () => parse(shipped('patroni.yml'));

/**
 * The failover timing (docs/decisions/0047-high-availability-patroni.md): the leader key lives `ttl` s, the leader
 * renews it every `loop_wait` s, and a node retries the DCS and PostgreSQL for `retry_timeout` s before it gives up
 * (Patroni's rule: loop_wait + 2 * retry_timeout <= ttl).
 */
export function patroniTiming() {
  const { ttl, loop_wait, retry_timeout } = shippedPatroni().bootstrap.dcs;
  return { ttl, loop_wait, retry_timeout };
}

/** Runs a command as the postgres user when this process is root (PostgreSQL refuses root). */
function asPostgres(command, args) {
  return asRoot()
    ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', command, ...args]]
    : [command, args];
}

/** The postmaster's pid of data folder `data` (its first line of postmaster.pid), or null. */
export function postmasterPid(data) {
  const file = path.join(data, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** A GET of `url` with a time limit; its status and parsed JSON body, or null when nothing answered. */
async function getJson(url, timeoutMs = 1_000) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return null;
  }
}

/** deploy/patroni/haproxy.cfg on loopback: its two ports, and a server line per node (check port: its REST API). */
function haproxyConfig({ primaryPort, replicaPort, nodes }) {
  const servers = nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.apiPort}`).join('\n');
  const text = shipped('haproxy.cfg')
    .replace('bind *:5000', `bind 127.0.0.1:${primaryPort}`)
    .replace('bind *:5001', `bind 127.0.0.1:${replicaPort}`)
    .replace(/(?: {2}server pg-\d .*\n)+/g, `${servers}\n`);
  if (text.includes('*:500') || !text.includes(servers))
    throw new Error('deploy/patroni/haproxy.cfg: no binds or servers to adapt');
  return text;
}

/** deploy/patroni/patroni.yml for `node`: its name, loopback addresses, folders and passwords. */
function patroniConfig({ dir, node, etcdPort, passwords }) {
  const nodeDir = path.join(dir, node.name);
  const config = shippedPatroni();
  config.name = node.name;
  config.restapi = { listen: `127.0.0.1:${node.apiPort}`, connect_address: `127.0.0.1:${node.apiPort}` };
  config.etcd3 = { hosts: `127.0.0.1:${etcdPort}` };
  config.bootstrap.post_bootstrap = path.join(root, 'deploy/patroni/post-bootstrap.sh');
  const { authentication } = config.postgresql;
  authentication.superuser.password = passwords.superuser;
  authentication.replication.password = passwords.replication;
  authentication.rewind.password = passwords.rewind;
  Object.assign(config.postgresql, {
    listen: `127.0.0.1:${node.pgPort}`,
    connect_address: `127.0.0.1:${node.pgPort}`,
    data_dir: path.join(nodeDir, 'data'),
    bin_dir: binaries(),
    pgpass: path.join(nodeDir, 'pgpass'),
    parameters: { unix_socket_directories: nodeDir },
    pg_hba: config.postgresql.pg_hba.map((line) => line.replace(/ all scram-sha-256$/, ' 127.0.0.1/32 scram-sha-256')),
  });
  return config;
}

/**
 * Starts etcd, three Patroni nodes and HAProxy in a new folder; resolves once a leader writes and both standbys
 * stream (one synchronous). `log` gets a line per step.
 */
export async function startPatroniCluster({ log = () => {}, secrets = {} } = {}) {
  const dir = mkdtempSync(path.join(tmpdir(), 'dnx-patroni-'));
  const ids = asRoot() ? postgresIds() : null;
  const own = (target) => ids && chownSync(target, ids.uid, ids.gid);
  own(dir);
  const passwords = { superuser: 'drill-superuser', replication: 'drill-replicator', rewind: 'drill-rewinder' };
  const [etcdPort, etcdPeer, primaryPort, replicaPort] = [await freePort(), await freePort(), await freePort(), 0];
  const ports = { etcdPort, etcdPeer, primaryPort, replicaPort: replicaPort || (await freePort()) };
  const nodes = [];
  for (const name of ['pg1', 'pg2', 'pg3']) nodes.push({ name, pgPort: await freePort(), apiPort: await freePort() });
  // post-bootstrap.sh reads the owner's and the app's passwords from here, as from compose's /run/secrets.
  const secretsDir = path.join(dir, 'secrets');
  mkdirSync(secretsDir);
  for (const [name, value] of Object.entries(secrets)) writeFileSync(path.join(secretsDir, name), value);
  own(secretsDir);
  const children = new Set();
  const spawnLogged = (name, command, args) => {
    const out = openSync(path.join(dir, `${name}.log`), 'a');
    const child = spawn(command, args, {
      stdio: ['ignore', out, out],
      detached: true,
      env: { ...process.env, SECRETS_DIR: secretsDir },
    });
    children.add(child);
    child.exited = new Promise((resolve) => child.on('exit', resolve));
    child.on('exit', () => children.delete(child));
    return child;
  };

  log('etcd (one member)');
  const etcdData = path.join(dir, 'etcd');
  const etcd = spawnLogged('etcd', 'etcd', [
    '--name=drill',
    `--data-dir=${etcdData}`,
    `--listen-client-urls=http://127.0.0.1:${etcdPort}`,
    `--advertise-client-urls=http://127.0.0.1:${etcdPort}`,
    `--listen-peer-urls=http://127.0.0.1:${etcdPeer}`,
    `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeer}`,
    `--initial-cluster=drill=http://127.0.0.1:${etcdPeer}`,
  ]);
  for (let waited = 0; (await getJson(`http://127.0.0.1:${etcdPort}/health`))?.status !== 200; waited += 100) {
    if (waited > 20_000) throw new Error(`etcd did not answer in 20 s (${dir}/etcd.log)`);
    await sleep(100);
  }

  const patronis = new Map();
  const configs = new Map();
  const startPatroni = (node) => {
    const [command, args] = asPostgres('patroni', [configs.get(node.name)]);
    patronis.set(node.name, spawnLogged(node.name, command, args));
  };
  for (const node of nodes) {
    const nodeDir = path.join(dir, node.name);
    mkdirSync(nodeDir, { mode: 0o700 });
    own(nodeDir);
    const file = path.join(dir, `${node.name}.yml`);
    writeFileSync(file, stringify(patroniConfig({ dir, node, etcdPort, passwords })));
    configs.set(node.name, file);
  }
  // The first node bootstraps (initdb); the others clone it once it leads.
  log('Patroni: pg1 bootstraps, pg2 and pg3 clone it (pg_basebackup)');
  startPatroni(nodes[0]);
  const api = (node, route) => getJson(`http://127.0.0.1:${node.apiPort}/${route}`);
  const waitFor = async (what, test, timeoutMs) => {
    for (let waited = 0; ; waited += 200) {
      if (await test()) return;
      if (waited > timeoutMs) throw new Error(`${what}: not in ${timeoutMs / 1000} s (logs in ${dir})`);
      await sleep(200);
    }
  };
  await waitFor('pg1 leads', async () => (await api(nodes[0], 'primary'))?.body?.role === 'master', 60_000);
  for (const node of nodes.slice(1)) startPatroni(node);

  const haproxyFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(haproxyFile, haproxyConfig({ ...ports, nodes }));
  log('HAProxy: a primary port and a replica port on Patroni /primary and /replica');
  const haproxy = spawnLogged('haproxy', 'haproxy', ['-db', '-f', haproxyFile]);

  const cluster = {
    dir,
    nodes,
    ports,
    passwords,
    /** The superuser's URL of database `database` through HAProxy's primary (or `replica`) port. */
    url: (database = 'postgres', port = ports.primaryPort, login = `postgres:${passwords.superuser}`) =>
      `postgres://${login}@127.0.0.1:${port}/${database}`,
    /** Each node's Patroni status (its REST root), or null when its Patroni does not answer. */
    status: async () => Object.fromEntries(await Promise.all(nodes.map(async (n) => [n.name, await api(n, '')]))),
    /** The node whose PostgreSQL writes now (Patroni's role and pg_is_in_recovery agree), or null. */
    primary: async () => {
      for (const node of nodes) if ((await api(node, 'primary'))?.body?.role === 'master') return node;
      return null;
    },
    /** The state of `node`'s PostgreSQL when its Patroni answers /replica with 200 (a replica), else null. */
    replicaState: async (node) => {
      const answer = await api(node, 'replica');
      return answer?.status === 200 ? answer.body.state : null;
    },
    /** `patronictl list` as JSON: member, role, state, lag. */
    members: async () => JSON.parse(await cluster.patronictl(['list', '--format', 'json'])),
    /** patronictl's output (it runs beside the load: never blocking this process). */
    patronictl: async (args) =>
      (await promisify(execFile)('patronictl', ['-c', configs.get(nodes[0].name), ...args], { encoding: 'utf8' }))
        .stdout,
    dataDir: (node) => path.join(dir, node.name, 'data'),
    /** Patroni's process id on `node`, or null when it is not running. */
    patroniPid: (node) => patronis.get(node.name)?.pid ?? null,
    killPatroni: async (node) => {
      const child = patronis.get(node.name);
      patronis.delete(node.name);
      child.kill('SIGKILL');
      await child.exited;
    },
    /** Starts `node`'s Patroni again (after a kill): it rejoins as a replica, rewound when it diverged. */
    startPatroni: (node) => startPatroni(node),
    waitFor,
    /**
     * Resolves when a writing leader has a synchronous standby and `standbys - 1` more streaming standbys (3 nodes:
     * 2; while one node is down: 1); resolves with how long it waited.
     */
    healthy: async (timeoutMs = 90_000, standbys = 2) => {
      const started = Date.now();
      await waitFor(
        `a leader and ${standbys} streaming standbys (one synchronous)`,
        async () => {
          try {
            const members = await cluster.members();
            return (
              members.filter((m) => m.Role === 'Leader' && m.State === 'running').length === 1 &&
              // Patroni 3.0 says "running" of a standby that streams ("streaming" from 3.0.3).
              members.filter((m) => m.Role === 'Sync Standby' && streams(m)).length === 1 &&
              members.filter((m) => m.Role === 'Replica' && streams(m)).length === standbys - 1 &&
              (await cluster.primary()) !== null
            );
          } catch {
            return false;
          }
        },
        timeoutMs,
      );
      return Date.now() - started;
    },
    stop: async () => {
      haproxy.kill('SIGTERM');
      for (const child of patronis.values()) child.kill('SIGTERM');
      await Promise.race([Promise.all([...patronis.values()].map((c) => c.exited)), sleep(20_000)]);
      // A PostgreSQL whose Patroni was killed runs on by itself: end it too.
      for (const node of nodes) {
        const pid = postmasterPid(cluster.dataDir(node));
        if (pid) process.kill(pid, 'SIGQUIT');
      }
      for (const child of children) child.kill('SIGKILL');
      etcd.kill('SIGTERM');
      await Promise.race([etcd.exited, sleep(5_000)]);
      await sleep(500);
      // DRILL_KEEP=1 keeps the folder (the nodes' logs) to read after a failed drill.
      if (process.env.DRILL_KEEP) console.error(`kept ${dir}`);
      else rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await cluster.healthy();
  } catch (err) {
    await cluster.stop().catch(() => {});
    throw err;
  }
  return cluster;
}
