import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCamt053 } from './camt053';
import { readStatementCsv } from './csv';
import { readMt940, subfields } from './mt940';
import { cleanTexts, type ParsedStatement } from './statement';

/**
 * The readers read every field a bank may put a payer's words in (issue 57): camt.053's every `Ustrd`, `Strd`'s
 * reference and additional information, `EndToEndId` (but NOTPROVIDED), `AddtlTxInf`, `AddtlNtryInf`, the debtor's
 * and ultimate debtor's names and ids (OrgId or PrvtId) and account; MT940's whole :86: in its layouts and the :61:'s
 * reference; the CSV's reference and details. Each text at most 140 characters.
 */

const camtEntry = (details: string, extra = '') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>S-1</Id>
<Acct><Id><IBAN>AZ21NABZ00000000137010001944</IBAN></Id><Ccy>AZN</Ccy></Acct>
<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="AZN">0.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-01</Dt></Dt></Bal>
<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="AZN">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-01-31</Dt></Dt></Bal>
<Ntry><Amt Ccy="AZN">10.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2026-01-05</Dt></BookgDt>
<NtryDtls><TxDtls>${details}</TxDtls></NtryDtls>${extra}</Ntry>
</Stmt></BkToCstmrStmt></Document>`;

const mtStatement = (line61: string, info: string) =>
  [
    ':20:S-1',
    ':25:AZ21NABZ00000000137010001944',
    ':28C:1',
    ':60F:C260101AZN0,00',
    line61,
    `:86:${info}`,
    ':62F:C260131AZN10,00',
    '-',
  ].join('\r\n');

const textsOf = (statement: ParsedStatement) => cleanTexts(statement).entries[0]!.texts;

describe('the camt.053 reader', () => {
  it('reads every remittance text, the debtor and ultimate debtor, their ids and the account', () => {
    const statement = readCamt053(
      camtEntry(
        `<Refs><EndToEndId>E2E-DEMO-0001</EndToEndId></Refs>
        <RltdPties><Dbtr><Pty><Nm>Kəpəz Trans MMC</Nm><Id><PrvtId><Othr><Id>1402345672</Id></Othr></PrvtId></Id></Pty></Dbtr>
          <DbtrAcct><Id><IBAN>AZ77AIIB38090019441100011111</IBAN></Id></DbtrAcct>
          <UltmtDbtr><Pty><Nm>Əliyev Rəşad</Nm><Id><OrgId><Othr><Id>1700000001</Id></Othr></OrgId></Id></Pty></UltmtDbtr></RltdPties>
        <RmtInf><Ustrd>sadələşdirilmiş vergi</Ustrd><Ustrd>qəbz №DEMO/1</Ustrd>
          <Strd><CdtrRefInf><Ref>RF18DEMO0002</Ref></CdtrRefInf><AddtlRmtInf>və DEMO-0003</AddtlRmtInf></Strd></RmtInf>
        <AddtlTxInf>köçürmə</AddtlTxInf>`,
        '<AddtlNtryInf>Gəncə filialı</AddtlNtryInf>',
      ),
    );
    const entry = cleanTexts(statement).entries[0]!;
    expect(entry.payerName).toBe('Kəpəz Trans MMC');
    expect(entry.payerCode).toBe('1402345672');
    expect(entry.payerAccount).toBe('AZ77AIIB38090019441100011111');
    expect(entry.reference).toBe('RF18DEMO0002');
    expect(entry.texts).toEqual([
      { field: 'Ustrd', text: 'sadələşdirilmiş vergi' },
      { field: 'Ustrd', text: 'qəbz №DEMO/1' },
      { field: 'Strd/CdtrRefInf/Ref', text: 'RF18DEMO0002' },
      { field: 'Strd/AddtlRmtInf', text: 'və DEMO-0003' },
      { field: 'EndToEndId', text: 'E2E-DEMO-0001' },
      { field: 'AddtlTxInf', text: 'köçürmə' },
      { field: 'UltmtDbtr/Nm', text: 'Əliyev Rəşad' },
      { field: 'UltmtDbtr/Id', text: '1700000001' },
      { field: 'AddtlNtryInf', text: 'Gəncə filialı' },
    ]);
  });

  it('leaves out an EndToEndId of NOTPROVIDED and caps every text at 140 characters', () => {
    const statement = readCamt053(
      camtEntry(
        `<Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RmtInf><Ustrd>${'A'.repeat(300)}</Ustrd><Ustrd>B &amp;amp; C</Ustrd></RmtInf>`,
      ),
    );
    expect(textsOf(statement)).toEqual([
      { field: 'Ustrd', text: 'A'.repeat(140) },
      { field: 'Ustrd', text: 'B &amp; C' },
    ]);
  });

  it('takes the ultimate debtor when the debtor names no one', () => {
    const statement = readCamt053(
      camtEntry(`<RltdPties><UltmtDbtr><Pty><Nm>Orucov</Nm><Id><PrvtId><Othr><Id>1500000002</Id></Othr></PrvtId></Id></Pty>
        </UltmtDbtr></RltdPties>`),
    );
    expect(statement.entries[0]).toMatchObject({ payerName: 'Orucov', payerCode: '1500000002' });
  });
});

describe('the MT940 reader', () => {
  it('keeps a receipt with a slash in /RCPT/, and reads /REMI/, /EREF/, /ORDP/ and the :61: reference', () => {
    const statement = readMt940(
      mtStatement(
        ':61:2601050105C10,00NTRFDEMO-REF-7//BANK-1\r\nqəbz DEMO-0009',
        '/RCPT/DEMO/1/EREF/E2E-5/REMI/USTD//vergi DEMO-0004\r\n/ORDP//NAME/Kəpəz Trans/ID/1402345671',
      ),
    );
    const entry = cleanTexts(statement).entries[0]!;
    expect(entry.reference).toBe('DEMO/1');
    expect(entry.payerName).toBe('Kəpəz Trans');
    expect(entry.payerCode).toBe('1402345671');
    expect(entry.bankReference).toBe('BANK-1');
    expect(entry.texts.map((t) => [t.field, t.text])).toEqual([
      [':86:/RCPT/', 'DEMO/1'],
      [':86:/REMI/', 'vergi DEMO-0004'],
      [':86:/EREF/', 'E2E-5'],
      [':86:', '/RCPT/DEMO/1/EREF/E2E-5/REMI/USTD//vergi DEMO-0004 /ORDP//NAME/Kəpəz Trans/ID/1402345671'],
      [':61:', 'DEMO-REF-7'],
      [':61:/details', 'qəbz DEMO-0009'],
    ]);
  });

  it('reads the structured ?20-?29 purpose, ?31 account and ?32-?33 name', () => {
    const statement = readMt940(
      mtStatement(
        ':61:2601050105C10,00NTRFNONREF//B-2',
        '166?00GUTSCHRIFT?20EREF+E-1 SVWZ+sadələşd?21irilmiş vergi DEMO 0001?30AIIBAZ2X?31AZ77AIIB3809001944110001\r\n1111?32Kəpəz Trans ?33MMC',
      ),
    );
    const entry = cleanTexts(statement).entries[0]!;
    expect(entry.reference).toBe('EREF+E-1 SVWZ+sadələşdirilmiş vergi DEMO 0001');
    expect(entry.payerName).toBe('Kəpəz Trans MMC');
    expect(entry.payerAccount).toBe('AZ77AIIB38090019441100011111');
    expect(entry.texts.map((t) => t.field)).toEqual([':86:?20-?29', ':86:']);
  });

  it('reads a free-text :86: whole as the reference', () => {
    const statement = readMt940(
      mtStatement(':61:2601050105C10,00NTRFNONREF//B-3', 'ödəniş DEMO-0001\r\nVOEN 1402345671'),
    );
    expect(statement.entries[0]!.reference).toBe('ödəniş DEMO-0001 VOEN 1402345671');
  });

  it('splits subfields at known keys only', () => {
    expect(Object.fromEntries(subfields('/RCPT/A/B/C//VOEN/1402345671/NAME/X/Y'))).toEqual({
      RCPT: 'A/B/C',
      VOEN: '1402345671',
      NAME: 'X/Y',
    });
  });
});

describe('the CSV reader', () => {
  it('reads the reference, the details column and the payer account', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'statement-csv-'));
    try {
      const file = path.join(folder, 's.csv');
      writeFileSync(
        file,
        [
          'type;date;amount;reference;details;payer_voen;payer_name;payer_account',
          'opening;2026-01-01;0.00;;;;;',
          `credit;2026-01-05;10.00;DEMO 0001;qəbz №DEMO/2 ${'x'.repeat(200)};1402345671;Kəpəz;AZ77AIIB38090019441100011111`,
          'closing;2026-01-31;10.00;;;;;',
        ].join('\n'),
      );
      const entry = cleanTexts(await readStatementCsv(file, 10)).entries[0]!;
      expect(entry.reference).toBe('DEMO 0001');
      expect(entry.payerAccount).toBe('AZ77AIIB38090019441100011111');
      expect(entry.texts[0]).toEqual({ field: 'reference', text: 'DEMO 0001' });
      expect(entry.texts[1]!.field).toBe('details');
      expect(Array.from(entry.texts[1]!.text)).toHaveLength(140);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
