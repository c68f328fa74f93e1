import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { appRole, openDatabase, type Database, type DatabaseHandle } from '../db/client';
import * as schema from '../db/schema';
import { productVersion } from '../paths';
import { BackupFileError, readArchive, writeArchive } from './archive';
import { checkRestored, describeDatabase, migrationTags, type BackupManifest, type RestoreCheck } from './manifest';
import { libpqTarget, runPgProgram } from './pg-tools';

/**
 * Backup and restore, one command each (issue 25; docs/operations.md, "Backup and restore"). PostgreSQL: a
 * `pg_dump` custom-format file taken in the snapshot the manifest's counts and chain heads are read in, with the
 * roles its grants name. Embedded: PGlite's folder as a tarball, taken by the process that holds it (the running
 * server when there is one); its manifest is read from the tarball itself, opened in memory, so it states exactly
 * what the file holds.
 */

const dumpName = 'database.dump';
const embeddedName = 'pglite.tar.gz';

export { BackupFileError };

/** The restore target is not empty and `--replace` was not given, or the backup is of a newer release. */
export class RestoreRefusedError extends Error {}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function workDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'dnx-backup-'));
}

async function connectPostgres(url: string) {
  const [{ default: pg }, { drizzle }] = await Promise.all([import('pg'), import('drizzle-orm/node-postgres')]);
  const client = new pg.Client({ connectionString: url, application_name: 'dnx-backup' });
  await client.connect();
  const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Database;
  return { client, db };
}

/** Backs up the PostgreSQL database of `ownerUrl` (the owner's login) into `file`; the manifest written. */
export async function backupPostgres(ownerUrl: string, file: string): Promise<BackupManifest> {
  const dir = workDir();
  const { client, db } = await connectPostgres(ownerUrl);
  try {
    // One snapshot for the manifest and the dump: pg_dump takes the one this transaction exports, so the counts and
    // chain heads are those of the dump even while the servers go on writing.
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const state = await describeDatabase(db);
    const serverVersion = (
      await client.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows[0]!.v.split(' ')[0]!;
    const roles = rowsOf<{ name: string }>(
      await db.execute(sql`
        with objects as (
          select c.relacl as acl, c.relowner as owner from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname in ('public', 'drizzle')
          union all select n.nspacl, n.nspowner from pg_namespace n where n.nspname in ('public', 'drizzle')
        )
        select distinct r.rolname as name from objects o cross join lateral aclexplode(o.acl) a
        join pg_roles r on r.oid = a.grantee
        where r.oid not in (select owner from objects) order by 1`),
    ).map((row) => row.name);
    const target = libpqTarget(ownerUrl);
    await runPgProgram(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${path.join(dir, dumpName)}`, `--dbname=${target.dbname}`],
      target.env,
    );
    await client.query('commit');
    return await writeArchive(
      file,
      dir,
      {
        format: 'dnx-backup',
        formatVersion: 1,
        kind: 'postgresql',
        createdAt: new Date().toISOString(),
        productVersion,
        serverVersion,
        roles,
        ...state,
      },
      [dumpName],
    );
  } finally {
    await client.end().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Backs up the embedded database `handle` holds (the server, or a command while the server is stopped). */
export async function backupEmbedded(handle: DatabaseHandle, file: string): Promise<BackupManifest> {
  const dir = workDir();
  try {
    const image = await handle.dump('gzip');
    if (!image) throw new Error('not an embedded database');
    writeFileSync(path.join(dir, embeddedName), Buffer.from(await image.arrayBuffer()));
    // Opened in memory: the manifest is what the file holds, and a tarball that would not open fails the backup now.
    const copy = await openDatabase({ pgliteImage: image });
    try {
      const state = await describeDatabase(copy.db);
      const serverVersion = rowsOf<{ server_version: string }>(await copy.db.execute(sql`show server_version`))[0]!
        .server_version;
      return await writeArchive(
        file,
        dir,
        {
          format: 'dnx-backup',
          formatVersion: 1,
          kind: 'embedded',
          createdAt: new Date().toISOString(),
          productVersion,
          serverVersion: serverVersion.split(' ')[0]!,
          roles: [appRole],
          ...state,
        },
        [embeddedName],
      );
    } finally {
      await copy.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface RestoreReport extends RestoreCheck {
  kind: BackupManifest['kind'];
  createdAt: string;
  productVersion: string;
  /** Where the replaced embedded folder was kept (`--replace`). */
  replacedFolder?: string;
}

/** The release must know the backup's newest migration: it restores a backup of its own or an older release. */
function refuseNewer(manifest: BackupManifest): void {
  if (![...migrationTags().values()].includes(manifest.migration))
    throw new RestoreRefusedError(
      `The backup was made by a newer release (${manifest.productVersion}, migration ${manifest.migration}): ` +
        'restore it with that release or a later one.',
    );
}

const report = (manifest: BackupManifest, check: RestoreCheck, extra: Partial<RestoreReport> = {}): RestoreReport => ({
  kind: manifest.kind,
  createdAt: manifest.createdAt,
  productVersion: manifest.productVersion,
  ...check,
  ...extra,
});

/**
 * Restores `file` into the PostgreSQL database of `ownerUrl`, which must be empty unless `replace`; then checks it
 * against the manifest (counts, migration, both chains) and reports.
 */
export async function restorePostgres(
  file: string,
  ownerUrl: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<RestoreReport> {
  const dir = workDir();
  try {
    const manifest = await readArchive(file, dir);
    if (manifest.kind !== 'postgresql')
      throw new RestoreRefusedError(
        `${file} is a backup of the embedded database: restore it with DATABASE_URL unset (into DATA_DIR).`,
      );
    refuseNewer(manifest);
    const { client, db } = await connectPostgres(ownerUrl);
    try {
      const tables = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from pg_tables where schemaname in ('public', 'drizzle')`),
      )[0]!.n;
      if (tables > 0 && !replace)
        throw new RestoreRefusedError(
          `The database is not empty (${tables} tables): restore into an empty database, or add --replace to ` +
            'drop what it holds first.',
        );
      if (tables > 0) {
        await client.query('drop schema if exists drizzle cascade');
        await client.query('drop schema public cascade');
        await client.query('create schema public');
      }
      for (const role of manifest.roles) await ensureRole(client, role);
      // The dump's objects become the restoring login's (`--no-owner`): a new cluster need not have the old
      // owner's name. Its default privileges name that owner, so they are left out and given anew below.
      const target = libpqTarget(ownerUrl);
      const dump = path.join(dir, dumpName);
      const contents = await runPgProgram('pg_restore', ['--list', dump]);
      const list = path.join(dir, 'restore.list');
      writeFileSync(
        list,
        contents
          .split('\n')
          .filter((line) => !/ DEFAULT ACL /.test(line))
          .join('\n'),
      );
      await runPgProgram(
        'pg_restore',
        [
          '--no-owner',
          '--exit-on-error',
          '--single-transaction',
          `--use-list=${list}`,
          `--dbname=${target.dbname}`,
          dump,
        ],
        target.env,
      );
      if (manifest.roles.includes(appRole)) {
        await client.query(
          `alter default privileges in schema public grant select, insert, update, delete on tables to ${appRole}`,
        );
        await client.query(`alter default privileges in schema public grant usage, select on sequences to ${appRole}`);
      }
      // pg_restore leaves the planner's statistics empty: the first queries of a restored server would plan blind.
      await client.query('analyze');
      return report(manifest, await checkRestored(db, manifest));
    } finally {
      await client.end().catch(() => {});
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Makes `role` (as a role without login) when the cluster lacks it, and makes the restoring login a member. */
async function ensureRole(client: { query: (text: string) => Promise<{ rows: unknown[] }> }, role: string) {
  const quoted = `"${role.replaceAll('"', '""')}"`;
  const literal = `'${role.replaceAll("'", "''")}'`;
  try {
    await client.query(
      `do $$ begin
         if not exists (select from pg_roles where rolname = ${literal}) then create role ${quoted} nologin; end if;
         if not pg_has_role(current_user, ${literal}, 'MEMBER') then execute format('grant %I to %I', ${literal}, current_user); end if;
       end $$`,
    );
  } catch (err) {
    throw new RestoreRefusedError(
      `The role ${role}, which the backup's grants name, is missing and this login may not create it ` +
        `(${(err as Error).message}): create it as a superuser (CREATE ROLE ${quoted} NOLOGIN; GRANT ${quoted} TO ` +
        'the restoring login) and run the restore again.',
    );
  }
}

/**
 * Restores `file` into the embedded database folder `dir` (DATA_DIR/pglite), which must be absent or empty unless
 * `replace` (the folder is then kept beside it, renamed); then checks it as the PostgreSQL restore does.
 */
export async function restoreEmbedded(
  file: string,
  folder: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<RestoreReport> {
  const dir = workDir();
  try {
    const manifest = await readArchive(file, dir);
    if (manifest.kind !== 'embedded')
      throw new RestoreRefusedError(
        `${file} is a backup of a PostgreSQL database: restore it with DATABASE_URL (or MIGRATION_DATABASE_URL) set.`,
      );
    refuseNewer(manifest);
    let replacedFolder: string | undefined;
    const image = new Blob([readFileSync(path.join(dir, embeddedName))]);
    const handle = await openDatabase({
      pgliteDir: folder,
      pgliteImage: image,
      holder: 'npm run restore',
      // Under the folder's lock: no server opens it between this look and the restore.
      preparePgliteDir: () => {
        if (!existsSync(folder) || readdirSync(folder).length === 0) return;
        if (!replace)
          throw new RestoreRefusedError(
            `The embedded database folder ${folder} is not empty: restore into a new DATA_DIR, or add --replace ` +
              '(the folder is kept beside it under a new name).',
          );
        replacedFolder = `${folder}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        renameSync(folder, replacedFolder);
      },
    });
    try {
      return report(manifest, await checkRestored(handle.db, manifest), replacedFolder ? { replacedFolder } : {});
    } finally {
      await handle.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
