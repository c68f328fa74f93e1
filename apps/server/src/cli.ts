import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from './app';
import { ConfigError, loadConfig } from './config';
import { askServer, isServerCommand, serverCommands } from './control-socket';
import { EmbeddedDatabaseBusyError } from './db/embedded-lock';
import { MigrationRightsError } from './db/migrate';
import { migrate } from './db/migrate';
import { syncAccessModel } from './db/seed/access-model';
import { seedDemo } from './db/seed/demo';
import { AdministratorInputError, createAdministrator } from './db/seed/administrator';

const usage = `Usage: cli <command>
  migrate                 apply the migrations
  seed                    apply the migrations and add the demo data (refused when NODE_ENV=production)
  create-admin --email E  make an administrator; the password comes from ADMIN_PASSWORD or standard input
  verify-audit            walk the audit trail's hash chain: {ok, rows, first_broken_id}; exit code 1 when broken
  verify-ledger           walk the forms' ledger (fn) the same way; exit code 1 when broken`;

async function readPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split('\n')[0]!.trim();
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, 'first-name': { type: 'string' }, 'last-name': { type: 'string' } },
  });
  const command = positionals[0];
  if (!command || !['migrate', 'seed', 'create-admin', 'verify-audit', 'verify-ledger'].includes(command)) {
    console.error(usage);
    process.exit(2);
  }
  const config = loadConfig();
  if (command === 'seed' && config.isProduction)
    throw new ConfigError('Refusing to add demo data when NODE_ENV=production.');
  let handle;
  try {
    handle = await openConfiguredDatabase(config, `npm run ${command}`);
  } catch (err) {
    // The embedded database is the running server's: a check it can run is asked of it instead.
    if (!(err instanceof EmbeddedDatabaseBusyError) || !isServerCommand(command)) throw err;
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
      const result = await serverCommands[command](handle.db);
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
    err instanceof MigrationRightsError;
  console.error(plain ? err.message : err);
  process.exit(1);
});
