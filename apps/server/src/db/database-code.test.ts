import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionsFolder, migrationsFolder } from '../paths';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { applyDatabaseCode, readDatabaseCode } from './database-code';
import { migrate } from './migrate';

/** The last numbered migration that may still define a function or a trigger: after it they live in db/functions. */
const lastMigrationWithCode = '0057';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** A definition as text to compare: PostgreSQL's own spacing aside. */
const normalized = (text: string) => text.replace(/\s+/g, ' ').replace(/;\s*$/, '').trim();

describe("the database's functions, a file each (issue 42)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase('migrated');
  });
  afterAll(async () => database.dispose());

  it('every function and trigger of the migrated database is defined in its file, as the database has it', async () => {
    const files = new Map(readDatabaseCode().map((file) => [file.name, normalized(file.statements.join(' '))]));
    const functions = rowsOf<{ name: string; def: string }>(
      await database.handle.db.execute(sql`
        select p.proname as name, pg_get_functiondef(p.oid) as def from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`),
    );
    expect(functions.length).toBeGreaterThanOrEqual(29);
    for (const { name, def } of functions) {
      expect(files.get(name), `db/functions/${name}.sql`).toContain(normalized(def));
    }
    const triggers = rowsOf<{ fn: string; def: string; constraint: boolean }>(
      await database.handle.db.execute(sql`
        select p.proname as fn, pg_get_triggerdef(t.oid) as def, t.tgconstraint <> 0 as constraint from pg_trigger t
        join pg_proc p on p.oid = t.tgfoid join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where not t.tgisinternal and n.nspname = 'public'`),
    );
    expect(triggers.length).toBeGreaterThanOrEqual(121);
    for (const { fn, def, constraint } of triggers) {
      const written = constraint ? def : def.replace(/^CREATE TRIGGER/, 'CREATE OR REPLACE TRIGGER');
      expect(files.get(fn), `db/functions/${fn}.sql`).toContain(normalized(written));
    }
    // No file for a function the database does not have.
    expect([...files.keys()].sort()).toEqual([...new Set(functions.map((f) => f.name))].sort());
  });

  it('a changed file is applied once, an unchanged one not at all', async () => {
    const { db } = database.handle;
    const folder = mkdtempSync(path.join(tmpdir(), 'dnx-functions-'));
    try {
      cpSync(functionsFolder, folder, { recursive: true });
      // The migrated template applied every file already.
      expect(await applyDatabaseCode(db, readDatabaseCode(folder))).toEqual([]);
      const file = path.join(folder, 'dnx_chain_stripes.sql');
      writeFileSync(file, readFileSync(file, 'utf8').replace('SELECT 8', 'SELECT 8 /* changed */'));
      expect(await applyDatabaseCode(db, readDatabaseCode(folder))).toEqual(['dnx_chain_stripes']);
      const body = rowsOf<{ def: string }>(
        await db.execute(sql`select pg_get_functiondef('dnx_chain_stripes'::regproc) as def`),
      );
      expect(body[0]!.def).toContain('/* changed */');
      expect(await applyDatabaseCode(db, readDatabaseCode(folder))).toEqual([]);
      // The release's own file comes back the same way, and a start on a current database changes nothing.
      expect(await applyDatabaseCode(db, readDatabaseCode())).toEqual(['dnx_chain_stripes']);
      await migrate(database.handle);
      expect(await applyDatabaseCode(db, readDatabaseCode())).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('no migration after the move defines a function or a trigger: their definitions live in db/functions', () => {
    const later = readdirSync(migrationsFolder).filter(
      (f) => f.endsWith('.sql') && f.slice(0, 4) > lastMigrationWithCode,
    );
    for (const migration of later) {
      const text = readFileSync(path.join(migrationsFolder, migration), 'utf8');
      expect(text, migration).not.toMatch(/CREATE\s+(OR\s+REPLACE\s+)?(CONSTRAINT\s+)?(FUNCTION|TRIGGER)\b/i);
    }
  });
});
