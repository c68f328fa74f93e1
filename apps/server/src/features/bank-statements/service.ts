import {
  bankReconciliationDefaultDays,
  type BankBulkConfirm,
  type BankDifferenceKind,
  type BankEntryResolve,
  type BankReconciliationQuery,
} from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { AuditActor } from '../../lib/audit';
import { bankEntries, bankStatements } from '../../db/schema';
import { confirmSuggestions } from './bulk-confirm';
import { createBankRules } from './rules';
import { suggestionsFor } from './suggestions';
import { addDays, utcDay } from '../../lib/days';
import { notFound } from '../../lib/http-errors';
import {
  countDifferences,
  countEntries,
  countStatements,
  findDifferences,
  entryViews,
  findEntries,
  findEntry,
  findStatements,
  moneyReconciliation,
  noCreditCutoff,
  statementView,
  statesOf,
  streamDifferences,
  streamEntries,
} from './repository';
import { resolveEntry } from './entry-resolve';
import { createStatementImport } from './statement-import';
import { matchInTransaction } from './statement-write';

/**
 * Bank statements (issue 48): an upload is read in a worker thread within its caps, kept once by its identity
 * (account, number, period: issue 56), its entries written and its credits matched to paid payments in one
 * transaction; a person resolves what is left, audited.
 */

export function createBankStatementService(app: FastifyInstance, config: Config) {
  const db = app.db;
  const windowDays = config.BANK_MATCH_WINDOW_DAYS;

  async function statement(id: number) {
    const [row] = await findStatements(db, eq(bankStatements.id, id));
    if (!row) throw notFound();
    return statementView(row, (await statesOf(db, [id])).get(id) ?? {});
  }

  const importFile = createStatementImport(db, config, statement);

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

  /** One entry with its links and their evidence (404 for no entry). */
  async function entry(entryId: number) {
    const row = await findEntry(db, entryId);
    if (!row) throw notFound();
    return (await entryViews(db, [row]))[0]!;
  }

  /** The ranked suggestions for a credit (404 for no entry), or the payments a person's search names. */
  async function suggestions(entryId: number, q?: string) {
    const [entry] = await db.select().from(bankEntries).where(eq(bankEntries.id, entryId));
    if (!entry) throw notFound();
    return { results: await suggestionsFor(db, entry, windowDays, q) };
  }

  return {
    importFile,
    entry,
    suggestions,
    /** An administrator's rules for a bank's odd layout, with their dry run. */
    rules: createBankRules(db, windowDays),
    confirmSuggestions: (actor: AuditActor, statementId: number, input: BankBulkConfirm) =>
      confirmSuggestions(db, actor, statementId, input, windowDays),
    list,
    statement,
    entries,
    entriesExport,
    differences,
    differencesExport,
    reconciliation,
    resolve: (actor: AuditActor, entryId: number, input: BankEntryResolve) => resolveEntry(db, actor, entryId, input),
    match: async (statementId: number) => db.transaction((tx) => matchInTransaction(tx, statementId, windowDays)),
  };
}
