import path from 'node:path';
import { parseArgs } from 'node:util';
import { setCommonPasswordCheck } from '@dnx/shared';
import { openConfiguredDatabase } from './app';
import {
  BackupFileError,
  backupEmbedded,
  backupPostgres,
  restoreEmbedded,
  restorePostgres,
  RestoreRefusedError,
} from './backup/backup';
import { PgProgramError } from './backup/pg-tools';
import { ConfigError, loadConfig, type Config } from './config';
import { askServer, isServerCommand, serverCommands } from './control-socket';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { MigrationRightsError } from './db/migrate';
import { migrate } from './db/migrate';
import { syncAccessModel } from './db/seed/access-model';
import { seedDemo } from './demo/seed';
import { AdministratorInputError, createAdministrator } from './db/seed/administrator';
import { isCommonPassword } from './lib/common-passwords';

const usage = `Usage: cli <command>
  migrate                 apply the migrations
  seed                    apply the migrations and add the demo data (refused when NODE_ENV=production)
  create-admin --email E  make an administrator; the password comes from ADMIN_PASSWORD or standard input
  verify-audit            walk the audit trail's hash chain: {ok, rows, first_broken_id}; exit code 1 when broken
  verify-ledger           walk the forms' ledger (fn) the same way; exit code 1 when broken
  rebuild-summaries       compute the reports' summary tables again from the base tables, in one transaction
                          (writes wait for it): {ok, form_rows, payment_rows}
  backup FILE             write a backup of the database into FILE (one file, with a manifest)
  restore FILE [--replace]
                          restore FILE into the configured database, which must be empty unless --replace,
                          then check its counts and both chains; exit code 1 when they differ`;

const commands = [
  'migrate',
  'seed',
  'create-admin',
  'verify-audit',
  'verify-ledger',
  'rebuild-summaries',
  'backup',
  'restore',
];

/** A file named on the command line, from the folder `npm run` was started in (npm runs scripts from the root). */
const fromCaller = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

async function backup(config: Config, file: string) {
  if (config.DATABASE_URL) return backupPostgres(config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL, file);
  let handle;
  try {
    handle = await openConfiguredDatabase(config, 'npm run backup');
  } catch (err) {
    // The running server holds the embedded database: it writes the backup, between its requests.
    if (!(err instanceof EmbeddedDatabaseBusyError)) throw err;
    const answer = await askServer(config.dataDir, 'backup', file);
    if (!answer.ok) throw new Error(`the running server could not back up: ${answer.error}`);
    console.error(`Asked the running server (process ${err.holder.pid}), which holds the embedded database.`);
    return answer.result;
  }
  try {
    return await backupEmbedded(handle, file);
  } finally {
    await handle.close();
  }
}

async function backupOrRestore(command: 'backup' | 'restore', config: Config, file: string, replace: boolean) {
  if (command === 'backup') {
    const manifest = await backup(config, file);
    console.error(`Backup written to ${file}.`);
    console.log(JSON.stringify(manifest, null, 2));
    return;
  }
  if (!config.DATABASE_URL && config.isProduction && config.EMBEDDED_DATABASE_IN_PRODUCTION !== 'true')
    await openConfiguredDatabase(config, 'npm run restore'); // refuses, with the same message as the server
  const report = config.DATABASE_URL
    ? await restorePostgres(file, config.MIGRATION_DATABASE_URL ?? config.DATABASE_URL, { replace })
    : await restoreEmbedded(file, path.join(config.dataDir, 'pglite'), { replace });
  console.log(JSON.stringify(report, null, 2));
  console.error(
    report.ok
      ? `Restored ${file}: ${report.tables} tables, ${report.rows} rows, both chains intact; the counts match the backup.`
      : `Restored ${file}, but it does not match its manifest: see above.`,
  );
  if (!report.ok) process.exitCode = 1;
}

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split('\n')[0]!.trim();
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      replace: { type: 'boolean' },
    },
  });
  const command = positionals[0];
  const file = positionals[1];
  if (!command || !commands.includes(command) || ((command === 'backup' || command === 'restore') && !file)) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  if (command === 'backup' || command === 'restore')
    return backupOrRestore(command, config, fromCaller(file!), values.replace ?? false);
  if (command === 'seed' && config.isProduction)
    throw new ConfigError('Refusing to add demo data when NODE_ENV=production.');
  let handle;
  try {
    handle = await openConfiguredDatabase(config, `npm run ${command}`);
  } catch (err) {
    // The embedded database is the running server's: a check it can run is asked of it instead.
    if (!(err instanceof EmbeddedDatabaseBusyError) || !isServerCommand(command) || command === 'backup') throw err;
    const answer = await askServer(config.dataDir, command);
    if (!answer.ok) throw new Error(`the running server could not ${command}: ${answer.error}`);
    console.error(`Asked the running server (process ${err.holder.pid}), which holds the embedded database.`);
    console.log(JSON.stringify(answer.result));
    if (!answer.result.ok) process.exitCode = 1;
    return;
  }
  try {
    await migrate(handle);
    if (isServerCommand(command)) {
      const result = await serverCommands[command](handle, {});
      console.log(JSON.stringify(result));
      if (!result.ok) process.exitCode = 1;
      return;
    }
    await handle.useAppRole();
    await syncAccessModel(handle.db);
    if (command === 'migrate') console.log('Migrations applied.');
    if (command === 'seed') {
      await seedDemo(handle.db);
      console.log('Demo data added.');
    }
    if (command === 'create-admin') {
      // The same rule as every other path that sets a password: no common or breached one.
      setCommonPasswordCheck(isCommonPassword);
      const result = await createAdministrator(handle.db, {
        email: values.email ?? '',
        password: await readPassword(),
        firstName: values['first-name'],
        lastName: values['last-name'],
      });
      console.log(`Administrator ${values.email} is ${result.created ? 'created' : 'ready again'}.`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((err: unknown) => {
  const plain =
    err instanceof ConfigError ||
    err instanceof AdministratorInputError ||
    err instanceof EmbeddedDatabaseBusyError ||
    err instanceof MigrationRightsError ||
    err instanceof BackupFileError ||
    err instanceof RestoreRefusedError ||
    err instanceof PgProgramError;
  console.error(plain ? err.message : err);
  process.exit(1);
});
