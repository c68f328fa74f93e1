import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrationsFolder } from '../paths';
import type { DatabaseHandle } from './client';

/** Applies the committed migrations; the same SQL runs on PGlite and on PostgreSQL. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  const config = { migrationsFolder };
  // Both migrators take the driver's own database type; the handle knows which one it holds.
  if (handle.kind === 'pglite') await migratePglite(handle.db as never, config);
  else await migratePostgres(handle.db as never, config);
}
