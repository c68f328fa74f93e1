import { createHash } from 'node:crypto';
import type { Client as PgClient, PoolClient } from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockEmbeddedDatabase } from './embedded-lock';
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
  /**
   * From now on every query acts as the app's role (`appRole`), which may only read and append the audit trail.
   * Called once migrations have run as the owner; idempotent.
   */
  useAppRole(): Promise<void>;
  /** Runs as the owner (who runs migrations): migrations, sealing the chains, a test's rewrite. Not for requests. */
  asOwner<T>(work: (db: Database) => Promise<T>): Promise<T>;
  /** Receives the notices of a channel (LISTEN) until stopped; see `ChannelHandlers` for the connection's state. */
  listen(channel: string, handlers: ChannelHandlers): Promise<ChannelListener>;
  close(): Promise<void>;
  /**
   * The embedded database's files as one tarball, taken between statements (tests keep a migrated one as a template;
   * a backup gzips it); null on PostgreSQL.
   */
  dump(compression?: 'none' | 'gzip'): Promise<Blob | null>;
  /** The pool's connections: open, idle, and requests waiting for one (metrics); null for the embedded database. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  /**
   * Where the job queue (pg-boss, features/jobs/) connects: the embedded database's one connection, or PostgreSQL's
   * URLs (the app's login for the workers, the owner's for installing its schema).
   */
  queueBackend(): { kind: 'pglite'; client: PGliteClient } | { kind: 'postgres'; url: string; ownerUrl: string };
}

/** The embedded database's client, as the job queue's adapter takes it. */
export type PGliteClient = import('@electric-sql/pglite').PGlite;

export interface ChannelHandlers {
  notice(payload: string): void;
  /**
   * Whether notices are being received. False when the listening connection is lost (notices sent meanwhile are
   * gone), true again once it listens anew.
   */
  live(isLive: boolean): void;
}

export interface ChannelListener {
  /** Drops the listening connection and listens anew (reports not live, then live). */
  restart(): void;
  stop(): Promise<void>;
}

/** How long a lost listening connection waits before it connects again. */
const relistenDelayMs = 1_000;

export interface DatabaseOptions {
  /** postgres:// URL; absent: embedded PGlite. */
  url?: string | undefined;
  /** Folder for the embedded database; absent: in memory (tests). */
  pgliteDir?: string | undefined;
  /** An in-memory embedded database starts as a copy of this dump (`PGlite.dumpDataDir`): tests skip initdb. */
  pgliteImage?: Blob | undefined;
  /** Who opens the embedded folder (`server`, `cli verify-ledger`), named by its lock to anyone else who tries. */
  holder?: string | undefined;
  /** Runs once the embedded folder's lock is held and before it is opened (a restore empties it). */
  preparePgliteDir?: (() => void) | undefined;
  /** Connections of the pool on `url` (default 20). */
  poolSize?: number | undefined;
  /** The owner's login (migrations, sealing): `url` when absent (the simple install: one login does both). */
  ownerUrl?: string | undefined;
  /** PostgreSQL's `statement_timeout` and `idle_in_transaction_session_timeout` of the app's connections (ms). */
  timeouts?: { statementMs: number; idleInTransactionMs: number } | undefined;
  /**
   * `primary` (the default): the pool writes, so a connection that lands on a server in recovery (a standby, or an old
   * primary a proxy still routes to during a failover) is refused, and readiness fails there. `replica`: the reports'
   * read-only pool, where recovery is the normal state.
   */
  role?: 'primary' | 'replica' | undefined;
}

/**
 * The primary pool reached a server in recovery (a standby): the request answers 503 (`databaseUnavailable` reads
 * the code), and the connection is dropped, so the next one may reach the new primary.
 */
export class DatabaseInRecoveryError extends Error {
  readonly code = '25006';
  constructor() {
    super('the database server is in recovery (a standby): no writes until a primary answers');
  }
}

// Work a transaction does last, just before it commits (see `beforeCommit`), by transaction.
const commitHooks = new WeakMap<object, (() => Promise<void>)[]>();

/**
 * Runs `hook` at the end of the transaction, after its work and before its commit; several run in the order given.
 * False when the transaction was not opened by an app database (a test's own drizzle): the caller does the work now.
 * Nothing runs when the work throws: the transaction rolls back.
 */
export function beforeCommit(tx: Transaction, hook: () => Promise<void>): boolean {
  const hooks = commitHooks.get(tx);
  if (!hooks) return false;
  hooks.push(hook);
  return true;
}

/** Makes `db.transaction` run the hooks registered with `beforeCommit` once its work is done. */
function withCommitHooks(db: Database): Database {
  const transaction = db.transaction.bind(db);
  const hooked: Database['transaction'] = (work, config) =>
    transaction(async (tx) => {
      const hooks: (() => Promise<void>)[] = [];
      commitHooks.set(tx, hooks);
      const result = await work(tx);
      for (let hook = hooks.shift(); hook; hook = hooks.shift()) await hook();
      commitHooks.delete(tx);
      return result;
    }, config);
  return Object.assign(db, { transaction: hooked });
}

/** The role the app acts as after migrations (migration 0014): every table but the chained ones, which it may only append to. */
export const appRole = 'dnx_app';

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres({ ...options, url: options.url });
  return openPglite(options.pgliteDir, options.pgliteImage, options.holder ?? 'a process', options.preparePgliteDir);
}

async function openPostgres(options: DatabaseOptions & { url: string }): Promise<DatabaseHandle> {
  const { url, poolSize = 20, ownerUrl = url, timeouts, role = 'primary' } = options;
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  // Set at connection start for every connection of the app: no request holds a statement or a transaction forever.
  const limits = timeouts
    ? `-c statement_timeout=${timeouts.statementMs} -c idle_in_transaction_session_timeout=${timeouts.idleInTransactionMs}`
    : '';
  // Enough connections that a list's count and rows (run side by side) do not queue behind other requests.
  // A request waits at most 5 s for a connection: while the database is down it answers 503, not a hang.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    ...(limits ? { options: limits } : {}),
  });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it and the next query reports any real outage.
  });
  // Connections made before useAppRole (none in the app's own start) take the role on their next checkout.
  const ownerConnections = new WeakSet<PoolClient>();
  let appRoleOn = false;
  pool.on('connect', (client) => {
    // A connection lost while checked out (a failover, a restart) is an `error` event of its client: without a
    // listener it would end the process. Its query in flight fails on its own and answers 503.
    client.on('error', () => {});
    preparePerConnection(client);
    if (!appRoleOn) ownerConnections.add(client);
  });
  if (role === 'primary') guardPrimary(pool);
  pool.on('acquire', (client) => {
    if (appRoleOn && ownerConnections.delete(client)) void client.query(`set role ${appRole}`).catch(() => {});
  });
  const db = withCommitHooks(drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Database);
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      // The primary's ping is "can write": a server in recovery is refused at connect (guardPrimary), and one that
      // went read-only since (demoted in place) says so here.
      const { rows } = await pool.query<{ readOnly: string }>(
        'select current_setting(\'transaction_read_only\') as "readOnly"',
      );
      if (role === 'primary' && rows[0]?.readOnly !== 'off') throw new DatabaseInRecoveryError();
    },
    useAppRole: async () => {
      if (appRoleOn) return;
      // Set at connection start: a connection whose role is missing is refused, it never runs as the owner.
      pool.options.options = `${limits} -c role=${appRole}`.trim();
      appRoleOn = true;
      const { rows } = await pool.query<{ role: string }>('select current_user as role');
      if (rows[0]?.role !== appRole) throw new Error(`database connections act as ${rows[0]?.role}, not ${appRole}`);
    },
    asOwner: async (work) => {
      // The owner's login, without the app's time limits: a migration may build an index for minutes.
      const client = new pg.Client({ connectionString: ownerUrl, application_name: 'dnx-owner' });
      // Lost mid-work, its query fails; the event itself must not end the process.
      client.on('error', () => {});
      await client.connect();
      try {
        return await work(withCommitHooks(drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database));
      } finally {
        await client.end();
      }
    },
    listen: async (channel, handlers) => listenOnPostgres(pg.Client, url, channel, handlers),
    // Idempotent, as the embedded database's close is: the app and a test may both end the pool.
    close: async () => {
      if (!pool.ended) await pool.end();
    },
    dump: () => Promise.resolve(null),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    queueBackend: () => ({ kind: 'postgres', url, ownerUrl }),
  };
}

/**
 * A connection of its own (outside the pool) that LISTENs on the channel; when it is lost, it reports not live
 * and connects again every second until it listens.
 */
async function listenOnPostgres(
  Client: typeof PgClient,
  url: string,
  channel: string,
  handlers: ChannelHandlers,
): Promise<ChannelListener> {
  let current: PgClient | null = null;
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;
  const dropped = new WeakSet<PgClient>();

  // Called once per connection however it ends (its error, its end, a restart): one retry, never two listeners.
  const drop = (client: PgClient) => {
    if (dropped.has(client)) return;
    dropped.add(client);
    client.removeAllListeners('notification');
    client.on('error', () => {});
    client.end().catch(() => {});
    if (current === client) {
      current = null;
      handlers.live(false);
    }
    if (!stopped && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, relistenDelayMs);
      retry.unref();
    }
  };

  const connect = async () => {
    const client = new Client({ connectionString: url, application_name: 'dnx-change-feed' });
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notice(message.payload ?? '');
    });
    client.on('error', () => drop(client));
    client.on('end', () => drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    } catch {
      drop(client);
      return;
    }
    if (stopped) {
      drop(client);
      return;
    }
    current = client;
    handlers.live(true);
  };

  await connect();
  return {
    restart: () => {
      if (current) drop(current);
    },
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      if (current) drop(current);
    },
  };
}

/** A server that cannot write now: a read-only transaction (a standby), or recovery in progress. */
const isReadOnlyError = (err: unknown) => {
  const { code, message } = (err ?? {}) as { code?: unknown; message?: unknown };
  return code === '25006' || (code === '55000' && /recovery/i.test(String(message)));
};

/**
 * The primary pool's guard: each new connection asks whether its server is in recovery and is refused (dropped,
 * `DatabaseInRecoveryError`) when it is; a connection whose statement met a read-only error is dropped when it is
 * released, never reused. node-postgres 8 has no `target_session_attrs`, so this is the app's own safety net behind
 * a proxy that routes to the primary (HAProxy on Patroni's /primary check, docs/operations.md).
 */
function guardPrimary(pool: import('pg').Pool) {
  const checked = new WeakSet<PoolClient>();
  const poisoned = new WeakSet<PoolClient>();
  const connect = pool.connect.bind(pool) as () => Promise<PoolClient>;
  const guarded = async (): Promise<PoolClient> => {
    const client = await connect();
    if (!checked.has(client)) {
      try {
        const { rows } = await client.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
        if (rows[0]?.recovery) throw new DatabaseInRecoveryError();
      } catch (err) {
        client.release(true);
        throw err;
      }
      checked.add(client);
      watchReadOnly(client, poisoned);
    }
    // pg-pool gives each checkout its own `release`: a poisoned connection is destroyed, not returned.
    const release = client.release.bind(client);
    client.release = (err?: Error | boolean) => release(err ?? (poisoned.has(client) ? true : undefined));
    return client;
  };
  Object.assign(pool, {
    connect: (callback?: (err: Error | undefined, client?: PoolClient, done?: () => void) => void) => {
      if (!callback) return guarded();
      guarded().then(
        (client) => callback(undefined, client, client.release),
        (err: Error) => callback(err),
      );
      return undefined;
    },
  });
}

/** Marks the connection poisoned when one of its statements fails as on a read-only server. */
function watchReadOnly(client: PoolClient, poisoned: WeakSet<PoolClient>) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const watched = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise)
      result.then(undefined, (err: unknown) => {
        if (isReadOnlyError(err)) poisoned.add(client);
      });
    return result;
  };
  Object.assign(client, { query: watched });
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
      const name = statementName(String((config as { text: unknown }).text));
      return query({ ...config, name }, ...args.slice(1));
    }
    return query(...args);
  };
  Object.assign(client, { query: named });
}

// Names by statement text, shared by the pool's connections: a lookup costs less than hashing on every query.
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `s${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= 5_000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * The embedded database runs each statement on this thread, and its queue hands the connection from one waiting
 * statement to the next in the same turn of the event loop: with many statements waiting (80 exports at once), no
 * request was read for many seconds, not even the liveness probe (issue 56). The statements and transactions take
 * turns here instead, one after another as before, each after a turn of the event loop, so requests come in between.
 */
function takeTurnsWithInput(client: PGliteClient) {
  let last: Promise<unknown> = Promise.resolve();
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (const method of ['query', 'exec', 'transaction'] as const) {
    const run = client[method].bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      const result = last.then(turn).then(() => run(...args));
      last = result.catch(() => {});
      return result;
    };
  }
}

async function openPglite(
  dataDir: string | undefined,
  image: Blob | undefined,
  holder: string,
  prepare?: () => void,
): Promise<DatabaseHandle> {
  // One process's: a second one stops here, before it has opened or changed anything (embedded-lock.ts).
  const lock = dataDir ? lockEmbeddedDatabase(dataDir, holder) : null;
  try {
    prepare?.();
  } catch (err) {
    lock?.release();
    throw err;
  }
  const [{ PGlite }, { btree_gist }, { pg_trgm }, { drizzle }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/btree_gist'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
  ]);
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(image ? { loadDataDir: image } : {}),
    extensions: { btree_gist, pg_trgm },
  });
  try {
    await client.waitReady;
  } catch (err) {
    lock?.release();
    throw err;
  }
  takeTurnsWithInput(client);
  const db = withCommitHooks(drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database);
  let closed = false;
  let appRoleOn = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    // One connection: the session acts as the role until it is reset.
    useAppRole: async () => {
      await client.exec(`set role ${appRole}`);
      appRoleOn = true;
    },
    // The one connection is shared: the owner's work runs between the app's statements (tests and start only).
    asOwner: async (work) => {
      if (!appRoleOn) return work(db);
      await client.exec('reset role');
      try {
        return await work(db);
      } finally {
        await client.exec(`set role ${appRole}`);
      }
    },
    // One process owns the embedded database: notices arrive before the writing statement's promise resolves.
    listen: async (channel, handlers) => {
      let unlisten = await client.listen(channel, handlers.notice);
      handlers.live(true);
      return {
        restart: () => {
          handlers.live(false);
          void unlisten()
            .then(async () => {
              unlisten = await client.listen(channel, handlers.notice);
              handlers.live(true);
            })
            .catch(() => {});
        },
        stop: async () => {
          if (!closed) await unlisten().catch(() => {});
        },
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    dump: (compression = 'none') => client.dumpDataDir(compression),
    poolStats: () => null,
    queueBackend: () => ({ kind: 'pglite', client }),
  };
}
