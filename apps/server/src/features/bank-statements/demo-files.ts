import { moneyToDecimal, parseMoney, type BankStatementFormat } from '@dnx/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  camt053,
  closingOf,
  latinOf,
  mt940,
  statementCsv,
  type DraftEntry,
  type StatementDraft,
} from './statement-files';

/**
 * The demo's bank statements (issue 48), written from the demo year's paid payments: three, one of each format, with
 * differences of each kind on purpose in each: a credit of another amount, one of a receipt no payment has, two
 * credits of one payment, and a paid payment left without a credit; most credits in free text as payers write it, and
 * four for a person to confirm from the suggestions (issue 57). The seed keeps them as imported; an administrator
 * downloads the same files (`GET /api/bank-statements/demo-file/?format=`) to upload them by hand.
 */

export const demoStatementFiles = [
  { format: 'camt053', write: (d: StatementDraft) => camt053(d, '08'), name: 'demo-camt053.xml' },
  { format: 'mt940', write: mt940, name: 'demo-mt940.sta' },
  { format: 'csv', write: statementCsv, name: 'demo-statement.csv' },
] as const satisfies readonly {
  format: BankStatementFormat;
  name: string;
  write: (draft: StatementDraft) => string;
}[];

/**
 * What the payer wrote (issue 57), by the credit's place: mostly free text the matching links by itself (the receipt
 * among words and the VÖEN, lower case and spaced, after `№` with a slash), and a few for a person, from the
 * suggestions: a receipt one letter off, and the payer's name alone, in Latin capitals.
 */
function freeText(payment: Paid, i: number): Partial<DraftEntry> {
  const forPerson = i < 16;
  switch (i % 6) {
    case 0:
      return { reference: `ödəniş ${payment.receipt} VOEN ${payment.voen}`, payerCode: '' };
    case 1:
      return { reference: payment.receipt.toLowerCase().replace(/-/g, ' ') };
    case 2:
      return { reference: `sadələşdirilmiş vergi, qəbz №${payment.receipt.replace(/-0*/g, '/')}` };
    case 4:
      return forPerson ? { reference: `qəbz X${payment.receipt.slice(1)}`, payerCode: '', payerName: '' } : {};
    case 5:
      return forPerson ? { reference: 'dövlət rüsumu', payerCode: '', payerName: latinOf(payment.name) } : {};
    default:
      return {};
  }
}

interface Paid {
  id: number;
  receipt: string;
  day: string;
  voen: string;
  name: string;
  total: string;
}

/**
 * The drafts of the demo's statements, from its paid payments: the same on every run. Only the payments kept when the
 * demo's statements were (all of them before the seed keeps its statements): a payment made since would change a
 * statement's money under the same number and period, which is refused as another statement's (409).
 */
export async function demoStatementDrafts(db: Executor): Promise<StatementDraft[]> {
  const paid = (
    (await db.execute(sql`
      select id, payment_receipt_number as receipt, to_char(payment_receipt_date, 'YYYY-MM-DD') as day,
        owner_code as voen, owner_name as name, total::text as total
      from payments
      where status = 3 and total > 0
        and created_at <= coalesce((select min(created_at) from bank_statements where number = 'DEMO-1'), 'infinity')
      order by payment_receipt_date, id`)) as unknown as { rows: Paid[] }
  ).rows;
  return demoStatementFiles.map((_, group) => {
    const mine = paid.filter((_, i) => i % demoStatementFiles.length === group);
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
      if (i > 3) Object.assign(entry, freeText(payment, i));
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

/** The demo's statement of a format as its file, or null when the database has not the demo's statements. */
export async function demoStatementFile(db: Executor, format: BankStatementFormat) {
  const seeded = (await db.execute(
    sql`select 1 from bank_statements where number = 'DEMO-1' and file_name = ${demoStatementFiles[0].name} limit 1`,
  )) as unknown as { rows: unknown[] };
  if (seeded.rows.length === 0) return null;
  const index = demoStatementFiles.findIndex((file) => file.format === format);
  const { name, write } = demoStatementFiles[index]!;
  const draft = (await demoStatementDrafts(db))[index]!;
  return { name, content: write(draft) };
}
