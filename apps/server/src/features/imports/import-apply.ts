import { importMessages as m } from '@dnx/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importRows, imports } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { HttpError } from '../../lib/http-errors';

import { importerOf } from './import-check';

/**
 * The apply: every new and changed row written in one transaction, or none (the import then fails). Its progress
 * is kept on PostgreSQL from another connection; the embedded database has one, which the transaction holds.
 */
export async function applyImport(app: FastifyInstance, id: number, actor: AuditActor) {
  const db = app.db;
  const update = (values: Partial<typeof imports.$inferInsert>) =>
    db.update(imports).set(values).where(eq(imports.id, id));
  const [row] = await db
    .select({ status: imports.status, resource: imports.resource })
    .from(imports)
    .where(eq(imports.id, id));
  if (row?.status !== 'applying') return;
  const importer = await importerOf(app, row.resource);
  const progress = async (done: number) => {
    if (app.database.poolStats() !== null) await update({ done });
  };
  try {
    await db.transaction(async (tx) => {
      await importer.apply(tx, id, actor, progress);
      const [{ n }] = (await tx
        .select({ n: count() })
        .from(importRows)
        .where(and(eq(importRows.importId, id), inArray(importRows.outcome, ['new', 'changed'])))) as [{ n: number }];
      await tx
        .update(imports)
        .set({ status: 'applied', appliedAt: sql`now()`, file: null, done: n })
        .where(eq(imports.id, id));
    });
  } catch (err) {
    // A record changed, taken or removed since the check: nothing was written.
    const known = err instanceof HttpError;
    if (!known) app.log.error({ err, importId: id }, 'import apply failed');
    await update({ status: 'failed', error: known ? m.changedSince : m.failed, file: null });
  }
}
