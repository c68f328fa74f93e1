import { createHash } from 'node:crypto';
import {
  bankReconciliationDefaultDays,
  bankStatementMaxEntries,
  type BankDifferenceKind,
  type BankEntryResolve,
  type BankReconciliationQuery,
} from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { bankStatements } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { addDays, utcDay } from '../../lib/days';
import { uniqueViolation } from '../../lib/db-errors';
import { fieldErrors, notFound } from '../../lib/http-errors';
import { onDisk } from '../../lib/uploads/upload';
import {
  countDifferences,
  countEntries,
  countStatements,
  findDifferences,
  findEntries,
  findStatements,
  matchStatement,
  moneyReconciliation,
  noCreditCutoff,
  statementView,
  statesOf,
  streamDifferences,
  streamEntries,
} from './repository';
import { resolveEntry } from './entry-resolve';
import { StatementError } from './statement';
import { writeStatement } from './statement-write';
import { readStatementInThread } from './statement-reader-thread';

/**
 * Bank statements (issue 48): an upload is read in a worker thread within its caps, kept once by its content's hash,
 * its entries written and its credits matched to paid payments; a person resolves what is left, audited.
 */

/** A match that lost a race for a payment's link is tried again, then seeing the link (contested). */
const matchAttempts = 3;

export function createBankStatementService(app: FastifyInstance, config: Config) {
  const db = app.db;

  async function statement(id: number) {
    const [row] = await findStatements(db, eq(bankStatements.id, id));
    if (!row) throw notFound();
    return statementView(row, (await statesOf(db, [id])).get(id) ?? {});
  }

  /** Matches a statement's credits, again when a concurrent match took a payment first. */
  async function match(statementId: number) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await db.transaction((tx) => matchStatement(tx, statementId, config.BANK_MATCH_WINDOW_DAYS));
        return;
      } catch (err) {
        if (attempt >= matchAttempts || uniqueViolation(err) !== 'bank_entries_payment_id_key') throw err;
      }
    }
  }

  /** The statement of the file: new (true), or the one this very file made before (false), unchanged. */
  async function importFile(actor: AuditActor, fileName: string, data: Buffer) {
    const contentHash = createHash('sha256').update(data).digest('hex');
    const [known] = await db
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(eq(bankStatements.contentHash, contentHash));
    if (known) return { statement: await statement(known.id), already_imported: true };

    let read;
    try {
      read = await onDisk(data, (path) =>
        readStatementInThread(path, {
          maxEntries: bankStatementMaxEntries,
          memoryMb: config.IMPORT_READ_MEMORY_MB,
          timeoutSeconds: config.IMPORT_READ_TIMEOUT,
        }),
      );
    } catch (err) {
      if (err instanceof StatementError) throw fieldErrors({ file: [err.message] });
      throw err;
    }
    const id = await writeStatement(db, actor, { contentHash, fileName, read });
    if (id === null) {
      const [other] = await db
        .select({ id: bankStatements.id })
        .from(bankStatements)
        .where(eq(bankStatements.contentHash, contentHash));
      return { statement: await statement(other!.id), already_imported: true };
    }
    await match(id);
    return { statement: await statement(id), already_imported: false };
  }

  async function list(page: number, perPage: number) {
    const rows = await findStatements(db, undefined, page, perPage);
    const states = await statesOf(
      db,
      rows.map((row) => row.id),
    );
    return {
      count: await countStatements(db),
      results: rows.map((row) => statementView(row, states.get(row.id) ?? {})),
    };
  }

  async function entries(statementId: number, query: Parameters<typeof findEntries>[2]) {
    await statement(statementId);
    return findEntries(db, statementId, query);
  }

  const cutoff = () => noCreditCutoff(utcDay(), config.BANK_NO_CREDIT_GRACE_DAYS);

  async function differences(filters: Parameters<typeof findDifferences>[2]) {
    return findDifferences(db, cutoff(), filters);
  }

  /** An export of a statement's entries: how many (404 for no statement), then the rows in chunks. */
  const entriesExport = {
    count: async (statementId: number, filters: Parameters<typeof streamEntries>[2]) => {
      await statement(statementId);
      return countEntries(db, statementId, filters);
    },
    rows: (statementId: number, filters: Parameters<typeof streamEntries>[2]) =>
      streamEntries(db, statementId, filters),
  };

  /** An export of the open differences: how many, then the rows in chunks. */
  const differencesExport = {
    count: (kind: BankDifferenceKind | undefined) => countDifferences(db, cutoff(), kind),
    rows: (kind: BankDifferenceKind | undefined) => streamDifferences(db, cutoff(), kind),
  };

  /** The money side of the forms' reconciliation for the query's period (none: the last 31 days to today). */
  async function reconciliation(query: BankReconciliationQuery) {
    const to =
      query.date_to ?? (query.date_from ? addDays(query.date_from, bankReconciliationDefaultDays - 1) : utcDay());
    const from = query.date_from ?? addDays(to, 1 - bankReconciliationDefaultDays);
    return moneyReconciliation(db, from, to, query.region);
  }

  return {
    importFile,
    list,
    statement,
    entries,
    entriesExport,
    differences,
    differencesExport,
    reconciliation,
    resolve: (actor: AuditActor, entryId: number, input: BankEntryResolve) => resolveEntry(db, actor, entryId, input),
    match,
  };
}
