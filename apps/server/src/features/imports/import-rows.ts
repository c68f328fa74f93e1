import { type ImportOutcome, type ImportRow } from '@dnx/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { importRows, imports } from '../../db/schema';
import { notFound } from '../../lib/http-errors';

/** The checked rows, by outcome, in the file's order. */
export async function importRowsPage(
  db: Database,
  id: number,
  query: { outcome?: ImportOutcome; page: number; per_page: number },
) {
  const where = and(eq(importRows.importId, id), query.outcome ? eq(importRows.outcome, query.outcome) : undefined);
  const [total] = await db.select({ n: count() }).from(importRows).where(where);
  const rows = await db
    .select()
    .from(importRows)
    .where(where)
    .orderBy(asc(importRows.row))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const results: ImportRow[] = rows.map((r) => ({
    row: r.row,
    outcome: r.outcome,
    key: r.key,
    changes: r.changes,
    errors: r.errors,
  }));
  return { count: total!.n, results };
}

/** The rows in error with the file's own columns and a message column: to fix and upload again. */
export async function errorRowsOf(db: Database, id: number, userId: number) {
  const [found] = await db
    .select({ header: imports.header })
    .from(imports)
    .where(and(eq(imports.id, id), eq(imports.userId, userId)));
  if (!found) throw notFound();
  const rows = await db
    .select({ row: importRows.row, cells: importRows.cells, errors: importRows.errors })
    .from(importRows)
    .where(and(eq(importRows.importId, id), eq(importRows.outcome, 'error')))
    .orderBy(asc(importRows.row));
  return { header: found.header ?? [], rows };
}
