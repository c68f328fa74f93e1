import { importMessages as m } from '@dnx/shared';
import { and, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importRows, imports } from '../../db/schema';
import type { Config } from '../../config';

import { maxAttempts, zero } from './import-check';

/**
 * Takes up the imports whose check a stopped process left (issue 40): `checking` with no heartbeat for
 * IMPORT_STALE_AFTER. Each is queued again once (its kept rows dropped) or, when its second check was stopped
 * too, failed with the reason. One conditional update per import, so of several processes one takes it up.
 */
export async function recoverStaleChecks(
  app: FastifyInstance,
  config: Config,
  checkingHere: Set<number>,
): Promise<{ retaken: number[]; failed: number[] }> {
  const db = app.db;
  const stale = and(
    eq(imports.status, 'checking'),
    lt(imports.heartbeatAt, sql`now() - make_interval(secs => ${config.IMPORT_STALE_AFTER})`),
    checkingHere.size > 0 ? notInArray(imports.id, [...checkingHere]) : undefined,
  );
  const failed = await db
    .update(imports)
    .set({ status: 'failed', error: m.interrupted, counts: zero, file: null })
    .where(and(stale, gte(imports.attempts, maxAttempts)))
    .returning({ id: imports.id });
  const retaken = await db
    .update(imports)
    .set({ status: 'queued', done: 0, header: null, counts: zero, heartbeatAt: null })
    .where(and(stale, lt(imports.attempts, maxAttempts)))
    .returning({ id: imports.id });
  const ids = [...failed, ...retaken].map((row) => row.id);
  if (ids.length > 0) await db.delete(importRows).where(inArray(importRows.importId, ids));
  for (const { id } of retaken) await app.jobs.send('imports', { import: id, action: 'check' });
  if (ids.length > 0)
    app.log.warn({ retaken: retaken.map((r) => r.id), failed: failed.map((r) => r.id) }, 'stale import checks');
  return { retaken: retaken.map((r) => r.id), failed: failed.map((r) => r.id) };
}
