import { importMessages as m, type Import, type ImportOutcome, type ImportKind } from '@dnx/shared';
import { and, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { imports, users } from '../../db/schema';
import type { Config } from '../../config';
import type { AuditActor } from '../../lib/audit';
import { conflict, fieldErrors, HttpError, notFound } from '../../lib/http-errors';
import { onDisk } from '../../lib/uploads/upload';
import { sniffTableFormat, type TableFormat } from '../../lib/spreadsheet/table-reader';
import { applyImport } from './import-apply';
import { checkImport } from './import-check';
import { recoverStaleChecks } from './import-recovery';
import { errorRowsOf, importRowsPage } from './import-rows';

/**
 * Imports (issue 28): the upload keeps the file and queues its check; a worker of any process reads it row by
 * row (flat memory), checks each row and keeps the outcome; the apply, queued too, writes every new and changed row
 * in one transaction, audited with the import's id, or nothing.
 */

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

  /** The imports this process checks now: never taken up by its own recovery, whatever their heartbeat. */
  const checkingHere = new Set<number>();

  app.jobs.handle('imports', async (data) => {
    const id = Number(data.import);
    if (data.action === 'check') await checkImport(app, config, checkingHere, id);
    else if (data.action === 'apply') await applyImport(app, id, data.actor as AuditActor);
  });

  // On start and then every half of IMPORT_STALE_AFTER: the checks a stopped process left are taken up.
  let recovery: NodeJS.Timeout | undefined;
  const recover = () =>
    recoverStaleChecks(app, config, checkingHere).catch((err: unknown) =>
      app.log.warn({ err }, 'taking up stale import checks failed'),
    );
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
      return importRowsPage(db, id, query);
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
    errorRows: (id: number, userId: number) => errorRowsOf(db, id, userId),
  };
}
