import { csvLine } from '../../lib/spreadsheet/table-writer';

/**
 * A statement written in each of the formats the import reads (issue 48): for the demo's statements, the tests and
 * the bench. Amounts are decimal strings with two places ("97.20"), days yyyy-mm-dd.
 */

export interface DraftEntry {
  date: string;
  direction: 'credit' | 'debit';
  amount: string;
  reference: string;
  payerCode?: string;
  payerName?: string;
  bankReference?: string;
  /** More of what the payer wrote (issue 57): camt's further `Ustrd`s, MT940's `/REMI/`, the CSV's `details`. */
  details?: string[];
  payerAccount?: string;
  /** MT940: the :86: as free text (the reference and details), no subfields. */
  freeText?: boolean;
}

/** The texts a reader finds in a draft's entry: its reference and details (the demo keeps these as read). */
export function draftTexts(entry: DraftEntry): { field: string; text: string }[] {
  return [
    { field: 'reference', text: entry.reference },
    ...(entry.details ?? []).map((text) => ({ field: 'details', text })),
  ].filter((t) => t.text !== '');
}

export interface StatementDraft {
  account: string;
  number: string;
  currency?: string;
  from: string;
  to: string;
  opening: string;
  closing: string;
  entries: DraftEntry[];
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const cents = (amount: string) => {
  const [whole, fraction = ''] = amount.replace('-', '').split('.');
  return (BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'))) * (amount.startsWith('-') ? -1n : 1n);
};
const decimal = (value: bigint) => {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** The closing balance that makes the draft's arithmetic true. */
export function closingOf(opening: string, entries: DraftEntry[]): string {
  let total = cents(opening);
  for (const entry of entries) total += entry.direction === 'credit' ? cents(entry.amount) : -cents(entry.amount);
  return decimal(total);
}

/** camt.053.001.02 or .08: version .08 names a party in `Dbtr/Pty`, .02 in `Dbtr`. */
export function camt053(draft: StatementDraft, version: '02' | '08' = '08'): string {
  const currency = draft.currency ?? 'AZN';
  const balance = (code: string, amount: string, day: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="${currency}">${amount.replace('-', '')}</Amt>` +
    `<CdtDbtInd>${amount.startsWith('-') ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  const party = (entry: DraftEntry) => {
    const inner =
      `<Nm>${escapeXml(entry.payerName ?? '')}</Nm>` +
      (entry.payerCode ? `<Id><OrgId><Othr><Id>${escapeXml(entry.payerCode)}</Id></Othr></OrgId></Id>` : '');
    const account = entry.payerAccount
      ? `<DbtrAcct><Id><IBAN>${escapeXml(entry.payerAccount)}</IBAN></Id></DbtrAcct>`
      : '';
    return (version === '08' ? `<Dbtr><Pty>${inner}</Pty></Dbtr>` : `<Dbtr>${inner}</Dbtr>`) + account;
  };
  const entries = draft.entries
    .map(
      (entry) =>
        `<Ntry><Amt Ccy="${currency}">${entry.amount}</Amt><CdtDbtInd>${entry.direction === 'credit' ? 'CRDT' : 'DBIT'}</CdtDbtInd>` +
        `<Sts>${version === '08' ? '<Cd>BOOK</Cd>' : 'BOOK'}</Sts><BookgDt><Dt>${entry.date}</Dt></BookgDt>` +
        `<ValDt><Dt>${entry.date}</Dt></ValDt><AcctSvcrRef>${escapeXml(entry.bankReference ?? '')}</AcctSvcrRef>` +
        `<NtryDtls><TxDtls><RltdPties>${party(entry)}</RltdPties>` +
        `<RmtInf>${[entry.reference, ...(entry.details ?? [])].map((text) => `<Ustrd>${escapeXml(text)}</Ustrd>`).join('')}` +
        `</RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}"><BkToCstmrStmt>` +
    `<GrpHdr><MsgId>${escapeXml(draft.number)}</MsgId><CreDtTm>${draft.to}T18:00:00</CreDtTm></GrpHdr>` +
    `<Stmt><Id>${escapeXml(draft.number)}</Id><ElctrncSeqNb>${escapeXml(draft.number)}</ElctrncSeqNb>` +
    `<FrToDt><FrDtTm>${draft.from}T00:00:00</FrDtTm><ToDtTm>${draft.to}T23:59:59</ToDtTm></FrToDt>` +
    `<Acct><Id><IBAN>${draft.account}</IBAN></Id><Ccy>${currency}</Ccy></Acct>` +
    balance('OPBD', draft.opening, draft.from) +
    balance('CLBD', draft.closing, draft.to) +
    `\n${entries}\n</Stmt></BkToCstmrStmt></Document>\n`
  );
}

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
const swiftAmount = (amount: string) => amount.replace('-', '').replace('.', ',');
const swiftBalance = (tag: string, amount: string, day: string, currency: string) =>
  `:${tag}:${amount.startsWith('-') ? 'D' : 'C'}${yymmdd(day)}${currency}${swiftAmount(amount)}`;

/** MT940 with the :86: subfields /RCPT/, /VOEN/, /NAME/ the reader documents. */
export function mt940(draft: StatementDraft): string {
  const currency = draft.currency ?? 'AZN';
  const lines = [
    `:20:${draft.number}`,
    `:25:${draft.account}`,
    `:28C:${draft.number}`,
    swiftBalance('60F', draft.opening, draft.from, currency),
  ];
  for (const entry of draft.entries) {
    lines.push(
      `:61:${yymmdd(entry.date)}${entry.date.slice(5).replace('-', '')}${entry.direction === 'credit' ? 'C' : 'D'}` +
        `${swiftAmount(entry.amount)}NTRFNONREF//${entry.bankReference ?? ''}`,
      entry.freeText
        ? `:86:${[entry.reference, ...(entry.details ?? [])].join(' ')}`
        : `:86:/RCPT/${entry.reference}/VOEN/${entry.payerCode ?? ''}/NAME/${entry.payerName ?? ''}` +
            (entry.details?.length ? `/REMI/${entry.details.join(' ')}` : '') +
            (entry.payerAccount ? `/IBAN/${entry.payerAccount}` : ''),
    );
  }
  lines.push(swiftBalance('62F', draft.closing, draft.to, currency), '-');
  return `${lines.join('\r\n')}\r\n`;
}

/** The amount: a plain decimal stays as it is. */
const amountColumn = new Set([5]);

/** The documented CSV, semicolons, by the product's one CSV writer (a formula after any separator neutralised). */
export function statementCsv(draft: StatementDraft): string {
  const head = { account: draft.account, number: draft.number, currency: draft.currency ?? 'AZN' };
  const row = (type: string, date: string, amount: string, entry?: DraftEntry) =>
    csvLine(
      [
        head.account,
        head.number,
        head.currency,
        type,
        date,
        amount,
        entry?.reference ?? '',
        entry?.payerCode ?? '',
        entry?.payerName ?? '',
        entry?.bankReference ?? '',
        (entry?.details ?? []).join(' '),
        entry?.payerAccount ?? '',
      ],
      { separator: ';', money: amountColumn },
    ).slice(0, -2);
  return [
    'account;number;currency;type;date;amount;reference;payer_voen;payer_name;bank_reference;details;payer_account',
    row('opening', draft.from, draft.opening),
    ...draft.entries.map((entry) => row(entry.direction, entry.date, entry.amount, entry)),
    row('closing', draft.to, draft.closing),
    '',
  ].join('\r\n');
}

/** The name as a bank without Azerbaijani letters writes it, in capitals. */
export const latinOf = (name: string) =>
  name
    .replace(/[əƏ]/g, 'E')
    .replace(/[şŞ]/g, 'S')
    .replace(/[çÇ]/g, 'C')
    .replace(/[ğĞ]/g, 'G')
    .replace(/[ıIİ]/g, 'I')
    .replace(/[öÖ]/g, 'O')
    .replace(/[üÜ]/g, 'U')
    .toUpperCase();
