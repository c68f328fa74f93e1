import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { auditChain } from '../lib/audit';
import { applyDatabaseCode, readDatabaseCode, staleDatabaseCode } from './database-code';
import { installJobQueue, jobQueueInstalled } from '../lib/job-queue';
import { migrationsFolder } from '../paths';
import type { Database, DatabaseHandle } from './client';

/**
 * A migration whose first line is this marker runs statement by statement outside a transaction: an index built
 * with `CREATE INDEX CONCURRENTLY` on a large table, which PostgreSQL refuses inside one, and which writes may go on
 * beside (docs/operations.md, "Migrations").
 */
export const noTransactionMarker = '-- dnx:no-transaction';

/** The session advisory lock one migrator at a time holds, whichever process it runs in. */
const migrationLockKey = 'dnx:migrations';
/** How often a process waiting for another's migrations tries the lock again. */
const lockRetryMs = 100;

/**
 * Applies the committed migrations (the same SQL runs on PGlite and on PostgreSQL) as the owner, and seals audit rows
 * written before the trail was chained. Drizzle's journal (`drizzle.__drizzle_migrations`, by the migration's
 * timestamp) records what is applied, as drizzle-kit's own migrator did; each migration commits on its own. Several
 * processes starting together on one database take turns on an advisory lock: one applies each migration once, the
 * others find it applied. Then the database's functions whose file changed are applied (db/database-code.ts).
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const code = readDatabaseCode();
  try {
    const applied = await handle.asOwner(async (db) => {
      // Current already (every start after the first, and every process of a rolling deploy after `db:migrate`):
      // nothing to lock or create, so a login that may not change the schema starts too.
      const last = await lastApplied(db);
      if (migrations.every((m) => m.folderMillis <= last) && (await staleDatabaseCode(db, code)).length === 0) {
        return false;
      }
      await applyPending(db, migrations, code);
      return true;
    });
    // The job queue's schema and queues (pg-boss, lib/job-queue.ts), installed by the owner with the migrations, or
    // when a database lacks them.
    if (applied || !(await jobQueueInstalled(handle))) await installJobQueue(handle);
  } catch (err) {
    const code = (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '42501') throw new MigrationRightsError(err);
    throw err;
  }
}

// The newest migration of this release, read once.
let newestOfRelease: number | undefined;

/** Whether every migration of this release is applied (readiness: a process on a database that is behind is not ready). */
export async function migrationsCurrent(db: Database): Promise<boolean> {
  newestOfRelease ??= Math.max(0, ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  return (await lastApplied(db)) >= newestOfRelease;
}

/** The database is behind, and the login that would migrate it may not change the schema. */
export class MigrationRightsError extends Error {
  constructor(cause: unknown) {
    super(
      'The database is behind the migrations of this release, and this login may not change the schema. ' +
        "Run `npm run db:migrate` with the owner's login (MIGRATION_DATABASE_URL), then start the servers " +
        '(docs/operations.md, "Migrations").',
      { cause },
    );
    this.name = 'MigrationRightsError';
  }
}

/** The timestamp of the newest applied migration; 0 on a database with none (no journal yet). */
async function lastApplied(db: Database): Promise<number> {
  const exists = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(exists as unknown as { rows: { present: boolean }[] }).rows[0]?.present) return 0;
  const applied = await db.execute(sql`select max(created_at) as last from drizzle.__drizzle_migrations`);
  return Number((applied as unknown as { rows: { last: string | null }[] }).rows[0]?.last ?? 0);
}

async function applyPending(
  db: Database,
  migrations: ReturnType<typeof readMigrationFiles>,
  code: ReturnType<typeof readDatabaseCode>,
): Promise<void> {
  {
    // The owner's work runs on one connection (asOwner), so the session lock and the statements share it. The lock
    // is tried, not waited for in one statement: a waiting statement holds a snapshot, which another process's
    // CREATE INDEX CONCURRENTLY would wait for in turn (a deadlock PostgreSQL breaks by failing one of them).
    for (;;) {
      const taken = await db.execute(sql`select pg_try_advisory_lock(hashtext(${migrationLockKey})) as taken`);
      if ((taken as unknown as { rows: { taken: boolean }[] }).rows[0]?.taken) break;
      await new Promise((resolve) => setTimeout(resolve, lockRetryMs));
    }
    try {
      await db.execute(sql`create schema if not exists drizzle`);
      await db.execute(
        sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
      );
      const last = await lastApplied(db);
      for (const migration of migrations.filter((m) => m.folderMillis > last)) {
        const record = sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`;
        if (migration.sql[0]?.trimStart().startsWith(noTransactionMarker)) {
          // Each statement must be safe to run again (IF NOT EXISTS, a DROP ... IF EXISTS before a CREATE): a
          // failure half way leaves the migration unrecorded, and the next start runs it from its first statement.
          for (const statement of migration.sql) await db.execute(sql.raw(statement));
          await db.execute(record);
        } else {
          await db.transaction(async (tx) => {
            for (const statement of migration.sql) await tx.execute(sql.raw(statement));
            await tx.execute(record);
          });
        }
      }
      // The functions and triggers whose file changed (db/functions), on the schema the migrations made.
      await applyDatabaseCode(db, code);
      await auditChain.seal(db);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(hashtext(${migrationLockKey}))`);
    }
  }
}
