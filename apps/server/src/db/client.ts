import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the app uses, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** An open transaction of that database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository function runs on: the database, or a transaction of a service. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** A real round trip to the database. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; absent: embedded PGlite. */
  url?: string | undefined;
  /** Folder for the embedded database; absent: in memory (tests). */
  pgliteDir?: string | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.pgliteDir);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  // Enough connections that a list's count and rows (run side by side) do not queue behind other requests.
  const pool = new pg.Pool({ connectionString: url, max: 20, idleTimeoutMillis: 30_000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports any real outage.
  });
  pool.on('connect', preparePerConnection);
  const db = drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    // Idempotent, as the embedded database's close is: the app and a test may both end the pool.
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * Names every parameterized statement by its text, so PostgreSQL parses and plans it once per connection and
 * then only binds and executes it (the Azerbaijani sort and search expressions are costly to plan each time).
 */
function preparePerConnection(client: PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [config] = args;
    if (typeof config === 'object' && config !== null && 'text' in config && !(config as { name?: string }).name) {
      const text = String((config as { text: unknown }).text);
      const name = `s${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      return query({ ...config, name }, ...args.slice(1));
    }
    return query(...args);
  };
  Object.assign(client, { query: named });
}

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { btree_gist, pg_trgm } });
  await client.waitReady;
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
