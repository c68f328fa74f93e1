import { bankStatementMessages as m } from '@dnx/shared';
import { XMLParser } from 'fast-xml-parser';
import {
  checkedDay,
  parseAmount,
  shownCurrency,
  StatementError,
  type EntryText,
  type ParsedEntry,
  type ParsedStatement,
} from './statement';

/**
 * ISO 20022 camt.053 (Bank to Customer Statement), versions .02 and .08, read by fast-xml-parser
 * (docs/decisions/0032-bank-statement-import.md). A bank's statement has no DTD: a file that declares one (or an
 * entity) is refused before it is parsed, and the parser expands no entity, so a "billion laughs" file is not a
 * statement rather than a server's end. The five predefined entities and character references are decoded once,
 * after parsing (`A &amp;amp; B` is `A &amp; B`); any other entity is refused (issue 56).
 * Every balance and entry is in the statement's currency, and only booked entries (`Sts` BOOK) are the statement's
 * (issue 56).
 */

type Node = Record<string, unknown>;

const listed = new Set(['Stmt', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Othr', 'AddtlRmtInf']);
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

const predefined = new Map([
  ['amp', '&'],
  ['lt', '<'],
  ['gt', '>'],
  ['quot', '"'],
  ['apos', "'"],
]);

/**
 * XML's predefined entities and character references, decoded in one pass. Anything else after `&` is not XML: an
 * undeclared entity (`&nbsp;`, kept as written, would be a payer's name no one typed) is refused naming it, a bare `&`
 * or a reference to no character as broken XML.
 */
export function decodeEntities(value: string): string {
  return value.replace(/&(?:(#\d{1,7}|#x[0-9a-fA-F]{1,6}|[A-Za-z_][\w.-]{0,30});)?/g, (_whole, name?: string) => {
    if (name === undefined) throw new StatementError(m.xmlBroken);
    if (!name.startsWith('#')) {
      const character = predefined.get(name);
      if (character === undefined) throw new StatementError(m.xmlEntity(name));
      return character;
    }
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    if (code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)) return String.fromCodePoint(code);
    throw new StatementError(m.xmlBroken);
  });
}

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
  return typeof at === 'string' || typeof at === 'number' ? decodeEntities(String(at)).trim() : '';
}

const list = (node: unknown, name: string): Node[] =>
  node && typeof node === 'object' ? (((node as Node)[name] as Node[] | undefined) ?? []) : [];

/** A date or date-time element's day (Dt or DtTm). */
const dayOf = (node: unknown) => {
  const value = text(node, 'Dt') || text(node, 'DtTm');
  return value ? checkedDay(value) : null;
};

/**
 * A balance or entry's signed amount: a debit balance (DBIT) is below zero. `refused` names it when its indicator is
 * neither CRDT nor DBIT (a credit is never guessed).
 */
function signedAmount(node: Node, refused: () => string): { amount: bigint; currency: string; credit: boolean } {
  const amount = parseAmount(text(node, 'Amt'));
  const currency = String((node.Amt as Node | undefined)?.['@Ccy'] ?? '').trim();
  const indicator = text(node, 'CdtDbtInd');
  if (indicator !== 'CRDT' && indicator !== 'DBIT') throw new StatementError(refused());
  return { amount, currency, credit: indicator === 'CRDT' };
}

export function isCamt053(head: string): boolean {
  return /<(\w+:)?Document[\s>]/.test(head) && /camt\.053\.001\.\d\d/.test(head);
}

/** The XML's declarations a statement never has: refused before any parsing. */
export function hasDeclarations(xml: string): boolean {
  return /<!DOCTYPE|<!ENTITY/i.test(xml);
}

/** Every text of a repeated child element (`Ustrd`, `AddtlRmtInf`), decoded. */
const texts = (node: unknown, name: string): string[] =>
  (node && typeof node === 'object' ? ([(node as Node)[name]].flat() as unknown[]) : [])
    .map((value) => text({ value }, 'value'))
    .filter((value) => value !== '');

/** A party of RltdPties (`Dbtr`, `UltmtDbtr`): .02 names it directly, .08 in its `Pty`. */
function partyOf(details: Node | undefined, role: 'Dbtr' | 'UltmtDbtr') {
  const node = (details?.RltdPties as Node | undefined)?.[role] as Node | undefined;
  const party = (node?.Pty as Node | undefined) ?? node;
  // A company's id (OrgId) or a natural person's (PrvtId): either may be the VÖEN.
  const id = text(party, 'Id', 'OrgId', 'Othr', 'Id') || text(party, 'Id', 'PrvtId', 'Othr', 'Id');
  return { name: text(party, 'Nm'), id };
}

/** The remittance texts of one transaction's details, each by the field it came in (issue 57). */
function detailTexts(details: Node | undefined): EntryText[] {
  const found: EntryText[] = [];
  const remittance = details?.RmtInf as Node | undefined;
  for (const value of texts(remittance, 'Ustrd')) found.push({ field: 'Ustrd', text: value });
  for (const structured of list(remittance, 'Strd')) {
    const reference = text(structured, 'CdtrRefInf', 'Ref');
    if (reference) found.push({ field: 'Strd/CdtrRefInf/Ref', text: reference });
    for (const value of texts(structured, 'AddtlRmtInf')) found.push({ field: 'Strd/AddtlRmtInf', text: value });
  }
  const endToEnd = text(details, 'Refs', 'EndToEndId');
  if (endToEnd && endToEnd.toUpperCase() !== 'NOTPROVIDED') found.push({ field: 'EndToEndId', text: endToEnd });
  const additional = text(details, 'AddtlTxInf');
  if (additional) found.push({ field: 'AddtlTxInf', text: additional });
  const ultimate = partyOf(details, 'UltmtDbtr');
  if (ultimate.name) found.push({ field: 'UltmtDbtr/Nm', text: ultimate.name });
  if (ultimate.id) found.push({ field: 'UltmtDbtr/Id', text: ultimate.id });
  return found;
}

/** A booked entry as the statement keeps it: every text of every transaction's details (issue 57). */
function readEntry(entry: Node, index: number): ParsedEntry {
  const { amount, credit } = signedAmount(entry, () => m.entryDirection(index + 1));
  const all = list(list(entry, 'NtryDtls')[0], 'TxDtls');
  const details = all[0];
  const debtor = partyOf(details, 'Dbtr');
  const ultimate = partyOf(details, 'UltmtDbtr');
  const entryTexts = all.flatMap(detailTexts);
  const note = text(entry, 'AddtlNtryInf');
  if (note) entryTexts.push({ field: 'AddtlNtryInf', text: note });
  const first = (field: string) => entryTexts.find((t) => t.field === field)?.text ?? '';
  return {
    bookingDate: dayOf(entry.BookgDt) ?? dayOf(entry.ValDt) ?? checkedDay(''),
    direction: credit ? 'credit' : 'debit',
    amount,
    reference: first('Strd/CdtrRefInf/Ref') || first('Ustrd') || note,
    payerCode: debtor.id || ultimate.id,
    payerName: debtor.name || ultimate.name,
    bankReference: text(entry, 'AcctSvcrRef') || text(entry, 'NtryRef'),
    payerAccount:
      text(details, 'RltdPties', 'DbtrAcct', 'Id', 'IBAN') ||
      text(details, 'RltdPties', 'DbtrAcct', 'Id', 'Othr', 'Id'),
    texts: entryTexts,
  };
}

export function readCamt053(xml: string): ParsedStatement {
  if (hasDeclarations(xml)) throw new StatementError(m.xmlDeclarations);
  let document: Node;
  try {
    // No field keeps more than 140 characters: a text of megabytes is cut before the parser holds it.
    // The cut never leaves half an entity (`&am`) behind.
    const cut = xml.replace(/>([^<]{1024})[^<]+</g, (_whole, kept: string) => `>${kept.replace(/&[^;]{0,40}$/, '')}<`);
    document = parser.parse(cut, true) as Node;
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
    const { amount, currency, credit } = signedAmount(found, () => m.balanceDirection(which));
    return { amount: credit ? amount : -amount, currency, day: dayOf(found.Dt) };
  };
  const opening = balance(['OPBD', 'PRCD'], 'ilkin (OPBD)');
  const closing = balance(['CLBD'], 'son (CLBD)');
  const account = text(statement, 'Acct', 'Id', 'IBAN') || text(statement, 'Acct', 'Id', 'Othr', 'Id');
  const currency = text(statement, 'Acct', 'Ccy') || opening.currency;
  for (const [which, found] of [
    ['ilkin (OPBD)', opening.currency],
    ['son (CLBD)', closing.currency],
  ] as const)
    if (found !== currency) throw new StatementError(m.balanceCurrency(which, shownCurrency(found), currency));
  const booked = list(statement, 'Ntry').filter((entry, i) => {
    const found = signedAmount(entry, () => m.entryDirection(i + 1)).currency;
    if (found !== currency) throw new StatementError(m.entryCurrency(i + 1, shownCurrency(found), currency));
    // .02 writes <Sts>BOOK</Sts>, .08 <Sts><Cd>BOOK</Cd></Sts>: pending (PDNG), information (INFO) are not booked.
    const status = text(entry, 'Sts', 'Cd') || text(entry, 'Sts', 'Prtry') || text(entry, 'Sts');
    if (status === '') throw new StatementError(m.entryStatus(i + 1));
    return status === 'BOOK';
  });
  const entries: ParsedEntry[] = booked.map(readEntry);
  return {
    format: 'camt053',
    account,
    number: text(statement, 'ElctrncSeqNb') || text(statement, 'LglSeqNb') || text(statement, 'Id'),
    currency,
    fromDate:
      dayOf((statement.FrToDt as Node | undefined)?.FrDtTm ? { DtTm: text(statement, 'FrToDt', 'FrDtTm') } : null) ??
      opening.day,
    toDate:
      dayOf((statement.FrToDt as Node | undefined)?.ToDtTm ? { DtTm: text(statement, 'FrToDt', 'ToDtTm') } : null) ??
      closing.day,
    opening: opening.amount,
    closing: closing.amount,
    entries,
    unbooked: list(statement, 'Ntry').length - booked.length,
  };
}
