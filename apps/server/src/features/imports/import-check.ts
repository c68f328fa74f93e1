import {
  importMaxCellLength,
  importMaxColumns,
  importMaxRowLength,
  importMaxRows,
  importMaxTextLength,
  importMessages as m,
  openingBalancesKind,
  type ImportCounts,
  type ImportKind,
} from '@dnx/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { importRows, imports } from '../../db/schema';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-errors';
import { onDisk } from '../../lib/uploads/upload';
import {
  TableBoundError,
  TableTooLargeError,
  TableUnreadableError,
  type TableBound,
  type TableFormat,
} from '../../lib/spreadsheet/table-reader';
import { readTableInThread, TableReadLimitError } from '../../lib/spreadsheet/table-reader-thread';
import { createBusRouteImporter } from './bus-routes';
import { createResourceImporter } from './checker';
import { importBatchSize as batchSize, type CheckedRow, type Importer } from './importer';
import { createOpeningImporter } from './opening';

/** The counts of an import before any row is checked. */
export const zero: ImportCounts = { new: 0, changed: 0, unchanged: 0, error: 0 };

/** What an import's file may expand to (packages/shared), checked as it is read. */
const tableLimits = {
  maxRows: importMaxRows,
  maxCellLength: importMaxCellLength,
  maxRowLength: importMaxRowLength,
  maxColumns: importMaxColumns,
  maxTextLength: importMaxTextLength,
};

const boundMessages: Record<TableBound, string> = {
  cell: m.cellTooLong,
  row: m.rowTooLong,
  columns: m.tooManyColumns,
  text: m.textTooLarge,
  unpacked: m.unpackedTooLarge,
};

/** Why a check failed, in the words the import keeps; null for a failure of ours (logged), not the file's. */
function fileFault(err: unknown): string | null {
  if (err instanceof HttpError) return String(err.body.detail);
  if (err instanceof TableTooLargeError) return m.tooManyRows;
  if (err instanceof TableBoundError) return boundMessages[err.bound];
  if (err instanceof TableReadLimitError)
    return err.limit === 'time' ? m.readTooSlow(err.value) : m.readTooLarge(err.value);
  if (err instanceof TableUnreadableError) return m.fileUnreadable;
  return null;
}

/** A checked import is never taken up a third time: the file itself may be what stops the server. */
export const maxAttempts = 2;

/** The list's importer of a kind: the opening balances, the bus routes, or a reference list's. */
export const importerOf = (app: FastifyInstance, kind: ImportKind): Promise<Importer> =>
  kind === openingBalancesKind
    ? createOpeningImporter(app, app.db)
    : kind === 'bus-routes'
      ? createBusRouteImporter(app, app.db)
      : createResourceImporter(app, app.db, kind);

/** The rows a cross-row rule puts in error, and the counts by outcome as the kept rows now stand. */
async function markErrors(
  db: Database,
  id: number,
  errors: Map<number, Record<string, string[]>>,
): Promise<ImportCounts> {
  for (const [row, messages] of errors)
    await db
      .update(importRows)
      .set({ outcome: 'error', errors: messages })
      .where(and(eq(importRows.importId, id), eq(importRows.row, row)));
  const byOutcome = await db
    .select({ outcome: importRows.outcome, n: count() })
    .from(importRows)
    .where(eq(importRows.importId, id))
    .groupBy(importRows.outcome);
  return { ...zero, ...Object.fromEntries(byOutcome.map((r) => [r.outcome, r.n])) };
}

/**
 * The check: the file read in a worker thread (within its bounds and caps, before any row is kept), then every
 * row checked and kept; the counts by outcome. A file that cannot be read, or breaks a bound, fails.
 */
export async function checkImport(app: FastifyInstance, config: Config, checkingHere: Set<number>, id: number) {
  const db = app.db;
  const [claimed] = await db
    .update(imports)
    .set({ status: 'checking', heartbeatAt: sql`now()`, attempts: sql`${imports.attempts} + 1` })
    .where(and(eq(imports.id, id), eq(imports.status, 'queued')))
    .returning();
  if (!claimed?.file) return;
  checkingHere.add(id);
  // This check's claim: a write after another process took the import up (this one stalled) changes nothing.
  const mine = and(eq(imports.id, id), eq(imports.status, 'checking'), eq(imports.attempts, claimed.attempts));
  const finish = (values: PgUpdateSetSource<typeof imports>) =>
    db.update(imports).set(values).where(mine).returning({ id: imports.id });
  const heartbeat = setInterval(
    () => void finish({ heartbeatAt: sql`now()` }).catch(() => {}),
    (config.IMPORT_STALE_AFTER * 1000) / 4,
  );
  heartbeat.unref();
  const counts = { ...zero };
  try {
    const importer = await importerOf(app, claimed.resource);
    await onDisk(claimed.file, async (path) => {
      let columns: Map<string, number> | null = null;
      const seen = new Map<string, number>();
      let batch: CheckedRow[] = [];
      let line = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await db.insert(importRows).values(
          batch.map((r) => ({
            importId: id,
            row: r.row,
            outcome: r.outcome,
            key: r.key,
            recordId: r.recordId,
            recordVersion: r.recordVersion,
            values: r.values,
            changes: r.changes,
            errors: r.errors,
            cells: r.cells,
          })),
        );
        await finish({ done: line - 1, counts, heartbeatAt: sql`now()` });
        batch = [];
      };
      const rows = readTableInThread(path, claimed.format as TableFormat, {
        limits: tableLimits,
        memoryMb: config.IMPORT_READ_MEMORY_MB,
        timeoutSeconds: config.IMPORT_READ_TIMEOUT,
      });
      for await (const cells of rows) {
        line += 1;
        if (columns === null) {
          const found = importer.columnsOf(cells);
          if (typeof found === 'string') throw new HttpError(400, { detail: found });
          columns = found;
          await finish({ header: cells });
          continue;
        }
        const checked = await importer.check(cells, line, columns, seen);
        counts[checked.outcome] += 1;
        batch.push(checked);
        if (batch.length >= batchSize) await flush();
      }
      await flush();
      if (line <= 1) throw new HttpError(400, { detail: m.noRows });
    });
    const counted = importer.finish ? await markErrors(db, id, await importer.finish(id)) : counts;
    await finish({
      status: 'previewed',
      counts: counted,
      total: Object.values(counted).reduce((a, b) => a + b, 0),
    });
  } catch (err) {
    const fault = fileFault(err);
    if (fault === null) app.log.error({ err, importId: id }, 'import check failed');
    else if (err instanceof TableBoundError || err instanceof TableReadLimitError)
      app.log.warn({ importId: id, bound: err.message }, 'import refused: the file breaks a bound');
    const [still] = await finish({ status: 'failed', error: fault ?? m.failed, counts: zero, file: null });
    if (still) await db.delete(importRows).where(eq(importRows.importId, id));
  } finally {
    clearInterval(heartbeat);
    checkingHere.delete(id);
  }
}
