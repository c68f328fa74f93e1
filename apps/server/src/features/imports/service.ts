import {
  importMaxCellLength,
  importMaxColumns,
  importMaxRowLength,
  importMaxRows,
  importMaxTextLength,
  importMessages as m,
  openingBalancesKind,
  type Import,
  type ImportCounts,
  type ImportOutcome,
  type ImportKind,
  type ImportRow,
} from '@dnx/shared';
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { importRows, imports, users } from '../../db/schema';
import type { Config } from '../../config';
import type { AuditActor } from '../../lib/audit';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { onDisk } from '../../lib/uploads/upload';
import {
  sniffTableFormat,
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

/**
 * Imports (issue 28): the upload keeps the file and queues its check; a worker of any process reads it row by
 * row (flat memory), checks each row and keeps the outcome; the apply, queued too, writes every new and changed row
 * in one transaction, audited with the import's id, or nothing.
 */

const zero: ImportCounts = { new: 0, changed: 0, unchanged: 0, error: 0 };

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
const maxAttempts = 2;

/**
 * What an upload's content is: xlsx or csv by its bytes, whatever its name; null for anything else (a PDF or an image
 * named .csv, though its first bytes read as text).
 */
export async function formatOf(data: Buffer): Promise<TableFormat | null> {
  const known = await fileTypeFromBuffer(data.subarray(0, 4100));
  if (known && known.ext !== 'xlsx' && known.ext !== 'zip') return null;
  return onDisk(data, sniffTableFormat);
}

export type ImportService = ReturnType<typeof createImportService>;

export function createImportService(app: FastifyInstance, config: Config) {
  const db = app.db;

  const view = (row: Omit<typeof imports.$inferSelect, 'file' | 'header'> & { createdBy: string }): Import => ({
    id: row.id,
    resource: row.resource,
    file_name: row.fileName,
    status: row.status,
    progress: { done: row.done, total: row.total },
    counts: row.counts,
    error: row.error,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    applied_at: row.appliedAt?.toISOString() ?? null,
  });
  // Everything but the file and its header, which only the worker reads.
  const { file: _file, header: _header, ...listed } = getTableColumns(imports);
  const selection = { ...listed, createdBy: users.email };
  const base = () => db.select(selection).from(imports).innerJoin(users, eq(users.id, imports.userId));

  /** The import, when it is `userId`'s (a preview belongs to its maker): 404 otherwise. */
  async function own(id: number, userId: number) {
    const [row] = await base().where(and(eq(imports.id, id), eq(imports.userId, userId)));
    if (!row) throw notFound();
    return row;
  }

  const update = (id: number, values: Partial<typeof imports.$inferInsert>) =>
    db.update(imports).set(values).where(eq(imports.id, id));

  const importerOf = (kind: ImportKind): Promise<Importer> =>
    kind === openingBalancesKind
      ? createOpeningImporter(app, db)
      : kind === 'bus-routes'
        ? createBusRouteImporter(app, db)
        : createResourceImporter(app, db, kind);

  /** The rows a cross-row rule puts in error, and the counts by outcome as the kept rows now stand. */
  async function markErrors(id: number, errors: Map<number, Record<string, string[]>>): Promise<ImportCounts> {
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

  /** The imports this process checks now: never taken up by its own recovery, whatever their heartbeat. */
  const checkingHere = new Set<number>();

  /**
   * The check: the file read in a worker thread (within its bounds and caps, before any row is kept), then every
   * row checked and kept; the counts by outcome. A file that cannot be read, or breaks a bound, fails.
   */
  async function check(id: number) {
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
      const importer = await importerOf(claimed.resource);
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
      const counted = importer.finish ? await markErrors(id, await importer.finish(id)) : counts;
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

  /**
   * Takes up the imports whose check a stopped process left (issue 40): `checking` with no heartbeat for
   * IMPORT_STALE_AFTER. Each is queued again once (its kept rows dropped) or, when its second check was stopped
   * too, failed with the reason. One conditional update per import, so of several processes one takes it up.
   */
  async function recoverStale(): Promise<{ retaken: number[]; failed: number[] }> {
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

  /**
   * The apply: every new and changed row written in one transaction, or none (the import then fails). Its progress
   * is kept on PostgreSQL from another connection; the embedded database has one, which the transaction holds.
   */
  async function apply(id: number, actor: AuditActor) {
    const [row] = await db
      .select({ status: imports.status, resource: imports.resource })
      .from(imports)
      .where(eq(imports.id, id));
    if (row?.status !== 'applying') return;
    const importer = await importerOf(row.resource);
    const progress = async (done: number) => {
      if (app.database.poolStats() !== null) await update(id, { done });
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
      await update(id, { status: 'failed', error: known ? m.changedSince : m.failed, file: null });
    }
  }

  app.jobs.handle('imports', async (data) => {
    const id = Number(data.import);
    if (data.action === 'check') await check(id);
    else if (data.action === 'apply') await apply(id, data.actor as AuditActor);
  });

  // On start and then every half of IMPORT_STALE_AFTER: the checks a stopped process left are taken up.
  let recovery: NodeJS.Timeout | undefined;
  const recover = () =>
    recoverStale().catch((err: unknown) => app.log.warn({ err }, 'taking up stale import checks failed'));
  app.addHook('onReady', async () => {
    await recover();
    recovery = setInterval(() => void recover(), (config.IMPORT_STALE_AFTER * 1000) / 2);
    recovery.unref();
  });
  app.addHook('onClose', async () => clearInterval(recovery));

  return {
    /** Keeps the file and queues its check; a 429 while the user has IMPORTS_PER_USER imports not yet checked. */
    async create(actor: AuditActor, resource: ImportKind, fileName: string, file: Buffer): Promise<Import> {
      const [waiting] = await db
        .select({ n: count() })
        .from(imports)
        .where(and(eq(imports.userId, actor.id), inArray(imports.status, ['queued', 'checking'])));
      if (waiting!.n >= config.IMPORTS_PER_USER)
        throw new HttpError(429, { detail: m.busyUser }, { 'retry-after': String(config.BUSY_RETRY_AFTER) });
      const format = await formatOf(file);
      if (!format) throw fieldErrors({ file: [m.fileType] });
      const [created] = await db
        .insert(imports)
        .values({ userId: actor.id, resource, fileName, format, file })
        .returning({ id: imports.id });
      await app.jobs.send('imports', { import: created!.id, action: 'check' });
      return view(await own(created!.id, actor.id));
    },

    read: async (id: number, userId: number) => view(await own(id, userId)),

    /** The history: every import, the newest first (who, when, which file and list, the counts). */
    async list(page: number, perPage: number) {
      const [total] = await db.select({ n: count() }).from(imports);
      const rows = await base()
        .orderBy(desc(imports.id))
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { count: total!.n, results: rows.map(view) };
    },

    /** The checked rows, by outcome, in the file's order. */
    async rows(id: number, userId: number, query: { outcome?: ImportOutcome; page: number; per_page: number }) {
      await own(id, userId);
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
    },

    /**
     * Queues the apply of a checked import without errors; once: a second apply (or one racing it) is refused, as
     * is one of an import in error or not yet checked.
     */
    async apply(id: number, actor: AuditActor): Promise<Import> {
      const current = await own(id, actor.id);
      if (current.status === 'previewed' && current.counts.error > 0) throw conflict(m.hasErrors(current.counts.error));
      const [claimed] = await db
        .update(imports)
        .set({ status: 'applying', done: 0 })
        .where(and(eq(imports.id, id), eq(imports.status, 'previewed'), sql`(${imports.counts}->>'error')::int = 0`))
        .returning({ id: imports.id });
      if (!claimed) {
        if (current.status === 'queued' || current.status === 'checking') throw conflict(m.notReady);
        throw conflict(m.alreadyApplied);
      }
      await app.jobs.send('imports', { import: id, action: 'apply', actor: { id: actor.id, email: actor.email } });
      return view(await own(id, actor.id));
    },

    /** The rows in error with the file's own columns and a message column: to fix and upload again. */
    async errorRows(id: number, userId: number) {
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
    },
  };
}
