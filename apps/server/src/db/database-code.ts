import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { functionsFolder } from '../paths';
import { appRole, type Database } from './client';

/**
 * The code that lives in the database (functions and their triggers), each function's current definition in a file
 * of its own under `db/functions/` (issue 42). The numbered migrations keep the schema's history; a function's body
 * is read and changed in its file alone. After the migrations, each file whose text differs from the one last
 * applied (its hash kept in `drizzle.dnx_database_code`) runs again, so a changed body reaches every database
 * exactly once, like a migration, and an unchanged one costs nothing.
 */
export interface DatabaseCodeFile {
  /** The function's name, the file's name without `.sql`. */
  name: string;
  statements: string[];
  hash: string;
}

/** The statements of a file are separated as the migrations' are. */
const statementBreak = '--> statement-breakpoint';

export function readDatabaseCode(folder = functionsFolder): DatabaseCodeFile[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const text = readFileSync(path.join(folder, file), 'utf8');
      return {
        name: file.slice(0, -'.sql'.length),
        statements: text
          .split(statementBreak)
          .map((statement) => statement.trim())
          .filter(Boolean),
        hash: createHash('sha256').update(text).digest('hex'),
      };
    });
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The files whose text is not the one last applied to this database (all of them on a database that has none). */
export async function staleDatabaseCode(db: Database, files: DatabaseCodeFile[]): Promise<DatabaseCodeFile[]> {
  const exists = rowsOf<{ present: boolean }>(
    await db.execute(sql`select to_regclass('drizzle.dnx_database_code') is not null as present`),
  );
  if (!exists[0]?.present) return files;
  const applied = new Map(
    rowsOf<{ name: string; hash: string }>(await db.execute(sql`select name, hash from drizzle.dnx_database_code`)).map(
      (row) => [row.name, row.hash],
    ),
  );
  return files.filter((file) => applied.get(file.name) !== file.hash);
}

/**
 * Runs each stale file in a transaction of its own and records its hash with it: a failure leaves that file to run
 * again at the next start, and the files applied before it stay applied. Bodies are not checked against tables at
 * creation (`check_function_bodies`), as the migrations that made them first did not need them to be.
 */
export async function applyDatabaseCode(db: Database, files: DatabaseCodeFile[]): Promise<string[]> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.dnx_database_code (name text primary key, hash text not null, applied_at timestamptz not null default now())`,
  );
  // A server whose login may not change the schema reads it at each start, as it reads the migrations' journal.
  await db.execute(sql.raw(`grant select on drizzle.dnx_database_code to ${appRole}`));
  const stale = await staleDatabaseCode(db, files);
  for (const file of stale) {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local check_function_bodies = off`);
      for (const statement of file.statements) await tx.execute(sql.raw(statement));
      await tx.execute(sql`insert into drizzle.dnx_database_code (name, hash) values (${file.name}, ${file.hash})
        on conflict (name) do update set hash = excluded.hash, applied_at = now()`);
    });
  }
  return stale.map((file) => file.name);
}
