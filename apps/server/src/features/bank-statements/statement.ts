import { bankStatementMessages as m, moneyToDecimal, statementText, type BankStatementFormat } from '@dnx/shared';

/**
 * A statement, whichever of its formats it came in (issue 48): balances and amounts as whole qəpik in a bigint, never a
 * binary float; days as yyyy-mm-dd. What the readers find wrong is a `StatementError` with the message to show.
 */

/**
 * A text a bank gave with an entry (issue 57): the field it came in (`Ustrd`, `Strd/AddtlRmtInf`, `EndToEndId`,
 * `:86:/REMI/`, `?20-?29`, `details`, …) and what it says, at most 140 characters each. Matching reads them all.
 */
export interface EntryText {
  field: string;
  text: string;
}

export interface ParsedEntry {
  bookingDate: string;
  direction: 'credit' | 'debit';
  /** Qəpik, above zero. */
  amount: bigint;
  reference: string;
  payerCode: string;
  payerName: string;
  bankReference: string;
  /** The payer's account (camt `DbtrAcct`, MT940 `?31` or an IBAN of `/ORDP/`, CSV `payer_account`), or ''. */
  payerAccount: string;
  /** Every text of the entry, in the order the file gives them, each field once. */
  texts: EntryText[];
}

export interface ParsedStatement {
  format: BankStatementFormat;
  account: string;
  number: string;
  currency: string;
  fromDate: string | null;
  toDate: string | null;
  opening: bigint;
  closing: bigint;
  /** Booked entries only (issue 56): camt's pending or information entries are left out, and counted here. */
  entries: ParsedEntry[];
  unbooked: number;
}

/** The file is not a statement we take, with the message that says why (Azerbaijani; translated on the way out). */
export class StatementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementError';
  }
}

/** A statement's amount: digits with at most two decimals after a point or a comma ("1234,5", "1234," in MT940). */
export function parseAmount(value: string): bigint {
  const match = /^(\d{1,13})(?:[.,](\d{0,2}))?$/.exec(value.trim());
  if (!match) throw new StatementError(m.amountInvalid(value.slice(0, 40)));
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** A day as yyyy-mm-dd that exists in the calendar. */
export function checkedDay(value: string): string {
  const day = value.trim().slice(0, 10);
  const at = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== day)
    throw new StatementError(m.dateInvalid(value.slice(0, 40)));
  return day;
}

/** The statement's own arithmetic, exact: opening + credits - debits = closing; the totals. */
export function checkArithmetic(statement: ParsedStatement): { credits: bigint; debits: bigint } {
  let credits = 0n;
  let debits = 0n;
  for (const entry of statement.entries) {
    if (entry.direction === 'credit') credits += entry.amount;
    else debits += entry.amount;
  }
  if (statement.opening + credits - debits !== statement.closing)
    throw new StatementError(
      m.arithmetic(
        moneyToDecimal(statement.opening),
        moneyToDecimal(credits),
        moneyToDecimal(debits),
        moneyToDecimal(statement.closing),
      ),
    );
  return { credits, debits };
}

/** The statement is in manat, holds at most `maxEntries` entries, each of more than zero. */
export function checkBounds(statement: ParsedStatement, maxEntries: number): void {
  if (statement.currency !== 'AZN') throw new StatementError(m.currency(statement.currency.slice(0, 10)));
  if (statement.entries.length > maxEntries) throw new StatementError(m.tooManyEntries);
  // An entry moves money: a zero is not one.
  if (statement.entries.some((entry) => entry.amount === 0n)) throw new StatementError(m.amountInvalid('0.00'));
}

/** A currency as a message shows it: an absent one is a dash. */
export const shownCurrency = (currency: string) => (currency === '' ? '—' : currency.slice(0, 10));

/**
 * Every text of the statement as it is kept (issue 56): one line, no bidi controls, at most 140 characters (ISO
 * 20022's Max140Text), whichever format it came in.
 */
export function cleanTexts(statement: ParsedStatement): ParsedStatement {
  return {
    ...statement,
    account: statementText(statement.account),
    number: statementText(statement.number),
    entries: statement.entries.map((entry) => ({
      ...entry,
      reference: statementText(entry.reference),
      payerCode: statementText(entry.payerCode),
      payerName: statementText(entry.payerName),
      bankReference: statementText(entry.bankReference),
      payerAccount: statementText(entry.payerAccount),
      texts: entryTexts(entry.texts),
    })),
  };
}

/** An entry keeps at most this many texts: a file of thousands of `Ustrd` in one entry is cut, not refused. */
export const entryTextsMax = 24;

/** An entry's texts as kept: each at most 140 characters, the empty ones and the repeats (same field, same text) left out. */
export function entryTexts(texts: EntryText[]): EntryText[] {
  const kept: EntryText[] = [];
  const seen = new Set<string>();
  for (const { field, text } of texts) {
    const clean = statementText(text);
    const key = `${field}\n${clean}`;
    if (kept.length >= entryTextsMax) break;
    if (clean === '' || seen.has(key)) continue;
    seen.add(key);
    kept.push({ field: statementText(field), text: clean });
  }
  return kept;
}
