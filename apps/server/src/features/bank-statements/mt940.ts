import { bankStatementMessages as m } from '@dnx/shared';
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
 * SWIFT MT940, read by a small reader of our own (docs/decisions/0032-bank-statement-import.md: the npm readers of
 * MT940 are little used and little kept). One statement a file: the fields :20: (its reference), :25: (account), :28C:
 * (number), :60F:/:60M: (opening), :61: (a line) with its :86: (what the payer wrote), :62F:/:62M: (closing). The :86:
 * of a credit is read in its common layouts (issue 57): the subfields `/RCPT/` (the receipt's number, slashes and all),
 * `/REMI/`, `/EREF/`, `/VOEN/`, `/NAME/`, `/ORDP/`; the structured `?20`-`?29` (purpose), `?31` (account), `?32`-`?33`
 * (name); without them, its whole text is the reference. Every one of them is kept as a text of the entry. A SWIFT
 * envelope ({1:...}{4: ... -}) is allowed around it. Every balance (:60:, :62:, :64:, :65:) is in the opening's
 * currency (issue 56).
 */

/** The fields of the text in order: tag and value, a value's continuation lines joined with a newline. */
function fields(text: string): { tag: string; value: string }[] {
  const found: { tag: string; value: string }[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\{[^}]*\}(\{4:)?/, '').replace(/^\{4:/, '');
    if (line === '' || line === '-' || line === '-}') continue;
    const field = /^:(\d\d[A-Z]?):(.*)$/.exec(line);
    if (field) found.push({ tag: field[1]!, value: field[2]! });
    else if (found.length > 0) found[found.length - 1]!.value += `\n${line}`;
  }
  return found;
}

/** YYMMDD as yyyy-mm-dd (this century's). */
const day = (yymmdd: string) => checkedDay(`20${yymmdd.slice(0, 2)}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`);

/** A balance field (`C261101AZN1000,00`): its day, currency and signed amount. */
function balance(value: string | undefined, which: string) {
  const match = /^([CD])(\d{6})([A-Z]{3})([\d,]+)$/.exec((value ?? '').trim());
  if (!match) throw new StatementError(m.noBalance(which));
  const amount = parseAmount(match[4]!);
  return { day: day(match[2]!), currency: match[3]!, amount: match[1] === 'D' ? -amount : amount };
}

/** A :61: line: value date, optional entry date, mark (C, D, RC, RD), amount, type, references. */
const linePattern =
  /^(\d{6})(\d{4})?(RC|RD|C|D)[A-Z]?([\d,]+)([A-Z]\w{3})([^\n/]*(?:\/(?!\/)[^\n/]*)*)(?:\/\/([^\n]*))?/;

/** The keys of a :86: written as `/KEY/value` (issue 57); a value runs to the next known key, so it may hold a slash. */
const slashKeys = [
  'RCPT',
  'VOEN',
  'NAME',
  'EREF',
  'REMI',
  'ORDP',
  'KREF',
  'MREF',
  'CRED',
  'IBAN',
  'ACCW',
  'BENM',
  'ID',
];
const slashKey = new RegExp(`/(${slashKeys.join('|')})/`, 'g');

/** The /KEY/value subfields of a :86: (a value's own slashes kept, `/REMI/USTD//text` read as the text). */
export function subfields(info: string): Map<string, string> {
  const found = new Map<string, string>();
  const flat = info.replace(/\n/g, '');
  const marks = [...flat.matchAll(slashKey)];
  marks.forEach((mark, i) => {
    const start = mark.index + mark[0].length;
    const end = i + 1 < marks.length ? marks[i + 1]!.index : flat.length;
    const value = flat
      .slice(start, end)
      .replace(/^(USTD|STRD)\/\/?/, '')
      .replace(/^\/+|\/+$/g, '')
      .trim();
    if (!found.has(mark[1]!) && value !== '') found.set(mark[1]!, value);
  });
  return found;
}

/** The `?NN` subfields of a structured :86: (`166?00GUTSCHRIFT?20EREF+…?21…?32name`), by their number. */
export function questionFields(info: string): Map<number, string> {
  const found = new Map<number, string>();
  const flat = info.replace(/\n/g, '');
  if (!/^\d{3}\?\d\d/.test(flat) && !/^\?\d\d/.test(flat)) return found;
  for (const match of flat.matchAll(/\?(\d\d)([^?]*)/g)) {
    const key = Number(match[1]);
    found.set(key, (found.get(key) ?? '') + match[2]!);
  }
  return found;
}

const iban = /\b[A-Z]{2}\d{2}[A-Z0-9]{11,30}\b/;

/** What a :86: says, read in its common layouts (issue 57): `/KEY/` subfields, `?20`-`?29`, or free text. */
function readInfo(info: string) {
  const flat = info.replace(/\n/g, ' ').replace(/\s+/g, ' ').trim();
  const sub = subfields(info);
  const question = questionFields(info);
  const texts: EntryText[] = [];
  const purpose = Array.from({ length: 10 }, (_, i) => question.get(20 + i) ?? '').join('');
  for (const key of ['RCPT', 'REMI', 'EREF', 'KREF', 'MREF'] as const) {
    const value = sub.get(key);
    if (value && !(key === 'EREF' && value.toUpperCase() === 'NOTPROVIDED'))
      texts.push({ field: `:86:/${key}/`, text: value });
  }
  if (purpose) texts.push({ field: ':86:?20-?29', text: purpose });
  if (flat) texts.push({ field: ':86:', text: flat });
  const ordering = sub.get('ORDP') ?? '';
  const orderingName = ordering.replace(/^\/+/, '').replace(iban, '').trim();
  const name = sub.get('NAME') ?? (`${question.get(32) ?? ''}${question.get(33) ?? ''}`.trim() || orderingName);
  const account = sub.get('IBAN') ?? sub.get('ACCW') ?? question.get(31) ?? iban.exec(ordering)?.[0] ?? '';
  const reference =
    sub.get('RCPT') ?? sub.get('REMI') ?? (purpose || (sub.size === 0 && question.size === 0 ? flat : ''));
  return { reference, payerCode: sub.get('VOEN') ?? sub.get('ID') ?? '', payerName: name, account, texts };
}

export function isMt940(head: string): boolean {
  return /(^|\n|\{4:\r?\n?):20:/.test(head) && /\n:60[FM]:/.test(head);
}

export function readMt940(text: string): ParsedStatement {
  const all = fields(text);
  if (all.filter((f) => f.tag === '20').length !== 1) throw new StatementError(m.oneStatement);
  const value = (tag: string) => all.find((f) => f.tag === tag)?.value;
  const opening = balance(value('60F') ?? value('60M'), 'ilkin (:60F:)');
  const closing = balance(value('62F') ?? value('62M'), 'son (:62F:)');
  for (const field of all) {
    if (!/^6[0245][FM]?$/.test(field.tag)) continue;
    const currency = /^[CD]\d{6}([A-Z]{0,3})/.exec(field.value.trim())?.[1] ?? '';
    if (currency !== opening.currency)
      throw new StatementError(m.balanceCurrency(`:${field.tag}:`, shownCurrency(currency), opening.currency));
  }
  const entries: ParsedEntry[] = [];
  all.forEach((field, i) => {
    if (field.tag !== '61') return;
    const match = linePattern.exec(field.value);
    if (!match) throw new StatementError(m.fileUnreadable(`:61:${field.value.slice(0, 60)}`));
    const mark = match[3]!;
    const info = all[i + 1]?.tag === '86' ? all[i + 1]!.value : '';
    const read = readInfo(info);
    // The :61:'s own reference (the account owner's, NONREF when none) and its supplementary details (line two).
    const ownReference = (match[6] ?? '').trim();
    const supplementary = field.value.split('\n').slice(1).join(' ').trim();
    const lineTexts: EntryText[] = [];
    if (ownReference && ownReference.toUpperCase() !== 'NONREF') lineTexts.push({ field: ':61:', text: ownReference });
    if (supplementary) lineTexts.push({ field: ':61:/details', text: supplementary });
    entries.push({
      bookingDate: day(match[1]!),
      // A reversal of a credit takes money out, of a debit brings it in.
      direction: mark === 'C' || mark === 'RD' ? 'credit' : 'debit',
      amount: parseAmount(match[4]!),
      reference: read.reference,
      payerCode: read.payerCode,
      payerName: read.payerName,
      bankReference: (match[7] ?? '').trim(),
      payerAccount: read.account,
      texts: [...read.texts, ...lineTexts],
    });
  });
  return {
    format: 'mt940',
    account: (value('25') ?? '').trim(),
    number: (value('28C') ?? value('20') ?? '').trim(),
    currency: opening.currency,
    fromDate: opening.day,
    toDate: closing.day,
    opening: opening.amount,
    closing: closing.amount,
    entries,
    unbooked: 0,
  };
}
