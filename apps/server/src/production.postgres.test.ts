import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { parse } from 'yaml';
import { binaries, startCluster, type Cluster } from '../../../scripts/lib/postgres-cluster.mjs';
import {
  apiCall,
  ensureServerBuild,
  freePort,
  root,
  signIn,
  startServer,
} from '../../../scripts/lib/server-process.mjs';
import { queryRows } from '../../../scripts/lib/throwaway-database.mjs';
import { secretSettings } from './config';
import { DatabaseInRecoveryError, openDatabase } from './db/client';
import { databaseUnavailable } from './lib/db-errors';

/**
 * The production commands of compose.yaml, run as compose runs them but without containers (issue 25: no image can
 * be built on these machines): the primary's settings and deploy/postgres/primary-init.sh, the streaming replica of
 * deploy/postgres/replica-start.sh, the migrate step's command and environment, then two application processes with
 * the Dockerfile's command and environment and x-app's settings (NODE_ENV=production, the *_FILE secrets). The
 * settings are read from compose.yaml and the Dockerfile themselves, so a change there is a change here. The secrets
 * are files in a folder of the test's (compose's /run/secrets), the hosts and ports the test's.
 */

interface Service {
  command?: string[];
  environment?: Record<string, string>;
}

const compose = parse(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
/** The Dockerfile's CMD (exec form) and the final stage's ENV. */
const dockerCommand = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
const dockerEnv = Object.fromEntries(
  [.../^ENV ((?:.*\\\n)*.*)$/m.exec(finalStage)![1]!.matchAll(/([A-Z_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
);

const asRoot = () => process.getuid?.() === 0;
const postgresUid = () => Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);

const query = queryRows;

describe('the production commands of compose.yaml, on PostgreSQL with a streaming replica', () => {
  let work: string;
  let secrets: string;
  let primary: Cluster;
  let replica: ChildProcess | undefined;
  let replicaUrl: string;
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const adminPassword = `Yol-${randomBytes(6).toString('hex')}-2026`;

  /** A service's environment as compose gives it: ${DNX_DOMAIN:-localhost} filled in, /run/secrets the test's. */
  function environmentOf(service: Service): Record<string, string> {
    const blank = Object.fromEntries(secretSettings.map((name) => [name, '']));
    const mapped = Object.entries(service.environment ?? {}).map(([name, value]) => [
      name,
      String(value).replace('${DNX_DOMAIN:-localhost}', 'localhost').replace('/run/secrets', secrets),
    ]);
    return { ...blank, ...dockerEnv, DATA_DIR: mkdtempSync(path.join(work, 'data-')), ...Object.fromEntries(mapped) };
  }
  const nodeCommand = (command: string[]) =>
    command.map((part, i) => (i === 0 && part === 'node' ? process.execPath : part));

  beforeAll(async () => {
    ensureServerBuild();
    work = mkdtempSync(path.join(tmpdir(), 'dnx-compose-'));
    secrets = path.join(work, 'secrets');
    mkdirSync(secrets);
    const archive = path.join(work, 'wal-archive');
    mkdirSync(archive);
    if (asRoot()) {
      chownSync(archive, postgresUid(), -1);
      chmodSync(work, 0o755);
    }

    // The primary with the settings of db-primary's command (the archive in the test's folder).
    const primaryCommand = compose.services['db-primary']!.command!;
    const settings = Object.fromEntries(
      primaryCommand
        .filter((_, i) => primaryCommand[i - 1] === '-c')
        .map((setting) => {
          const [name, ...value] = setting.split('=');
          return [name!, value.join('=').replaceAll('/var/lib/postgresql/wal-archive', archive)];
        }),
    );
    expect(settings).toMatchObject({ wal_level: 'replica', archive_mode: 'on' });
    primary = await startCluster({ settings });
    const primaryAddress = new URL(primary.url);
    const port = primaryAddress.port;
    const socketDir = primaryAddress.searchParams.get('host')!;
    await query(primary.url, 'create database dnx');

    const webPassword = randomBytes(12).toString('hex');
    const secretFiles: Record<string, string> = {
      jwt_secret: randomBytes(48).toString('base64'),
      mfa_key: randomBytes(48).toString('base64'),
      replicator_password: randomBytes(12).toString('hex'),
      web_password: webPassword,
      migration_database_url: `postgres://postgres@127.0.0.1:${port}/dnx`,
      database_url: `postgres://dnx_web:${webPassword}@127.0.0.1:${port}/dnx`,
      smtp_url: `smtp://127.0.0.1:${await freePort()}`,
    };
    const replicaPort = await freePort();
    replicaUrl = `postgres://dnx_web:${webPassword}@127.0.0.1:${replicaPort}/dnx`;
    secretFiles.reports_database_url = replicaUrl;
    for (const [name, value] of Object.entries(secretFiles)) writeFileSync(path.join(secrets, name), `${value}\n`);
    if (asRoot()) {
      chmodSync(secrets, 0o755);
      for (const name of Object.keys(secretFiles)) chmodSync(path.join(secrets, name), 0o644);
    }

    // docker-entrypoint-initdb.d: the primary's first start runs deploy/postgres/primary-init.sh.
    const bin = binaries();
    const init = spawnSync('bash', [path.join(root, 'deploy/postgres/primary-init.sh')], {
      env: {
        ...process.env,
        PATH: `${bin}:${process.env.PATH}`,
        SECRETS_DIR: secrets,
        POSTGRES_USER: 'postgres',
        POSTGRES_DB: 'dnx',
        PGDATA: primary.data,
        PGHOST: socketDir,
        PGPORT: port,
      },
      encoding: 'utf8',
    });
    expect(init.status, init.stderr).toBe(0);
    await query(primary.url, 'select pg_reload_conf()');

    // db-replica: deploy/postgres/replica-start.sh on an empty folder, as the postgres user.
    const replicaDir = path.join(work, 'replica');
    mkdirSync(replicaDir, { mode: 0o700 });
    if (asRoot()) chownSync(replicaDir, postgresUid(), -1);
    const replicaEnv = {
      PATH: `${bin}:${process.env.PATH}`,
      PGDATA: path.join(replicaDir, 'data'),
      PRIMARY_HOST: '127.0.0.1',
      PRIMARY_PORT: port,
      REPLICATOR_PASSWORD_FILE: path.join(secrets, 'replicator_password'),
    };
    const script = path.join(root, 'deploy/postgres/replica-start.sh');
    const postgresArgs = ['-p', String(replicaPort), '-k', replicaDir, '-c', 'listen_addresses=127.0.0.1'];
    replica = asRoot()
      ? spawn(
          'su',
          [
            'postgres',
            '-s',
            '/bin/bash',
            '-c',
            `env ${Object.entries(replicaEnv)
              .map(([k, v]) => `${k}='${v}'`)
              .join(' ')} bash '${script}' ${postgresArgs.join(' ')}`,
          ],
          { stdio: 'ignore' },
        )
      : spawn('bash', [script, ...postgresArgs], { env: { ...process.env, ...replicaEnv }, stdio: 'ignore' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const standby = await query<{ standby: boolean }>(
        `postgres://postgres@127.0.0.1:${replicaPort}/dnx`,
        'select pg_is_in_recovery() as standby',
      ).catch(() => null);
      if (standby?.[0]?.standby) break;
      if (Date.now() > deadline) throw new Error('the replica did not start in 60 s');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    if (replica?.pid) {
      // su runs postgres as its child: stop the standby by its data folder.
      spawnSync(
        asRoot() ? 'su' : 'sh',
        asRoot()
          ? [
              'postgres',
              '-s',
              '/bin/sh',
              '-c',
              `${binaries()}/pg_ctl -D '${path.join(work, 'replica', 'data')}' -m fast stop`,
            ]
          : ['-c', `${binaries()}/pg_ctl -D '${path.join(work, 'replica', 'data')}' -m fast stop`],
      );
    }
    primary?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('migrates in its own step, then two production processes serve one database, with reports from the replica', async () => {
    const migrate = compose.services.migrate!;
    const migrateEnv = environmentOf(migrate);
    expect(migrateEnv).toMatchObject({ NODE_ENV: 'production' });
    const run = (args: string[], extra: Record<string, string> = {}) =>
      spawnSync(nodeCommand(args)[0]!, nodeCommand(args).slice(1), {
        cwd: root,
        env: { ...process.env, ...migrateEnv, LOG_LEVEL: 'warn', ...extra },
        encoding: 'utf8',
      });
    const migrated = run(migrate.command!);
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toContain('Migrations applied.');
    // The first administrator, as the guide says: the migrate service's image and settings, another command.
    const admin = run([...migrate.command!.slice(0, -1), 'create-admin', '--email', 'admin@agency.az'], {
      ADMIN_PASSWORD: adminPassword,
    });
    expect(admin.status, admin.stderr).toBe(0);

    // The app's login may not change the schema: the migrate step was needed.
    const appLogin = readFileSync(path.join(secrets, 'database_url'), 'utf8').trim();
    const ddl = await query(appLogin, 'create table intruder (id int)').catch((err: { code?: string }) => err.code);
    expect(ddl).toBe('42501');

    for (const name of ['app-1', 'app-2']) {
      const env = environmentOf(compose.services[name]!);
      expect(env).toMatchObject({ NODE_ENV: 'production', DATABASE_URL_FILE: path.join(secrets, 'database_url') });
      // The port and address are the test's (the image listens on 8080 of every interface).
      const { PORT: _port, HOST: _host, ...rest } = env;
      servers.push(await startServer({ command: nodeCommand(dockerCommand), env: rest }));
    }
    const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]];

    // A session made on one process is good on the other; what one writes the other serves at once.
    const token = await signIn(first.baseUrl, 'admin@agency.az', adminPassword);
    const currentUser = async (base: string) => {
      const res = await fetch(`${base}/api/user/current-user/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return { status: res.status, body: await res.text() };
    };
    expect(await currentUser(second.baseUrl)).toMatchObject({
      status: 200,
      body: expect.stringContaining('admin@agency.az'),
    });
    const region = (await apiCall(first.baseUrl, token, 'POST', '/api/regions/', {
      name: 'Naxçıvan',
      coefficient: '1.2',
      status: 1,
    })) as { id: number };
    const listed = (await apiCall(second.baseUrl, token, 'GET', '/api/regions/?search=Naxçıvan')) as {
      results: { id: number }[];
    };
    expect(listed.results.map((r) => r.id)).toContain(region.id);

    // The reports come from the replica and say as of when.
    const report = (await apiCall(second.baseUrl, token, 'GET', '/api/reports/')) as { as_of: string };
    expect(Date.now() - Date.parse(report.as_of)).toBeLessThan(60_000);
    const reading = await query<{ n: string }>(
      `postgres://postgres@127.0.0.1:${new URL(replicaUrl).port}/dnx`,
      `select count(*)::text as n from pg_stat_activity where usename = 'dnx_web'`,
    );
    expect(Number(reading[0]!.n)).toBeGreaterThan(0);

    // Production refuses the demo data, and no process keeps what matters: the first stops, the second serves on.
    expect(run([...migrate.command!.slice(0, -1), 'seed']).stderr).toContain('Refusing to add demo data');
    await first.stop();
    servers.shift();
    expect((await fetch(`${second.baseUrl}/api/health/`)).status).toBe(200);
    expect(await currentUser(second.baseUrl)).toMatchObject({ status: 200 });
  }, 120_000);

  it('a writing pool that reaches the standby (a proxy behind a failover) refuses it as unavailable, never writes', async () => {
    const standbyUrl = `postgres://postgres@127.0.0.1:${new URL(replicaUrl).port}/dnx`;
    const primary = await openDatabase({ url: standbyUrl });
    const reports = await openDatabase({ url: standbyUrl, role: 'replica' });
    try {
      // Readiness fails there, so a proxy in front of several processes stops sending them writes.
      await expect(primary.ping()).rejects.toBeInstanceOf(DatabaseInRecoveryError);
      const write = await primary.db.execute(sql`select 1`).then(
        () => null,
        (err: unknown) => err,
      );
      expect(databaseUnavailable(write)).toBe(true);
      // The reports' pool reads the standby, as it is meant to.
      await expect(reports.ping()).resolves.toBeUndefined();
      await expect(reports.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await primary.close();
      await reports.close();
    }
  });

  // Last: the standby stops being one. Promoted before any restartpoint, a standby once had 8 kB of zeros for an
  // unlogged table's sequence ("bad magic number in sequence dnx_chain_pending_id_seq" on every audited write).
  it('the standby, promoted at once, takes writes at once: every table and sequence is logged', async () => {
    const standbyUrl = `postgres://postgres@127.0.0.1:${new URL(replicaUrl).port}/dnx`;
    expect((await query<{ promoted: boolean }>(standbyUrl, 'select pg_promote(true, 30) as promoted'))[0]).toEqual({
      promoted: true,
    });
    const promoted = await openDatabase({ url: standbyUrl });
    try {
      await expect(promoted.ping()).resolves.toBeUndefined();
      // Each sequence of the schema gives its next value; the chains' pending row goes in and out.
      const sequences = await query<{ name: string }>(
        standbyUrl,
        `select c.oid::regclass::text as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relkind = 'S' and n.nspname = 'public'`,
      );
      expect(sequences.map((s) => s.name)).toContain('dnx_chain_pending_id_seq');
      for (const { name } of sequences) await query(standbyUrl, `select nextval('${name}')`);
      await promoted.db.transaction(async (tx) => {
        await tx.execute(sql`insert into dnx_chain_pending (chains) values ('[]'::jsonb)`);
      });
      const pending = await query<{ n: number }>(standbyUrl, 'select count(*)::int as n from dnx_chain_pending');
      expect(pending[0]!.n).toBe(0);
    } finally {
      await promoted.close();
    }
  });
});
