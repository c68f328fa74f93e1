import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCluster } from '../../../../scripts/lib/postgres-cluster.mjs';
import { ensureServerBuild, root } from '../../../../scripts/lib/server-process.mjs';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';

/**
 * For the tests that run the server build in processes of their own on PostgreSQL (a process killed mid-work): a
 * new database on DATABASE_URL's server (or a throwaway cluster) with the demo data, and the environment of a
 * production server on it. `dispose` drops the database and the cluster.
 */
export async function seededProductionDatabase(prefix: string, extraEnv: Record<string, string> = {}) {
  ensureServerBuild();
  const cluster = process.env.DATABASE_URL ? null : await startCluster();
  const database = await createThrowawayDatabase(process.env.DATABASE_URL || cluster!.url, prefix);
  const dataDir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://localhost',
    JWT_SECRET: randomBytes(32).toString('hex'),
    MFA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    SEED_DEMO: 'never',
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '50',
    ...extraEnv,
  };
  // Migrations, the access model and the demo data (its forms in every stage).
  const seeded = spawnSync(process.execPath, ['apps/server/dist/cli.js', 'seed'], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  if (seeded.status !== 0) throw new Error('seeding the demo data failed');
  return {
    database,
    env,
    dispose: async () => {
      await database.drop();
      cluster?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
