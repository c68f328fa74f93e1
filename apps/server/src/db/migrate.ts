import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { auditChain } from '../lib/audit';
import { migrationsFolder } from '../paths';
import type { DatabaseHandle } from './client';

/**
 * Applies the committed migrations (the same SQL runs on PGlite and on PostgreSQL) as the owner, and seals audit rows
 * written before the trail was chained.
 */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder };
  // Both migrators take the driver's own database type; the handle knows which one it holds. The owner runs them.
  await handle.asOwner(async (db) => {
    if (handle.kind === 'pglite') await migratePglite(db as never, config);
    else await migratePostgres(db as never, config);
    await auditChain.seal(db);
  });
}
