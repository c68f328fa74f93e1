import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startCluster } from '../../../../scripts/lib/postgres-cluster.mjs';
import { ensureServerBuild, startServer } from '../../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';
import { migrationsFolder } from '../paths';
import { openTestDatabase } from '../test/test-app';
import { migrate, noTransactionMarker } from './migrate';

const migrations = readMigrationFiles({ migrationsFolder });

/** What the journal says is applied, by migration timestamp. */
async function journal(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const { rows } = await query('select hash, created_at from drizzle.__drizzle_migrations order by created_at');
  return rows.map((r) => Number(r.created_at));
}

describe('migrations (issue 25)', () => {
  it('apply each migration once, the index builds outside a transaction, and a second run changes nothing', async () => {
    const database = await openTestDatabase('empty');
    try {
      const query = async (text: string) =>
        (await database.handle.db.execute(text as never)) as unknown as { rows: Record<string, unknown>[] };
      await migrate(database.handle);
      await migrate(database.handle);
      expect(await journal(query)).toEqual(migrations.map((m) => m.folderMillis));
      // The concurrently built indexes exist and are valid.
      const concurrent = migrations.filter((m) => m.sql[0]!.trimStart().startsWith(noTransactionMarker));
      expect(concurrent.length).toBeGreaterThanOrEqual(2);
      const { rows } = await query(
        `select c.relname as name, i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
         where c.relname in ('fn_forms_valid_to_idx', 'payments_status_created_at_idx') order by 1`,
      );
      expect(rows).toEqual([
        { name: 'fn_forms_valid_to_idx', valid: true },
        { name: 'payments_status_created_at_idx', valid: true },
      ]);
      // Nothing unlogged: a promoted standby or a crash recovery finds every table and sequence whole (issue 58).
      const unlogged = await query(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where c.relpersistence = 'u' and n.nspname = 'public' order by 1`,
      );
      expect(unlogged.rows).toEqual([]);
    } finally {
      await database.dispose();
    }
  });

  it('three server processes started together on an empty PostgreSQL database all become healthy', async () => {
    ensureServerBuild();
    // Always a real PostgreSQL: DATABASE_URL's server, or a throwaway cluster.
    const cluster = process.env.DATABASE_URL ? null : await startCluster();
    const database = await createThrowawayDatabase(process.env.DATABASE_URL || cluster!.url, 'dnx_migrate');
    const dataDirs = [0, 1, 2].map(() => mkdtempSync(path.join(tmpdir(), 'dnx-migrate-')));
    const servers: Awaited<ReturnType<typeof startServer>>[] = [];
    try {
      const started = await Promise.allSettled(
        dataDirs.map((dataDir) =>
          startServer({ env: { DATABASE_URL: database.url, DATA_DIR: dataDir, NODE_ENV: 'development' } }),
        ),
      );
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      expect(started.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      for (const server of servers) expect((await fetch(`${server.baseUrl}/api/health/`)).status).toBe(200);

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        expect(await journal((text) => client.query(text))).toEqual(migrations.map((m) => m.folderMillis));
      } finally {
        await client.end();
      }
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
      cluster?.stop();
      for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
