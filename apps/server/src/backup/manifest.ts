import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { fnLedgerChain } from '../features/fn/ledger';
import { auditChain } from '../lib/audit';
import { genesisHash, type HashChain } from '../lib/hash-chain';
import { migrationsFolder } from '../paths';

/** The chains a backup names the head of, and a restore walks: the audit trail and the forms' ledger. */
const chains = { audit: auditChain, ledger: fnLedgerChain } satisfies Record<string, HashChain>;
export type ChainName = keyof typeof chains;

/** What a database holds, as a backup states it and a restore checks it. */
export interface DatabaseState {
  /** The tag of the newest migration applied (`0029_app_reads_migration_journal`). */
  migration: string;
  /** Rows of every table of the schemas `public` and `drizzle`, by `schema.table`. */
  tables: Record<string, number>;
  /** Each chain's rows and the hash of its last row (`genesisHash` when empty). */
  chains: Record<ChainName, { rows: number; head: string }>;
}

/** The manifest a backup file opens with (`manifest.json`). */
export interface BackupManifest extends DatabaseState {
  format: 'dnx-backup';
  formatVersion: 1;
  /** `postgresql`: a `pg_dump` custom-format file and the roles its grants name; `embedded`: PGlite's folder. */
  kind: 'postgresql' | 'embedded';
  createdAt: string;
  productVersion: string;
  /** The PostgreSQL server's version the dump was taken from (`server_version`). */
  serverVersion: string;
  /** Roles the grants of the dump name, which a restore into an empty cluster must find or create. */
  roles: string[];
  /** The other files of the archive, by name: bytes and SHA-256. */
  files: Record<string, { bytes: number; sha256: string }>;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The migrations of this release by their journal time (`created_at` in Drizzle's journal). */
export function migrationTags(): Map<number, string> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}

/** Reads the state of the database `db` sees (in one transaction's snapshot when `db` is one). */
export async function describeDatabase(db: Executor): Promise<DatabaseState> {
  const last = rowsOf<{ last: string | null }>(
    await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`),
  )[0]?.last;
  const migration = last ? (migrationTags().get(Number(last)) ?? `unknown (${last})`) : 'none';
  const names = rowsOf<{ schema: string; name: string }>(
    await db.execute(
      sql`select schemaname as schema, tablename as name from pg_tables
          where schemaname in ('public', 'drizzle') order by schemaname, tablename`,
    ),
  );
  const tables: Record<string, number> = {};
  for (const { schema, name } of names) {
    const counted = await db.execute(
      sql`select count(*)::bigint::text as n from ${sql.identifier(schema)}.${sql.identifier(name)}`,
    );
    tables[`${schema}.${name}`] = Number(rowsOf<{ n: string }>(counted)[0]!.n);
  }
  const state = {} as DatabaseState['chains'];
  for (const [name, chain] of Object.entries(chains) as [ChainName, HashChain][]) {
    const rows = tables[`public.${chain.tableName}`] ?? 0;
    state[name] = { rows, head: (await chain.lastHash(db)) ?? genesisHash };
  }
  return { migration, tables, chains: state };
}

/** What a restored database is checked for: the backup's counts and heads, and chains that verify. */
export interface RestoreCheck {
  ok: boolean;
  migration: { expected: string; found: string };
  /** Tables whose rows differ from the manifest (none when ok). */
  tablesDiffering: { table: string; expected: number | null; found: number | null }[];
  tables: number;
  rows: number;
  chains: Record<ChainName, { ok: boolean; rows: number; first_broken_id: number | null; head_matches: boolean }>;
}

/** Compares the restored database with the manifest and walks both chains. */
export async function checkRestored(db: Executor, manifest: DatabaseState): Promise<RestoreCheck> {
  const found = await describeDatabase(db);
  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(found.tables)])].sort();
  const tablesDiffering = names
    .filter((table) => manifest.tables[table] !== found.tables[table])
    .map((table) => ({ table, expected: manifest.tables[table] ?? null, found: found.tables[table] ?? null }));
  const checked = {} as RestoreCheck['chains'];
  for (const [name, chain] of Object.entries(chains) as [ChainName, HashChain][]) {
    const verification = await chain.verify(db);
    checked[name] = { ...verification, head_matches: found.chains[name].head === manifest.chains[name].head };
  }
  const ok =
    found.migration === manifest.migration &&
    tablesDiffering.length === 0 &&
    Object.values(checked).every((chain) => chain.ok && chain.head_matches);
  return {
    ok,
    migration: { expected: manifest.migration, found: found.migration },
    tablesDiffering,
    tables: names.length,
    rows: Object.values(found.tables).reduce((sum, n) => sum + n, 0),
    chains: checked,
  };
}
