import { createHash } from 'node:crypto';
import { moneyToDecimal, parseMoney } from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { insertAsJson } from '../lib/bulk-insert';
import { bankEntries, bankStatements, users } from '../db/schema';
import { matchStatement } from '../features/bank-statements/repository';
import {
  camt053,
  closingOf,
  mt940,
  statementCsv,
  type DraftEntry,
  type StatementDraft,
} from '../features/bank-statements/statement-files';

/**
 * The demo year's bank statements (issue 48): the year's paid payments credited in three statements, one of each
 * format, with differences of each kind on purpose in each: a credit of another amount, one of a receipt no payment
 * has, two credits of one payment, and a paid payment left without a credit. Kept as imported (the hash is of the
 * file the format's writer gives), matched as an import matches.
 */

const formats = [
  { format: 'camt053', write: (d: StatementDraft) => camt053(d, '08'), name: 'demo-camt053.xml' },
  { format: 'mt940', write: mt940, name: 'demo-mt940.sta' },
  { format: 'csv', write: statementCsv, name: 'demo-statement.csv' },
] as const;

interface Paid {
  id: number;
  receipt: string;
  day: string;
  voen: string;
  name: string;
  total: string;
}

/** The drafts of the demo's statements, from its paid payments: the same on every run. */
export async function demoStatementDrafts(db: Database): Promise<StatementDraft[]> {
  const paid = (
    (await db.execute(sql`
      select id, payment_receipt_number as receipt, to_char(payment_receipt_date, 'YYYY-MM-DD') as day,
        owner_code as voen, owner_name as name, total::text as total
      from payments where status = 3 and total > 0 order by payment_receipt_date, id`)) as unknown as { rows: Paid[] }
  ).rows;
  return formats.map((_, group) => {
    const mine = paid.filter((_, i) => i % formats.length === group);
    const entries: DraftEntry[] = [];
    mine.forEach((payment, i) => {
      // The fourth is left without a credit (no_credit once the grace is over).
      if (i === 3) return;
      const entry: DraftEntry = {
        date: payment.day,
        direction: 'credit',
        amount: payment.total,
        reference: payment.receipt,
        payerCode: payment.voen,
        payerName: payment.name,
        bankReference: `DEMO${group}-${i}`,
      };
      // The second is credited 5 manat short.
      if (i === 1 && parseMoney(payment.total) > 500n) entry.amount = moneyToDecimal(parseMoney(payment.total) - 500n);
      entries.push(entry);
      // The third is credited twice (contested).
      if (i === 2) entries.push({ ...entry, bankReference: `DEMO${group}-${i}b` });
    });
    const first = mine[0]?.day ?? '2026-01-01';
    const last = mine.at(-1)?.day ?? first;
    entries.push(
      {
        date: last,
        direction: 'credit',
        amount: '42.00',
        reference: `DEMO-NAMƏLUM-${group + 1}`,
        payerCode: '1700000001',
        payerName: 'Naməlum ödəyici',
        bankReference: `DEMO${group}-x`,
      },
      { date: last, direction: 'debit', amount: '3.50', reference: 'Bank xidməti', bankReference: `DEMO${group}-fee` },
    );
    entries.sort((a, b) => a.date.localeCompare(b.date));
    const opening = '25000.00';
    return {
      account: 'AZ21NABZ00000000137010001944',
      number: `DEMO-${group + 1}`,
      from: first,
      to: last,
      opening,
      closing: closingOf(opening, entries),
      entries,
    };
  });
}

export async function seedDemoBankStatements(db: Database): Promise<void> {
  const [any] = await db.select({ id: bankStatements.id }).from(bankStatements).limit(1);
  if (any) return;
  const [central] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'central@demo.az'));
  const drafts = await demoStatementDrafts(db);
  for (const [i, draft] of drafts.entries()) {
    const { format, write, name } = formats[i]!;
    const file = write(draft);
    const sum = (direction: 'credit' | 'debit') =>
      draft.entries.filter((e) => e.direction === direction).reduce((total, e) => total + parseMoney(e.amount), 0n);
    await db.transaction(async (tx) => {
      const [statement] = await tx
        .insert(bankStatements)
        .values({
          contentHash: createHash('sha256').update(file).digest('hex'),
          format,
          fileName: name,
          account: draft.account,
          number: draft.number,
          currency: 'AZN',
          fromDate: draft.from,
          toDate: draft.to,
          openingBalance: draft.opening,
          closingBalance: draft.closing,
          creditsTotal: moneyToDecimal(sum('credit')),
          debitsTotal: moneyToDecimal(sum('debit')),
          entryCount: draft.entries.length,
          createdBy: central?.id ?? null,
        })
        .returning({ id: bankStatements.id });
      if (draft.entries.length > 0)
        await insertAsJson(
          tx,
          bankEntries,
          draft.entries.map((entry, position) => ({
            statementId: statement!.id,
            position: position + 1,
            bookingDate: entry.date,
            direction: entry.direction,
            amount: entry.amount,
            reference: entry.reference,
            payerCode: entry.payerCode ?? '',
            payerName: entry.payerName ?? '',
            bankReference: entry.bankReference ?? '',
            matchState: entry.direction === 'credit' ? 'no_payment' : null,
          })),
        );
      await matchStatement(tx, statement!.id, 10);
    });
  }
}
