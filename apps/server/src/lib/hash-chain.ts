import { createHash, randomBytes } from 'node:crypto';
import { asc, getTableColumns, getTableName, gt, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { beforeCommit, type Executor, type Transaction } from '../db/client';

/**
 * A hash chain over an append-only table: each row stores sha256(previous row's hash || the row's canonical form),
 * so a row changed, removed or slipped in afterwards (by the owner, past the app role's INSERT-only grant) breaks the
 * chain at that row. One mechanism for every such table: the audit trail and the forms' ledger. A chain is in
 * stripes (column `stripe`, migration 0055): each stripe links its own rows, in id order, so writers on different
 * stripes commit side by side; `verify` walks them all in one pass.
 *
 * The canonical form is the row as the app reads it back (Drizzle's property names): a JSON object with its keys
 * sorted at every level, times as UTC ISO text with milliseconds, absent values as null. The hash is hex.
 */

/** The previous hash of a chain's first row. */
export const genesisHash = '0'.repeat(64);

/** Rows a verifier reads per query: a million-row chain is walked in a few hundred keyset queries. */
const verifyBatchSize = 5_000;

export interface ChainVerification {
  ok: boolean;
  /** Rows checked: all of them when ok, up to and including the first broken one otherwise. */
  rows: number;
  first_broken_id: number | null;
}

type ChainedTable = PgTable & { id: PgColumn; hash: PgColumn };

/** What writing rows to one chain needs. */
interface ChainWriter {
  lockKey: string;
  tableName: string;
  /** The database columns of the values appended (all but id, at, hash and the derived ones). */
  columns: string[];
  /**
   * An appended row as written: its values by database column, and its canonical form cut where its time and its
   * id go (`dnx_chain_append`).
   */
  prepare(appended: Record<string, unknown>): { values: Record<string, unknown>; parts: [string, string, string] };
}

// Rows appended in a transaction and not yet written, by chain.
const pendingRows = new WeakMap<Transaction, Map<ChainWriter, Record<string, unknown>[]>>();

/**
 * Hands the rows of one or more chains to the commit, in one statement: they go into `dnx_chain_pending` as one
 * row, and its deferred trigger (migration 0023) passes them to `dnx_chain_append` (migration 0022) as the
 * transaction commits. That takes the chains' locks (by key, one order for every writer), reads each chain's last
 * hash with a snapshot taken after the locks are held (so it sees every row committed before), and gives each row
 * its id, the time and its hash, computed from the canonical form the app cut for it, then inserts it. The locks
 * are held from there to the end of the commit, inside the database: no round trip to the app while others wait.
 */
async function writeChains(tx: Transaction, rows: Map<ChainWriter, Record<string, unknown>[]>): Promise<void> {
  const chains = [...rows.keys()].sort((a, b) => (a.lockKey < b.lockKey ? -1 : 1));
  if (chains.length === 0) return;
  const payload = chains.map((c) => {
    const prepared = rows.get(c)!.map((appended) => c.prepare(appended));
    return {
      table: c.tableName,
      columns: c.columns,
      rows: prepared.map((p) => p.values),
      parts: prepared.map((p) => p.parts),
    };
  });
  await tx.execute(sql`insert into dnx_chain_pending (chains) values (${JSON.stringify(payload)}::jsonb)`);
}

// Stands for the time and the id in a canonical form, to cut it where the database puts them.
const marker = randomBytes(12).toString('hex');

/** JSON with keys sorted at every level; Dates as UTC ISO; undefined object members left out, as jsonb drops them. */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('a chained value is not a finite number');
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item ?? null)).join(',')}]`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** One head for a chain's stripes (`lastHash`): stripe 0's last hash while it is the only one. */
export function stripesHead(heads: readonly { stripe: number; hash: string | null }[]): string | null {
  const linked = heads.filter((h) => h.hash !== null);
  if (linked.length === 0) return null;
  if (linked.length === 1 && linked[0]!.stripe === 0) return linked[0]!.hash;
  const hash = createHash('sha256');
  for (const { stripe, hash: last } of linked) hash.update(`${stripe}:${last}\n`);
  return hash.digest('hex');
}

export function linkHash(previous: string, canonical: string): string {
  return createHash('sha256').update(previous).update(canonical).digest('hex');
}

// A JSON value as it comes back from a jsonb column (no undefined members, no Dates), so the hash of what was
// written is the hash of what is read.
function asStored(value: unknown): unknown {
  if (value === undefined) return null;
  if (value === null || value instanceof Date || typeof value !== 'object') return value;
  return JSON.parse(JSON.stringify(value)) as unknown;
}

/** Takes every stripe's lock of the chain (held to the end of the transaction): no one appends meanwhile. */
async function lockAllStripes(tx: Executor, lockKey: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${lockKey} || ':' || s)) from generate_series(0, dnx_chain_stripes() - 1) s`,
  );
}

/**
 * Walks a chain in id order, in batches, each row following the last one of its stripe, and names the first row
 * whose hash does not follow.
 */
async function verifyChain(
  db: Executor,
  table: ChainedTable,
  canonical: (row: Record<string, unknown>) => string,
): Promise<ChainVerification> {
  const previousOf = new Map<number, string>();
  let rows = 0;
  let after = 0;
  for (;;) {
    const batch = (await db
      .select()
      .from(table as PgTable)
      .where(gt(table.id, after))
      .orderBy(asc(table.id))
      .limit(verifyBatchSize)) as Record<string, unknown>[];
    for (const row of batch) {
      rows += 1;
      const stripe = (row.stripe as number | undefined) ?? 0;
      const expected = linkHash(previousOf.get(stripe) ?? genesisHash, canonical(row));
      if (row.hash !== expected) return { ok: false, rows, first_broken_id: row.id as number };
      previousOf.set(stripe, expected);
    }
    if (batch.length < verifyBatchSize) return { ok: true, rows, first_broken_id: null };
    after = batch[batch.length - 1]!.id as number;
  }
}

/**
 * Hashes rows written before a table was chained (hash null, before every hashed row), as the owner, once, before
 * anything is appended: at start, right after the migrations. Returns how many rows it sealed.
 */
async function sealChain(
  owner: Executor,
  table: ChainedTable,
  canonical: (row: Record<string, unknown>) => string,
  lockKey: string,
): Promise<number> {
  return owner.transaction(async (tx) => {
    await lockAllStripes(tx, lockKey);
    const unsealed = await tx.execute(sql`select count(*)::int as n from ${table} where ${table.hash} is null`);
    const count = (unsealed as unknown as { rows: { n: number }[] }).rows[0]!.n;
    if (count === 0) return 0;
    const rows = (await tx
      .select()
      .from(table as PgTable)
      .orderBy(asc(table.id))) as Record<string, unknown>[];
    // The append-only triggers refuse the update; disabled only inside this transaction (DDL rolls back too).
    await tx.execute(sql`alter table ${table} disable trigger user`);
    let previous = genesisHash;
    let sealed = 0;
    for (const row of rows) {
      const hash = row.hash === null ? linkHash(previous, canonical(row)) : (row.hash as string);
      if (row.hash === null) {
        await tx.execute(sql`update ${table} set hash = ${hash} where ${table.id} = ${row.id as number}`);
        sealed += 1;
      }
      previous = hash;
    }
    await tx.execute(sql`alter table ${table} enable trigger user`);
    return sealed;
  });
}

/**
 * A chain over `table`, whose `id` is a bigint identity and `hash` a text column. `derived` names columns the
 * database computes from the others (a search key): they are not part of the canonical form. `optional` names
 * columns added after rows were chained: left out of the canonical form while null, so the rows written before them
 * keep their hashes, and part of it once set.
 */
export function defineHashChain<T extends ChainedTable>(
  table: T,
  options: { derived?: readonly string[]; optional?: readonly string[] } = {},
) {
  const tableName = getTableName(table);
  const lockKey = `dnx:chain:${tableName}`;
  // The stripe is where the database links a row (migration 0055), decided at the commit: not part of its form.
  const left = new Set(['hash', 'stripe', ...(options.derived ?? [])]);
  const optional = new Set(options.optional ?? []);
  const chainedKeys = Object.keys(getTableColumns(table)).filter((key) => !left.has(key));
  /** The entries of the canonical form: an optional column only when it holds a value. */
  const canonicalEntries = (entries: (readonly [string, unknown])[]) =>
    entries.filter(([key, value]) => !(optional.has(key) && (value === null || value === undefined)));

  const canonical = (row: Record<string, unknown>) =>
    canonicalJson(Object.fromEntries(canonicalEntries(chainedKeys.map((key) => [key, asStored(row[key])]))));

  const columnsOf = getTableColumns(table) as Record<string, PgColumn>;
  const written = chainedKeys.filter((key) => key !== 'id' && key !== 'at');
  if (written.length !== chainedKeys.length - 2) throw new Error(`chain ${tableName}: no id or at column`);
  const chain: ChainWriter = {
    lockKey,
    tableName,
    columns: written.map((key) => columnsOf[key]!.name),
    prepare(appended) {
      const stored = written.map((key) => [key, asStored(appended[key]) ?? null] as const);
      const text = canonicalJson({
        ...Object.fromEntries(canonicalEntries(stored)),
        at: `${marker}a`,
        id: `${marker}i`,
      });
      const [before, rest, ...extraAt] = text.split(`"${marker}a"`);
      const [middle, after, ...extraId] = (rest ?? '').split(`"${marker}i"`);
      if (extraAt.length > 0 || extraId.length > 0 || after === undefined)
        throw new Error(`chain ${tableName}: the time and the id do not cut the canonical form once each`);
      return {
        values: Object.fromEntries(stored.map(([key, value]) => [columnsOf[key]!.name, value])),
        parts: [before!, middle!, after],
      };
    },
  };

  return {
    table,
    tableName,
    canonical,

    /**
     * The chain's head, without its locks (a backup reads it in its snapshot); null when empty. While every row is in
     * stripe 0 (a chain written before the stripes, or by one writer at a time) it is that stripe's last hash; else
     * sha256 of each stripe's `stripe:last hash` line, in stripe order: one value that changes when any stripe does.
     */
    async lastHash(db: Executor): Promise<string | null> {
      const heads = (
        (await db.execute(
          sql`select s.stripe, (select t.hash from ${table} t where t.stripe = s.stripe order by t.id desc limit 1) as hash
              from (select distinct stripe from ${table}) s order by s.stripe`,
        )) as unknown as { rows: { stripe: number; hash: string | null }[] }
      ).rows;
      return stripesHead(heads);
    },

    /**
     * Appends one row in the caller's transaction. In an app transaction (db/client.ts) the row is handed over
     * last, with every other chain row of the transaction, and written by the commit: each chain's rows go to one of
     * its stripes, whose advisory lock is taken then (a free one if any; chains in one order everywhere) and held to
     * its end, so concurrent writers (in any process) never fork a stripe, and up to eight commit side by side. The
     * ids and time are taken under the lock, so within a stripe id order is chain order. Outside an app transaction (a
     * test's own drizzle) the row is handed over at once.
     */
    async append(tx: Transaction, values: Record<string, unknown>): Promise<void> {
      let queued = pendingRows.get(tx);
      if (!queued) {
        const rows = new Map<ChainWriter, Record<string, unknown>[]>();
        if (!beforeCommit(tx, () => writeChains(tx, rows))) return writeChains(tx, new Map([[chain, [values]]]));
        pendingRows.set(tx, (queued = rows));
      }
      // Pushed, not copied: an import appends 100,000 rows in one transaction.
      const list = queued.get(chain);
      if (list) list.push(values);
      else queued.set(chain, [values]);
    },

    /**
     * Walks the chain in id order, in batches, each row following the last one of its stripe, and names the first row
     * whose hash does not follow.
     */
    async verify(db: Executor): Promise<ChainVerification> {
      return verifyChain(db, table, canonical);
    },

    /**
     * Hashes rows written before the table was chained (hash null, before every hashed row), as the owner, once,
     * before anything is appended: at start, right after the migrations. Returns how many rows it sealed.
     */
    async seal(owner: Executor): Promise<number> {
      return sealChain(owner, table, canonical, lockKey);
    },
  };
}

export type HashChain = ReturnType<typeof defineHashChain>;
