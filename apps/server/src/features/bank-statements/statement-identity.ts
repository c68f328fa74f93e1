import { createHash } from 'node:crypto';

/**
 * What makes two uploads the same statement (issue 56): its account (spaces aside, in capitals), its number or
 * sequence (camt `ElctrncSeqNb`, else `LglSeqNb`, else `Stmt/Id`; MT940 :28C:, else :20:; the CSV's `number`) and its
 * period; a statement with no number (a CSV may have none) is also known by its balances, totals, entry count and
 * entries (`entriesDigest`: each one's day, direction, amount and reference). Never by its bytes: the
 * same statement with one more newline, or downloaded again with another `GrpHdr/CreDtTm` or `MsgId`, is the same.
 * Migration 0058 computes the same key in SQL for the statements kept before: keep the two alike.
 */
export interface StatementFacts {
  account: string;
  number: string;
  fromDate: string | null;
  toDate: string | null;
  /** Decimal strings of two places, as numeric(14,2) prints them. */
  openingBalance: string;
  closingBalance: string;
  creditsTotal: string;
  debitsTotal: string;
  entryCount: number;
  /** Only for a statement with no number: `entriesDigest` of its entries. */
  entriesDigest?: string;
}

/** The SHA-256 of a statement's entries in order: day, direction, amount (two places) and reference of each. */
export function entriesDigest(
  entries: { bookingDate: string; direction: string; amount: string; reference: string }[],
): string {
  const lines = entries.map((e) => [e.bookingDate, e.direction, e.amount, e.reference].join('|'));
  return createHash('sha256').update(lines.join('\n'), 'utf8').digest('hex');
}

/** An account as the identity reads it: no spaces, in capitals. */
export const accountKey = (account: string) => account.replace(/\s/g, '').toUpperCase();

export function statementIdentity(facts: StatementFacts): string {
  const parts = [accountKey(facts.account), facts.number, facts.fromDate ?? '', facts.toDate ?? ''];
  if (facts.number === '')
    parts.push(
      facts.openingBalance,
      facts.closingBalance,
      facts.creditsTotal,
      facts.debitsTotal,
      String(facts.entryCount),
      facts.entriesDigest ?? '',
    );
  return createHash('sha256').update(parts.join('\n'), 'utf8').digest('hex');
}

/** Whether a statement kept under the same identity carries the same money: then it is the same statement. */
export function sameMoney(kept: StatementFacts, read: StatementFacts): boolean {
  return (
    kept.openingBalance === read.openingBalance &&
    kept.closingBalance === read.closingBalance &&
    kept.creditsTotal === read.creditsTotal &&
    kept.debitsTotal === read.debitsTotal &&
    kept.entryCount === read.entryCount
  );
}
