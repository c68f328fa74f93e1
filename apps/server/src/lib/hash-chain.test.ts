import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRole, beforeCommit, openDatabase, type Database } from '../db/client';
import { migrate } from '../db/migrate';
import { auditLog } from '../db/schema';
import { migrationsFolder } from '../paths';
import { openTestDatabase, type TestDatabase } from '../test/test-app';
import { auditChain, recordAudit } from './audit';
import { canonicalJson, stripesHead } from './hash-chain';
import { startCluster } from '../../../../scripts/lib/postgres-cluster.mjs';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The database's own refusal (42501 insufficient_privilege: permission denied, must be owner), under Drizzle's wrapper. */
async function expectDenied(statement: Promise<unknown>) {
  const err: unknown = await statement.then(
    () => null,
    (e: unknown) => e,
  );
  const cause = (err as { cause?: { code?: string; message?: string } } | null)?.cause;
  expect({ code: cause?.code, message: cause?.message }).toMatchObject({
    code: '42501',
    message: expect.stringMatching(/permission denied|must be owner/) as unknown,
  });
}

async function appendRegionChanges(db: Database, names: string[]) {
  for (const [index, name] of names.entries()) {
    await db.transaction((tx) =>
      recordAudit(tx, {
        actor: { id: 1, email: 'admin@dnx.az' },
        action: 'update',
        resource: 'region',
        recordId: index + 1,
        before: { name: `${name} (köhnə)`, coefficient: '1.5', at: new Date(0) },
        after: { name, coefficient: '2', at: new Date(1) },
      }),
    );
  }
}

// The owner rewrites a row past the append-only trigger, as someone at psql with the owner's password could.
async function rewriteAsOwner(owner: Database, id: number) {
  await owner.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
    await tx.execute(
      sql`update audit_log set changes = '{"name": {"before": "X", "after": "Y"}}'::jsonb where id = ${id}`,
    );
    await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
  });
}

describe('hash chain of the audit trail', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
    await migrate(database.handle);
    await database.handle.useAppRole();
  });
  afterAll(() => database.dispose());

  it('serialises rows canonically: keys sorted at every level, times in UTC, absent members left out', () => {
    expect(canonicalJson({ b: 1, a: { d: [new Date('2026-01-01T04:00:00+04:00'), null], c: undefined } })).toBe(
      '{"a":{"d":["2026-01-01T00:00:00.000Z",null]},"b":1}',
    );
  });

  it('chains every appended row and verifies; a row rewritten by the owner is named', async () => {
    const { db } = database.handle;
    expect(await auditChain.verify(db)).toEqual({ ok: true, rows: 0, first_broken_id: null });
    await appendRegionChanges(db, ['Bakı', 'Gəncə', 'Şəki', 'Lənkəran']);
    expect(await auditChain.verify(db)).toEqual({ ok: true, rows: 4, first_broken_id: null });

    const ids = (await db.select({ id: auditLog.id }).from(auditLog).orderBy(auditLog.id)).map((r) => r.id);
    await database.handle.asOwner((owner) => rewriteAsOwner(owner, ids[2]!));
    expect(await auditChain.verify(db)).toEqual({ ok: false, rows: 3, first_broken_id: ids[2] });
  });

  it('lets the app role only read and append the audit trail', async () => {
    const { db } = database.handle;
    const [role] = rowsOf<{ role: string }>(await db.execute(sql`select current_user as role`));
    expect(role?.role).toBe(appRole);
    await expectDenied(db.execute(sql`update audit_log set action = 'create'`));
    await expectDenied(db.execute(sql`delete from audit_log`));
    await expectDenied(db.execute(sql`truncate audit_log`));
    await expectDenied(db.execute(sql`alter table audit_log disable trigger user`));
    await expectDenied(db.execute(sql`alter table audit_log drop constraint audit_log_hash_present`));
    // A row without a valid hash is refused even to a direct INSERT.
    await expect(
      db.execute(sql`insert into audit_log (action, resource, changes) values ('create', 'region', '{}')`),
    ).rejects.toThrow();
  });

  // The audit trail and the forms' ledger (migration 0019).
  const chainedTables = ['audit_log', 'fn_ledger'];
  it('gives the app role everything on every other table (later migrations included), and only read and append on the chained one', async () => {
    const tables = await database.handle.asOwner(async (owner) =>
      rowsOf<{ name: string; s: boolean; i: boolean; u: boolean; d: boolean; t: boolean }>(
        await owner.execute(sql`
          select c.relname as name,
            has_table_privilege(${appRole}, c.oid, 'SELECT') as s, has_table_privilege(${appRole}, c.oid, 'INSERT') as i,
            has_table_privilege(${appRole}, c.oid, 'UPDATE') as u, has_table_privilege(${appRole}, c.oid, 'DELETE') as d,
            has_table_privilege(${appRole}, c.oid, 'TRUNCATE') as t
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p')`),
      ),
    );
    expect(tables.length).toBeGreaterThan(15);
    for (const table of tables) {
      const expected = chainedTables.includes(table.name)
        ? { s: true, i: true, u: false, d: false, t: false }
        : { s: true, i: true, u: true, d: true, t: false };
      expect({ name: table.name, s: table.s, i: table.i, u: table.u, d: table.d, t: table.t }).toEqual({
        name: table.name,
        ...expected,
      });
    }
  });
});

describe('an existing database, migrated to the chained trail', () => {
  let database: TestDatabase;
  let oldMigrations: string;
  beforeAll(async () => {
    database = await openTestDatabase('empty');
    // The migrations as they were before the chain: rows written then have no hash.
    oldMigrations = mkdtempSync(path.join(tmpdir(), 'dnx-migrations-'));
    cpSync(migrationsFolder, oldMigrations, { recursive: true });
    const journalFile = path.join(oldMigrations, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
    journal.entries = journal.entries.filter((entry) => entry.tag < '0014');
    writeFileSync(journalFile, JSON.stringify(journal));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('seals the rows written before the chain at the first start, then appends after them', async () => {
    const { handle } = database;
    const config = { migrationsFolder: oldMigrations };
    if (handle.kind === 'pglite') await migratePglite(handle.db as never, config);
    else await migratePostgres(handle.db as never, config);
    await handle.db.execute(sql`insert into audit_log (action, resource, record_id, changes)
      values ('create', 'region', '1', '{"name": {"before": null, "after": "Bakı"}}'),
             ('delete', 'region', '1', '{"name": {"before": "Bakı", "after": null}}')`);

    await migrate(handle);
    await handle.useAppRole();
    expect(await auditChain.verify(handle.db)).toEqual({ ok: true, rows: 2, first_broken_id: null });
    await appendRegionChanges(handle.db, ['Quba']);
    expect(await auditChain.verify(handle.db)).toEqual({ ok: true, rows: 3, first_broken_id: null });
    // A second start finds nothing left to seal.
    await migrate(handle);
    expect(await auditChain.verify(handle.db)).toMatchObject({ ok: true, rows: 3 });
  });
});

/** A region created, as the audit trail records it. */
const entry = (name: string) => ({
  actor: { id: 1, email: 'admin@dnx.az' },
  action: 'create' as const,
  resource: 'region' as const,
  recordId: 1,
  after: { name },
});

describe('chain rows are written as the transaction commits', () => {
  const names = async (db: Database) =>
    (await db.select({ name: auditLog.objectName }).from(auditLog).orderBy(auditLog.id)).map((r) => r.name);

  it('an app transaction writes its chain rows last: absent while it works, chained after the commit, gone with a rollback', async () => {
    const database = await openTestDatabase();
    try {
      await migrate(database.handle);
      await database.handle.useAppRole();
      const { db } = database.handle;
      const seenInside = await db.transaction(async (tx) => {
        await recordAudit(tx, entry('Bakı'));
        await recordAudit(tx, entry('Gəncə'));
        return names(tx as unknown as Database);
      });
      expect(seenInside).toEqual([]);
      await expect(
        db.transaction(async (tx) => {
          await recordAudit(tx, entry('Şəki'));
          throw new Error('the change fails');
        }),
      ).rejects.toThrow('the change fails');
      expect(await names(db)).toEqual(['Bakı', 'Gəncə']);
      expect(await auditChain.verify(db)).toEqual({ ok: true, rows: 2, first_broken_id: null });
      // The database hashes what the app cut: quotes, backslashes, line breaks, letters beyond ASCII, numbers.
      const tricky = 'Şəki "Yol" \\ C:\\path\nyeni sətir\t🚌 ə';
      await db.transaction((tx) =>
        recordAudit(tx, {
          ...entry(tricky),
          after: { name: tricky, seats: [1, 2.5, -3, 1e21], nested: { z: null, a: { 'ö"k': true } } },
        }),
      );
      expect(await names(db)).toEqual(['Bakı', 'Gəncə', tricky]);
      expect(await auditChain.verify(db)).toEqual({ ok: true, rows: 3, first_broken_id: null });
    } finally {
      await database.dispose();
    }
  });

  // Two connections: on DATABASE_URL's server, or a throwaway cluster when it is not set (the embedded database has one).
  it(
    'on PostgreSQL, a transaction that appended and is still working holds no chain lock: another appends and commits meanwhile',
    { timeout: 120_000 },
    async () => {
      const cluster = process.env.DATABASE_URL ? null : await startCluster();
      const created = await createThrowawayDatabase(process.env.DATABASE_URL || cluster!.url, 'dnx_chain');
      const handle = await openDatabase({ url: created.url });
      try {
        await migrate(handle);
        await handle.useAppRole();
        const { db } = handle;
        let finish!: () => void;
        const working = new Promise<void>((resolve) => (finish = resolve));
        let appended!: () => void;
        const hasAppended = new Promise<void>((resolve) => (appended = resolve));
        const slow = db.transaction(async (tx) => {
          await recordAudit(tx, entry('Bakı'));
          appended();
          await working;
        });
        await hasAppended;
        // Before, the slow transaction held the chain's lock from its append: this one waited for it (5 s: a failure).
        const quick = db.transaction((tx) => recordAudit(tx, entry('Gəncə')));
        const outcome = await Promise.race([
          quick.then(() => 'committed'),
          new Promise((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
        ]);
        finish();
        await slow;
        await quick;
        expect(outcome).toBe('committed');
        expect(await names(db)).toEqual(['Gəncə', 'Bakı']);
        expect(await auditChain.verify(db)).toEqual({ ok: true, rows: 2, first_broken_id: null });

        // Nor once its rows are handed over (the chain's hook has run) and it is on its way to the commit: the lock
        // is taken by the commit itself (migration 0023). Before, the hook's statement took it: a failure here.
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let handedOver!: () => void;
        const atCommit = new Promise<void>((resolve) => (handedOver = resolve));
        const committing = db.transaction(async (tx) => {
          await recordAudit(tx, entry('Şəki'));
          beforeCommit(tx, async () => {
            handedOver();
            await held;
          });
        });
        await atCommit;
        const other = db.transaction((tx) => recordAudit(tx, entry('Quba')));
        const second = await Promise.race([
          other.then(() => 'committed'),
          new Promise((resolve) => setTimeout(() => resolve('blocked'), 5_000)),
        ]);
        release();
        await committing;
        await other;
        expect(second).toBe('committed');
        expect(await names(db)).toEqual(['Gəncə', 'Bakı', 'Quba', 'Şəki']);
        expect(await auditChain.verify(db)).toEqual({ ok: true, rows: 4, first_broken_id: null });
      } finally {
        await handle.close();
        await created.drop();
        cluster?.stop();
      }
    },
  );
});

describe('the chains in stripes (issue 41, migration 0055)', () => {
  it('names one head: stripe 0 alone keeps its last hash, several are hashed together in stripe order', () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    expect(stripesHead([])).toBeNull();
    expect(stripesHead([{ stripe: 0, hash: a }])).toBe(a);
    const both = stripesHead([
      { stripe: 0, hash: a },
      { stripe: 3, hash: b },
    ]);
    expect(both).toMatch(/^[0-9a-f]{64}$/);
    expect(both).not.toBe(a);
    expect(stripesHead([{ stripe: 3, hash: b }])).not.toBe(b);
    expect(
      stripesHead([
        { stripe: 0, hash: a },
        { stripe: 3, hash: a },
      ]),
    ).not.toBe(both);
  });

  // Several connections: on DATABASE_URL's server, or a throwaway cluster when it is not set.
  it(
    'on PostgreSQL, a writer holding a stripe at its commit does not stop another; with every stripe held, a writer waits; concurrent writers spread over the stripes and each stripe verifies; a row moved to another stripe or rewritten is named',
    { timeout: 180_000 },
    async () => {
      const cluster = process.env.DATABASE_URL ? null : await startCluster();
      const created = await createThrowawayDatabase(process.env.DATABASE_URL || cluster!.url, 'dnx_stripes');
      const handle = await openDatabase({ url: created.url });
      const holder = new pg.Client({ connectionString: created.url });
      try {
        await migrate(handle);
        await handle.useAppRole();
        const { db } = handle;
        const within = <T>(work: Promise<T>, ms = 5_000) =>
          Promise.race([
            work.then(() => 'committed'),
            new Promise((resolve) => setTimeout(() => resolve('blocked'), ms)),
          ]);

        // A transaction whose chain rows are written (its stripe's lock taken, as the commit takes it) and that has
        // not committed yet. Before the stripes it held the chain's one lock: the next writer waited (a failure here).
        let release!: () => void;
        const held = new Promise<void>((resolve) => (release = resolve));
        let linked!: () => void;
        const hasLinked = new Promise<void>((resolve) => (linked = resolve));
        const slow = db.transaction(async (tx) => {
          await recordAudit(tx, entry('Bakı'));
          beforeCommit(tx, async () => {
            await tx.execute(sql`set constraints all immediate`);
            linked();
            await held;
          });
        });
        await hasLinked;
        expect(await within(db.transaction((tx) => recordAudit(tx, entry('Gəncə'))))).toBe('committed');
        release();
        await slow;

        // Every stripe's lock held elsewhere: the writer waits for its own stripe, then commits.
        await holder.connect();
        await holder.query('begin');
        await holder.query(
          `select pg_advisory_xact_lock(hashtext('dnx:chain:audit_log:' || s)) from generate_series(0, dnx_chain_stripes() - 1) s`,
        );
        const waiting = db.transaction((tx) => recordAudit(tx, entry('Şəki')));
        expect(await within(waiting, 1_500)).toBe('blocked');
        await holder.query('commit');
        await waiting;

        // Many writers at once: they spread over the stripes, and every stripe links its own rows.
        await Promise.all(
          Array.from({ length: 40 }, (_, i) =>
            db.transaction(async (tx) => {
              await recordAudit(tx, entry(`Bölgə ${i}`));
              await recordAudit(tx, entry(`Bölgə ${i}, ikinci`));
            }),
          ),
        );
        const rows = 3 + 80;
        expect(await auditChain.verify(db)).toEqual({ ok: true, rows, first_broken_id: null });
        const stripes = rowsOf<{ stripe: number; n: number }>(
          await db.execute(sql`select stripe, count(*)::int as n from audit_log group by stripe order by stripe`),
        );
        expect(stripes.length).toBeGreaterThan(1);
        expect(stripes.every((s) => s.stripe >= 0 && s.stripe < 8)).toBe(true);
        // One transaction's rows are in one stripe, one after the other.
        const split = rowsOf<{ n: number }>(
          await db.execute(
            sql`select count(distinct stripe)::int as n from audit_log where object_name like 'Bölgə 7%'`,
          ),
        );
        expect(split[0]!.n).toBe(1);
        const head = await auditChain.lastHash(db);
        expect(head).toMatch(/^[0-9a-f]{64}$/);

        // The owner moves a stripe's row to another stripe: both stripes no longer link, and the row is named.
        const [moved] = rowsOf<{ id: number; stripe: number }>(
          await db.execute(sql`select id::int, stripe from audit_log where stripe = ${stripes.at(-1)!.stripe}
            order by id desc limit 1`),
        );
        const other = stripes.find((s) => s.stripe !== moved!.stripe)!.stripe;
        const tamper = (statement: ReturnType<typeof sql>) =>
          handle.asOwner((owner) =>
            owner.transaction(async (tx) => {
              await tx.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
              await tx.execute(statement);
              await tx.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
            }),
          );
        await tamper(sql`update audit_log set stripe = ${other} where id = ${moved!.id}`);
        const afterMove = await auditChain.verify(db);
        expect(afterMove.ok).toBe(false);
        expect(afterMove.first_broken_id).toBe(moved!.id);
        expect(await auditChain.lastHash(db)).not.toBe(head);
        await tamper(sql`update audit_log set stripe = ${moved!.stripe} where id = ${moved!.id}`);
        expect(await auditChain.verify(db)).toEqual({ ok: true, rows, first_broken_id: null });
        expect(await auditChain.lastHash(db)).toBe(head);

        // A row rewritten in the middle of a stripe other than 0 is named too.
        const [middle] = rowsOf<{ id: number }>(
          await db.execute(sql`select id::int from audit_log where stripe = ${moved!.stripe} order by id limit 1`),
        );
        await tamper(sql`update audit_log set object_name = 'Saxta' where id = ${middle!.id}`);
        expect(await auditChain.verify(db)).toMatchObject({ ok: false, first_broken_id: middle!.id });
      } finally {
        await holder.end().catch(() => undefined);
        await handle.close();
        await created.drop();
        cluster?.stop();
      }
    },
  );
});
