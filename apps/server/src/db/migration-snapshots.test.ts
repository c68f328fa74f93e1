import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { describe, expect, it } from 'vitest';
import * as schema from './schema';

const meta = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', 'meta');
const journal = JSON.parse(readFileSync(path.join(meta, '_journal.json'), 'utf8')) as {
  entries: { idx: number; tag: string }[];
};
const snapshotOf = (idx: number) =>
  JSON.parse(
    readFileSync(path.join(meta, `${String(idx).padStart(4, '0')}_snapshot.json`), 'utf8'),
  ) as DrizzleSnapshotJSON;

/**
 * drizzle-kit's view of the migrations (issue 44): every migration has its snapshot, in one chain, and the newest is
 * the schema as it is, so `drizzle-kit check` passes and `npm run db:generate` writes a migration only for a change
 * made after it. Hand-written SQL drizzle does not model (triggers, functions, expression and trigram indexes) is
 * not in the snapshots; the tables and columns those migrations make are. In-process, as `drizzle-kit generate` does.
 */
describe('the drizzle snapshots', () => {
  it('has a snapshot for every migration, each following the one before', () => {
    let previous: string | null = null;
    for (const entry of journal.entries) {
      const snapshot = snapshotOf(entry.idx);
      if (previous !== null) expect(snapshot.prevId, entry.tag).toBe(previous);
      previous = snapshot.id;
    }
  });

  it('ends at the schema as it is: generating a migration now writes nothing', async () => {
    const newest = snapshotOf(journal.entries.at(-1)!.idx);
    const current = generateDrizzleJson(schema, newest.id, undefined, 'snake_case');
    expect(await generateMigration(newest, current)).toEqual([]);
  });
});
