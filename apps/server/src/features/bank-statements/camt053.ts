import { bankStatementMessages as m } from '@dnx/shared';
import { XMLParser } from 'fast-xml-parser';
import { checkedDay, parseAmount, StatementError, type ParsedEntry, type ParsedStatement } from './statement';

/**
 * ISO 20022 camt.053 (Bank to Customer Statement), versions .02 and .08, read by fast-xml-parser (docs/decisions.md
 * "Issue 48"). A bank's statement has no DTD: a file that declares one (or an entity) is refused before it is parsed,
 * and the parser expands no entity, so a "billion laughs" file is not a statement rather than a server's end.
 */

type Node = Record<string, unknown>;

const listed = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Othr']);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Amounts and numbers stay text: never through a binary float.
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  htmlEntities: false,
  isArray: (name) => listed.has(name),
});

/** The text of a path of child elements, or ''. */
function text(node: unknown, ...path: string[]): string {
  let at: unknown = node;
  for (const name of path) {
    if (Array.isArray(at)) at = at[0];
    if (!at || typeof at !== 'object') return '';
    at = (at as Node)[name];
  }
  if (Array.isArray(at)) at = at[0];
  if (at && typeof at === 'object') at = (at as Node)['#text'];
  return typeof at === 'string' || typeof at === 'number' ? String(at).trim() : '';
}

const list = (node: unknown, name: string): Node[] =>
  node && typeof node === 'object' ? (((node as Node)[name] as Node[] | undefined) ?? []) : [];

/** A date or date-time element's day (Dt or DtTm). */
const dayOf = (node: unknown) => {
  const value = text(node, 'Dt') || text(node, 'DtTm');
  return value ? checkedDay(value) : null;
};

/** A balance or entry's signed amount: a debit balance (DBIT) is below zero. */
function signedAmount(node: Node): { amount: bigint; currency: string; credit: boolean } {
  const amount = parseAmount(text(node, 'Amt'));
  const currency = String((node.Amt as Node[] | Node | undefined as Node)?.['@Ccy'] ?? '');
  const credit = text(node, 'CdtDbtInd') !== 'DBIT';
  return { amount, currency, credit };
}

export function isCamt053(head: string): boolean {
  return /<(\w+:)?Document[\s>]/.test(head) && /camt\.053\.001\.\d\d/.test(head);
}

/** The XML's declarations a statement never has: refused before any parsing. */
export function hasDeclarations(xml: string): boolean {
  return /<!DOCTYPE|<!ENTITY/i.test(xml);
}

export function readCamt053(xml: string): ParsedStatement {
  if (hasDeclarations(xml)) throw new StatementError(m.xmlDeclarations);
  let document: Node;
  try {
    document = parser.parse(xml, true) as Node;
  } catch {
    throw new StatementError(m.xmlBroken);
  }
  const root = (document.Document as Node | undefined)?.BkToCstmrStmt;
  const statements = list(root, 'Stmt');
  if (statements.length !== 1) throw new StatementError(m.oneStatement);
  const statement = statements[0]!;
  const balances = list(statement, 'Bal');
  const balance = (codes: string[], which: string) => {
    const found = balances.find((b) => codes.includes(text(b, 'Tp', 'CdOrPrtry', 'Cd')));
    if (!found) throw new StatementError(m.noBalance(which));
    const { amount, currency, credit } = signedAmount(found);
    return { amount: credit ? amount : -amount, currency, day: dayOf(found.Dt) };
  };
  const opening = balance(['OPBD', 'PRCD'], 'ilkin (OPBD)');
  const closing = balance(['CLBD'], 'son (CLBD)');
  const account = text(statement, 'Acct', 'Id', 'IBAN') || text(statement, 'Acct', 'Id', 'Othr', 'Id');
  const entries: ParsedEntry[] = list(statement, 'Ntry').map((entry) => {
    const { amount } = signedAmount(entry);
    const details = list(list(entry, 'NtryDtls')[0], 'TxDtls')[0];
    // .02 names the debtor in RltdPties/Dbtr, .08 in RltdPties/Dbtr/Pty.
    const debtor = (details?.RltdPties as Node | undefined)?.Dbtr as Node | undefined;
    const party = (debtor?.Pty as Node | undefined) ?? debtor;
    return {
      bookingDate: dayOf(entry.BookgDt) ?? dayOf(entry.ValDt) ?? checkedDay(''),
      direction: text(entry, 'CdtDbtInd') === 'DBIT' ? 'debit' : 'credit',
      amount,
      reference:
        text(details, 'RmtInf', 'Strd', 'CdtrRefInf', 'Ref') ||
        text(details, 'RmtInf', 'Ustrd') ||
        text(entry, 'AddtlNtryInf'),
      payerCode: text(party, 'Id', 'OrgId', 'Othr', 'Id'),
      payerName: text(party, 'Nm'),
      bankReference: text(entry, 'AcctSvcrRef') || text(entry, 'NtryRef'),
    };
  });
  return {
    format: 'camt053',
    account,
    number: text(statement, 'ElctrncSeqNb') || text(statement, 'Id'),
    currency: text(statement, 'Acct', 'Ccy') || opening.currency,
    fromDate:
      dayOf((statement.FrToDt as Node | undefined)?.FrDtTm ? { DtTm: text(statement, 'FrToDt', 'FrDtTm') } : null) ??
      opening.day,
    toDate:
      dayOf((statement.FrToDt as Node | undefined)?.ToDtTm ? { DtTm: text(statement, 'FrToDt', 'ToDtTm') } : null) ??
      closing.day,
    opening: opening.amount,
    closing: closing.amount,
    entries,
  };
}
