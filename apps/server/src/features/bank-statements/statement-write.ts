import { moneyToDecimal } from '@dnx/shared';
import type { Database } from '../../db/client';
import { bankEntries, bankStatements } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { insertAsJson } from '../../lib/bulk-insert';
import type { readStatementInThread } from './statement-reader-thread';

/** Entries are written this many to a statement. */
const entryBatch = 5_000;

/**
 * A statement read from a file, written with its entries (credits waiting for their match) and audited, in one
 * transaction; null when the same file was written meanwhile by another upload (its content hash is unique).
 */
export async function writeStatement(
  db: Database,
  actor: AuditActor,
  {
    contentHash,
    fileName,
    read,
  }: { contentHash: string; fileName: string; read: Awaited<ReturnType<typeof readStatementInThread>> },
): Promise<number | null> {
  const parsed = read.statement;
  return db.transaction(async (tx) => {
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
}
