import { createHash } from 'node:crypto';
import { moneyToDecimal, parseMoney } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { insertAsJson } from '../lib/bulk-insert';
import { bankEntries, bankStatements, users } from '../db/schema';
import { statementIdentity } from '../features/bank-statements/statement-identity';
import { entryRow, matchInTransaction } from '../features/bank-statements/statement-write';
import { demoStatementDrafts, demoStatementFiles } from '../features/bank-statements/demo-files';
import { draftTexts } from '../features/bank-statements/statement-files';

/**
 * The demo year's bank statements (issue 48, `features/bank-statements/demo-files.ts`), kept as imported (the hash
 * is of the file the format's writer gives), matched as an import matches.
 */

export async function seedDemoBankStatements(db: Database): Promise<void> {
  const [any] = await db.select({ id: bankStatements.id }).from(bankStatements).limit(1);
  if (any) return;
  const [central] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'central@demo.az'));
  const drafts = await demoStatementDrafts(db);
  for (const [i, draft] of drafts.entries()) {
    const { format, write, name } = demoStatementFiles[i]!;
    const file = write(draft);
    const sum = (direction: 'credit' | 'debit') =>
      draft.entries.filter((e) => e.direction === direction).reduce((total, e) => total + parseMoney(e.amount), 0n);
    const facts = {
      account: draft.account,
      number: draft.number,
      fromDate: draft.from,
      toDate: draft.to,
      openingBalance: draft.opening,
      closingBalance: draft.closing,
      creditsTotal: moneyToDecimal(sum('credit')),
      debitsTotal: moneyToDecimal(sum('debit')),
      entryCount: draft.entries.length,
    };
    await db.transaction(async (tx) => {
      const [statement] = await tx
        .insert(bankStatements)
        .values({
          ...facts,
          identity: statementIdentity(facts),
          contentHash: createHash('sha256').update(file).digest('hex'),
          format,
          fileName: name,
          currency: 'AZN',
          createdBy: central?.id ?? null,
        })
        .returning({ id: bankStatements.id });
      if (draft.entries.length > 0)
        await insertAsJson(
          tx,
          bankEntries,
          draft.entries.map((entry, position) =>
            entryRow(statement!.id, position + 1, {
              bookingDate: entry.date,
              direction: entry.direction,
              amount: entry.amount,
              reference: entry.reference,
              payerCode: entry.payerCode ?? '',
              payerName: entry.payerName ?? '',
              bankReference: entry.bankReference ?? '',
              payerAccount: entry.payerAccount ?? '',
              texts: draftTexts(entry),
            }),
          ),
        );
      await matchInTransaction(tx, statement!.id, 10);
    });
  }
}
