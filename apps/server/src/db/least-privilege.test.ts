import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster } from '../../../../scripts/lib/postgres-cluster.mjs';
import { ensureServerBuild, root, startServer } from '../../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';
import { openConfiguredDatabase } from '../app';
import { testConfig } from '../test/test-app';

/**
 * Least privilege on PostgreSQL (issue 25): the owner's login migrates (MIGRATION_DATABASE_URL, or `db:migrate`), the
 * app's login, a member of `dnx_app` only, serves and cannot change the schema; its connections carry a statement
 * and an idle-in-transaction time limit. Always on a real PostgreSQL (DATABASE_URL's server or a throwaway cluster).
 */

/** The URL of `serverUrl`'s server as another login. */
const asLogin = (url: string, login: string) => {
  const other = new URL(url);
  other.username = login;
  return other.toString();
};

async function run(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

describe('the app login and the owner login', () => {
  let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
  let serverUrl: string;
  const login = `dnx_app_login_${randomBytes(3).toString('hex')}`;
  const made: { drop: () => Promise<void> }[] = [];
  const dataDirs: string[] = [];

  const database = async () => {
    const created = await createThrowawayDatabase(serverUrl, 'dnx_rights');
    made.push(created);
    return created;
  };
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dnx-rights-'));
    dataDirs.push(dir);
    return dir;
  };
  const cli = (env: Record<string, string>, args: string[]) =>
    spawnSync(process.execPath, ['apps/server/dist/cli.js', ...args], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', DATA_DIR: dataDir(), ...env },
      encoding: 'utf8',
    });

  beforeAll(async () => {
    ensureServerBuild();
    if (!process.env.DATABASE_URL) cluster = await startCluster();
    serverUrl = process.env.DATABASE_URL || cluster!.url;
    // The role dnx_app is the cluster's, made by the first migration run on it.
    const first = await database();
    expect(cli({ DATABASE_URL: first.url }, ['migrate']).status).toBe(0);
    await run(serverUrl, `create role ${login} login in role dnx_app`);
  }, 120_000);

  afterAll(async () => {
    for (const created of made) await created.drop();
    await run(serverUrl, `drop role if exists ${login}`).catch(() => {});
    cluster?.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  it('the owner migrates through MIGRATION_DATABASE_URL; the app login serves and cannot change the schema', async () => {
    const target = await database();
    const appUrl = asLogin(target.url, login);
    // Migrated by the owner's login while the server's own login is the app's.
    const migrated = cli({ DATABASE_URL: appUrl, MIGRATION_DATABASE_URL: target.url }, ['migrate']);
    expect(migrated.status, migrated.stderr).toBe(0);

    const server = await startServer({ env: { DATABASE_URL: appUrl, DATA_DIR: dataDir(), NODE_ENV: 'development' } });
    try {
      expect((await fetch(`${server.baseUrl}/api/health/`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/api/regions/`)).status).toBe(401);
    } finally {
      await server.stop();
    }
    for (const ddl of [
      'create table intruder (id int)',
      'alter table payments add column intruder int',
      'drop table regions',
    ]) {
      await expect(run(appUrl, ddl), ddl).rejects.toMatchObject({ code: expect.stringMatching(/^42501$/) });
    }
  });

  it('a server whose login may not migrate a database that is behind refuses to start and says what to run', async () => {
    const target = await database();
    const refused = cli({ DATABASE_URL: asLogin(target.url, login) }, ['migrate']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('The database is behind the migrations of this release');
    expect(refused.stderr).toContain('MIGRATION_DATABASE_URL');
    // Nothing was made: the owner's migration afterwards starts from the first.
    expect(cli({ DATABASE_URL: target.url }, ['migrate']).status).toBe(0);
  });

  it("the app's connections carry the statement and idle-in-transaction time limits; the owner's do not", async () => {
    const target = await database();
    const config = testConfig({
      DATABASE_URL: target.url,
      DATABASE_STATEMENT_TIMEOUT: '12345',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: '23456',
    });
    const handle = await openConfiguredDatabase(config, 'the test');
    try {
      const setting = async (db: typeof handle.db, name: string) =>
        (
          (await db.execute(sql.raw(`select current_setting('${name}') as value`))) as unknown as {
            rows: { value: string }[];
          }
        ).rows[0]!.value;
      expect(await setting(handle.db, 'statement_timeout')).toBe('12345ms');
      expect(await setting(handle.db, 'idle_in_transaction_session_timeout')).toBe('23456ms');
      expect(await handle.asOwner((owner) => setting(owner, 'statement_timeout'))).toBe('0');
    } finally {
      await handle.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    }
  });
});
