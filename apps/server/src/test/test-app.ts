import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client';

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Its URL on PostgreSQL; absent for the embedded database in memory. */
  url?: string;
  /** Closes the database and removes what the test made (the throwaway PostgreSQL database). */
  dispose(): Promise<void>;
}

/** What a test database starts as: empty, migrated, or migrated with the demo data (global-setup.ts made both). */
export type TestDatabaseStart = 'empty' | 'migrated' | 'seeded';

const pgliteImages: Partial<Record<'migrated' | 'seeded', Blob>> = {};

/**
 * A fresh database for one test file: PGlite in memory by default, or, when DATABASE_URL is set (CI's second
 * pass), a new database on that PostgreSQL server, dropped afterwards. Unless asked for an empty one, it starts as a
 * copy of the run's migrated (or seeded) template.
 */
export async function openTestDatabase(start: TestDatabaseStart = 'migrated'): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  const template = start === 'empty' ? undefined : inject('testDatabaseTemplates')[start];
  if (!serverUrl) {
    let image: Blob | undefined;
    if (start !== 'empty') image = pgliteImages[start] ??= new Blob([readFileSync(template!)]);
    const handle = await openDatabase({ pgliteImage: image });
    return { handle, dispose: () => handle.close() };
  }
  return openDatabaseOn(serverUrl, template);
}

/** The test's own database, left to the test. */
async function openGivenDatabase(url: string): Promise<TestDatabase> {
  const handle = await openDatabase({ url });
  return { handle, url, dispose: () => handle.close() };
}

/** A new database on the server of `serverUrl` (empty, or a copy of `template`), dropped afterwards. */
async function openDatabaseOn(serverUrl: string, template?: string): Promise<TestDatabase> {
  const created = await createThrowawayDatabase(serverUrl, 'dnx_test', template);
  const handle = await openDatabase({ url: created.url });
  return {
    handle,
    url: created.url,
    dispose: async () => {
      await handle.close();
      await created.drop();
    },
  };
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dnx-test-'));
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    MFA_ENCRYPTION_KEY: 'test-key-that-is-long-enough-for-aes-256-gcm',
    WEB_DIST: path.join(dataDir, 'no-web-build'),
    // Where links point in tests (the development default would be http://localhost:8080).
    PUBLIC_URL: 'http://localhost',
    // A proof of work the tests solve in a few milliseconds.
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '20',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  /** The database's URL on PostgreSQL; absent for the embedded database in memory. */
  databaseUrl?: string | undefined;
  /**
   * Writes straight to the database, as another server process or a person at psql would, and resolves once the
   * database's change feed has brought the change to the app (what the app's caches must follow).
   */
  writeOutside<T>(write: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Builds the real app through the one factory on a fresh database; `seed` adds the demo data. */
export async function createTestApp(
  options: {
    seed?: boolean;
    env?: Record<string, string>;
    webDist?: string;
    /** Adds test-only routes before the app is ready. */
    extend?: (app: FastifyInstance) => void;
    /**
     * An empty database of the test's own (on its cluster with a replica) instead of the run's: the app migrates and
     * seeds it as at a first start; the test drops it.
     */
    databaseUrl?: string;
    /** Receives the log lines (with `env: { LOG_LEVEL }` set to what the test needs). */
    logStream?: DestinationStream;
  } = {},
): Promise<TestApp> {
  // The demo data comes with the seeded template, as the seed would have written it; a database of the test's own
  // (on a cluster of its own) has no template, and the app migrates and seeds it as at a first start.
  const database = options.databaseUrl
    ? await openGivenDatabase(options.databaseUrl)
    : await openTestDatabase(options.seed ? 'seeded' : 'migrated');
  const config = testConfig({ ...(options.webDist ? { WEB_DIST: options.webDist } : {}), ...options.env });
  const app = await buildApp({
    config,
    database: database.handle,
    seed: options.databaseUrl && options.seed ? 'always' : 'never',
    logStream: options.logStream,
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database: database.handle,
    databaseUrl: database.url,
    writeOutside: async (write) => {
      const result = await write(database.handle.db);
      await app.changes.sync();
      return result;
    },
    close: async () => {
      await app.close();
      await database.dispose();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** Does what the ALTCHA widget does: fetches a challenge, solves it, and gives the payload sign-in takes as `gtoken`. */
export async function solveCaptcha(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/captcha/challenge/' });
  if (res.statusCode !== 200) throw new Error(`captcha challenge: ${res.statusCode} ${res.body}`);
  const challenge = res.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
