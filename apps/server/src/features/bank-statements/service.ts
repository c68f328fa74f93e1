import { createHash } from 'node:crypto';
import {
  bankReconciliationDefaultDays,
  bankStatementMaxEntries,
  bankStatementMessages as m,
  moneyToDecimal,
  type BankDifferenceKind,
  type BankEntryResolve,
  type BankReconciliationQuery,
  type BankMatchState,
} from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { bankEntries, bankStatements } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { insertAsJson } from '../../lib/bulk-insert';
import { addDays, utcDay } from '../../lib/days';
import { uniqueViolation } from '../../lib/db-errors';
import { conflict, fieldErrors, notFound } from '../../lib/http-errors';
import { onDisk } from '../../lib/uploads/upload';
import {
  countDifferences,
  countEntries,
  countStatements,
  entryView,
  findDifferences,
  findEntries,
  findEntry,
  findPaidPayment,
  findStatements,
  matchStatement,
  moneyReconciliation,
  noCreditCutoff,
  statementView,
  statesOf,
  streamDifferences,
  streamEntries,
} from './repository';
import { StatementError } from './statement';
import { readStatementInThread } from './statement-reader-thread';

/**
 * Bank statements (issue 48): an upload is read in a worker thread within its caps, kept once by its content's hash,
 * its entries written and its credits matched to paid payments; a person resolves what is left, audited.
 */

const entryBatch = 5_000;
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
    const parsed = read.statement;
    const id = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(bankStatements)
        .values({
          contentHash,
          format: parsed.format,
          fileName,
          account: parsed.account,
          number: parsed.number,
          currency: parsed.currency,
          fromDate: parsed.fromDate,
          toDate: parsed.toDate,
          openingBalance: moneyToDecimal(parsed.opening),
          closingBalance: moneyToDecimal(parsed.closing),
          creditsTotal: moneyToDecimal(read.credits),
          debitsTotal: moneyToDecimal(read.debits),
          entryCount: parsed.entries.length,
          createdBy: actor.id,
        })
        // The same file uploaded twice at once: one statement, the other upload answers it.
        .onConflictDoNothing({ target: bankStatements.contentHash })
        .returning({ id: bankStatements.id });
      if (!created) return null;
      for (let at = 0; at < parsed.entries.length; at += entryBatch) {
        await insertAsJson(
          tx,
          bankEntries,
          parsed.entries.slice(at, at + entryBatch).map((entry, i) => ({
            statementId: created.id,
            position: at + i + 1,
            bookingDate: entry.bookingDate,
            direction: entry.direction,
            amount: moneyToDecimal(entry.amount),
            reference: entry.reference,
            payerCode: entry.payerCode,
            payerName: entry.payerName,
            bankReference: entry.bankReference,
            matchState: entry.direction === 'credit' ? 'no_payment' : null,
          })),
        );
      }
      await recordAudit(tx, {
        actor,
        action: 'create',
        resource: 'bankstatement',
        recordId: created.id,
        after: { file_name: fileName, format: parsed.format, account: parsed.account, number: parsed.number },
      });
      return created.id;
    });
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

  /** A person's resolution of a credit left unmatched: linked to a paid payment, or not ours; audited. */
  async function resolve(actor: AuditActor, entryId: number, input: BankEntryResolve) {
    const before = await findEntry(db, entryId);
    if (!before) throw notFound();
    if (before.direction !== 'credit') throw conflict(m.notCredit);
    if (before.matchState === 'matched') throw conflict(m.alreadyResolved);
    let state: BankMatchState = 'not_ours';
    let paymentId: number | null = null;
    if (input.action === 'link') {
      const payment = await findPaidPayment(db, input.payment_id!);
      if (!payment) throw fieldErrors({ payment_id: [m.paymentNotPaid] });
      state = 'matched';
      paymentId = payment.id;
    }
    try {
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(bankEntries)
          .set({
            matchState: state,
            paymentId,
            claimedPaymentId: paymentId ?? before.claimedPaymentId,
            resolutionReason: input.reason,
            resolvedBy: actor.id,
            resolvedAt: new Date(),
          })
          .where(eq(bankEntries.id, entryId))
          .returning();
        await recordAudit(tx, {
          actor,
          action: 'update',
          resource: 'bankstatement',
          recordId: entryId,
          before: { match_state: before.matchState, payment_id: before.paymentId },
          after: { match_state: updated!.matchState, payment_id: updated!.paymentId, reason: input.reason },
          detail: { statement_id: before.statementId },
        });
      });
    } catch (err) {
      if (uniqueViolation(err) === 'bank_entries_payment_id_key') throw conflict(m.paymentTaken);
      throw err;
    }
    return entryView((await findEntry(db, entryId))!);
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
    resolve,
    match,
  };
}
