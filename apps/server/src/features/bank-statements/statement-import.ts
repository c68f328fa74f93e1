import { createHash } from 'node:crypto';
import { bankStatementMaxEntries, bankStatementMessages as m, type BankStatement } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { bankStatements } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { conflict, fieldErrors } from '../../lib/http-errors';
import { onDisk } from '../../lib/uploads/upload';
import { StatementError } from './statement';
import { sameMoney, statementIdentity } from './statement-identity';
import { readStatementInThread, type ReadStatement } from './statement-reader-thread';
import { factsOf, finishStatement, writeStatement } from './statement-write';

/**
 * An upload of a statement (issue 48, issue 56): the very same file, or the same statement (account, number, period)
 * in other bytes, is the statement kept (200 already_imported; its matching finished if it never ran); the same
 * identity with other money is a 409; else it is read in its thread, stored and matched in one transaction.
 */
export function createStatementImport(db: Database, config: Config, statement: (id: number) => Promise<BankStatement>) {
  const windowDays = config.BANK_MATCH_WINDOW_DAYS;

  /** A kept statement answered as imported before: its matching finished first if it never ran (issue 56). */
  async function keptStatement(id: number) {
    await finishStatement(db, id, windowDays);
    return { statement: await statement(id), already_imported: true };
  }

  /** The kept statement of the read's identity: the same money is the same statement, other money a 409. */
  async function byIdentity(read: ReadStatement) {
    const facts = factsOf(read);
    const [kept] = await db
      .select()
      .from(bankStatements)
      .where(eq(bankStatements.identity, statementIdentity(facts)));
    if (!kept) return null;
    if (!sameMoney({ ...kept, entryCount: kept.entryCount }, facts)) throw conflict(m.otherContent(facts.number));
    return keptStatement(kept.id);
  }

  /**
   * The statement of the file: new (true), or the one kept before (false): the very same file, or the same
   * statement (account, number, period) in other bytes. Stored and matched in one transaction.
   */
  async function importFile(actor: AuditActor, fileName: string, data: Buffer) {
    const contentHash = createHash('sha256').update(data).digest('hex');
    const [known] = await db
      .select({ id: bankStatements.id })
      .from(bankStatements)
      .where(eq(bankStatements.contentHash, contentHash))
      .orderBy(bankStatements.id)
      .limit(1);
    if (known) return keptStatement(known.id);

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
    const before = await byIdentity(read);
    if (before) return before;
    const id = await writeStatement(db, actor, { contentHash, fileName, read }, windowDays);
    // Written meanwhile by a concurrent upload of the same statement: the unique index waited for its commit.
    if (id === null) return (await byIdentity(read))!;
    return { statement: await statement(id), already_imported: false };
  }

  return importFile;
}
