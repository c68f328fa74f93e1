import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { prepareDatabase } from '../app';
import { openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { createThrowawayDatabase } from '../../../../scripts/lib/throwaway-database.mjs';
import { testConfig } from './test-app';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test database starts from (see `openTestDatabase`): files of PGlite dumps, or database names. */
    testDatabaseTemplates: { migrated: string; seeded: string };
  }
}

/**
 * Made once per run, before any test file: an empty database brought up to date by the migrations, and one with
 * the demo data as well. Each test file's database is a copy of one of them (a PGlite dump loaded in memory, or
 * `CREATE DATABASE … TEMPLATE` on PostgreSQL), so no file pays for initdb, the 29 migrations or the demo seed: the
 * same bytes that every file made for itself before, made once.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.DATABASE_URL;
  const work = mkdtempSync(path.join(tmpdir(), 'dnx-test-templates-'));
  const config = testConfig();
  const made: { name: string; drop: () => Promise<void> }[] = [];

  const make = async (kind: 'migrated' | 'seeded'): Promise<string> => {
    const created = serverUrl ? await createThrowawayDatabase(serverUrl, `dnx_template_${kind}`) : null;
    if (created) made.push(created);
    const handle = await openDatabase(created ? { url: created.url } : {});
    try {
      if (kind === 'migrated') await migrate(handle);
      else await prepareDatabase(config, { database: handle, seed: 'always' });
      const image = await handle.dump();
      if (!image) return created!.name;
      const file = path.join(work, `${kind}.tar`);
      writeFileSync(file, Buffer.from(await image.arrayBuffer()));
      return file;
    } finally {
      await handle.close();
    }
  };

  // One after the other: each PGlite holds a few hundred megabytes while it works.
  const migrated = await make('migrated');
  const seeded = await make('seeded');
  project.provide('testDatabaseTemplates', { migrated, seeded });

  return async () => {
    for (const database of made) await database.drop();
    rmSync(work, { recursive: true, force: true });
    rmSync(config.dataDir, { recursive: true, force: true });
  };
}
