import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { syncAccessModel } from './db/seed/access-model';
import { seedDemo } from './db/seed/demo';
import { AdministratorInputError, createAdministrator } from './db/seed/administrator';
import { fnLedgerChain } from './features/fn/ledger';
import { auditChain } from './lib/audit';

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
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await migrate(handle);
    if (command === 'verify-audit' || command === 'verify-ledger') {
      const result = await (command === 'verify-audit' ? auditChain : fnLedgerChain).verify(handle.db);
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
  console.error(err instanceof ConfigError || err instanceof AdministratorInputError ? err.message : err);
  process.exit(1);
});
