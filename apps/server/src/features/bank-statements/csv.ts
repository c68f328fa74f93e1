import { bankStatementMessages as m } from '@dnx/shared';
import { readTable } from '../../lib/spreadsheet/table-reader';
import {
  checkedDay,
  parseAmount,
  shownCurrency,
  StatementError,
  type ParsedEntry,
  type ParsedStatement,
} from './statement';

/**
 * The documented CSV (docs/operations.md "Bank statements"): UTF-8, comma or semicolon, a header naming the columns
 * in any order: `type` (opening, credit, debit, closing), `date` (yyyy-mm-dd), `amount` (a point or a comma, two
 * decimals at most; a balance may be below zero), and optionally `account`, `number`, `currency` (AZN when absent),
 * `reference` (the receipt's number, or what the payer wrote), `payer_voen`, `payer_name`, `bank_reference`, and
 * (issue 57) `details` (the payment's details, free text) and `payer_account`. One opening and one closing row.
 * Read by the imports' table reader, within the same bounds. Every row is of the first row's account and currency
 * (issue 56): a row that names another is refused with its line.
 */

export const csvColumns = [
  'account',
  'number',
  'currency',
  'type',
  'date',
  'amount',
  'reference',
  'payer_voen',
  'payer_name',
  'bank_reference',
  'details',
  'payer_account',
] as const;

export function isStatementCsv(head: string): boolean {
  const first = head
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/, 1)[0]!
    .toLowerCase();
  const names = first.split(/[;,]/).map((name) => name.trim().replace(/^"|"$/g, ''));
  return ['type', 'date', 'amount'].every((name) => names.includes(name));
}

function signed(value: string): bigint {
  const text = value.trim();
  return text.startsWith('-') ? -parseAmount(text.slice(1)) : parseAmount(text);
}

export async function readStatementCsv(path: string, maxEntries: number): Promise<ParsedStatement> {
  let header: string[] | null = null;
  const entries: ParsedEntry[] = [];
  let opening: { day: string; amount: bigint } | null = null;
  let closing: { day: string; amount: bigint } | null = null;
  const statement = { account: '', number: '', currency: '' };
  const limits = { maxRows: maxEntries + 2, maxCellLength: 1000, maxRowLength: 10_000, maxColumns: 50 };
  let line = 0;
  for await (const row of readTable(path, 'csv', limits)) {
    line += 1;
    if (!header) {
      header = row.map((cell) => cell.trim().toLowerCase());
      continue;
    }
    const cell = (name: (typeof csvColumns)[number]) => {
      const at = header!.indexOf(name);
      return at < 0 ? '' : (row[at] ?? '').trim();
    };
    const [account, currency, number] = [cell('account'), cell('currency').toUpperCase(), cell('number')];
    if (account !== '' && statement.account !== '' && account !== statement.account)
      throw new StatementError(m.lineAccount(line));
    // Rows of several statements are not one (camt.053 and MT940 refuse a file of two as well).
    if (number !== '' && statement.number !== '' && number !== statement.number)
      throw new StatementError(m.lineNumber(line));
    if (currency !== '' && statement.currency !== '' && currency !== statement.currency)
      throw new StatementError(m.lineCurrency(line, shownCurrency(currency), statement.currency));
    statement.account ||= account;
    statement.currency ||= currency;
    statement.number ||= number;
    const type = cell('type').toLowerCase();
    const date = checkedDay(cell('date'));
    if (type === 'opening' || type === 'closing') {
      if ((type === 'opening' ? opening : closing) !== null) throw new StatementError(m.oneStatement);
      const balance = { day: date, amount: signed(cell('amount')) };
      if (type === 'opening') opening = balance;
      else closing = balance;
    } else if (type === 'credit' || type === 'debit') {
      entries.push({
        bookingDate: date,
        direction: type,
        amount: parseAmount(cell('amount')),
        reference: cell('reference'),
        payerCode: cell('payer_voen'),
        payerName: cell('payer_name'),
        bankReference: cell('bank_reference'),
        payerAccount: cell('payer_account'),
        texts: [
          { field: 'reference', text: cell('reference') },
          { field: 'details', text: cell('details') },
        ],
      });
    } else throw new StatementError(m.fileUnreadable(`type "${type.slice(0, 20)}"`));
  }
  if (!opening) throw new StatementError(m.noBalance('ilkin (opening)'));
  if (!closing) throw new StatementError(m.noBalance('son (closing)'));
  return {
    format: 'csv',
    account: statement.account,
    number: statement.number,
    currency: statement.currency || 'AZN',
    fromDate: opening.day,
    toDate: closing.day,
    opening: opening.amount,
    closing: closing.amount,
    entries,
    unbooked: 0,
  };
}
