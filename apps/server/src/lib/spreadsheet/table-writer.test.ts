import { PassThrough } from 'node:stream';
import type { ExportColumn, ListExportFormat } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { liveFormulaCells } from '../../test/csv-starts';
import { xlsxEditedCells } from '../../test/xlsx-cells';
import { csvCell, csvLine, writeTable } from './table-writer';

/** What a spreadsheet would run as a formula (OWASP), each as a cell's text. */
const dangerous = ['=1+1', '+1+1', '-1+1', '@SUM(1)', '\t=1+1', '\r=1+1', '  =x', "-2+3+cmd|' /C calc'!A0"];

type Row = { text: string; count: number | null; money: string | null };
const columns: ExportColumn<Row>[] = [
  { header: 'Mətn', value: (r) => r.text },
  { header: 'Say', value: (r) => r.count },
  { header: 'Məbləğ', value: (r) => r.money, money: true },
];

async function written(format: ListExportFormat, rows: Row[]): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (chunk: Buffer) => parts.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await writeTable(out, format, {
    title: 'Sınaq',
    columns,
    chunks: (async function* () {
      yield rows;
    })(),
  });
  await ended;
  return Buffer.concat(parts);
}

describe('the export writer and formulas (issue 40)', () => {
  it('starts every text a spreadsheet would run as a formula with an apostrophe in CSV', () => {
    for (const text of dangerous) expect(csvCell(text), JSON.stringify(text)).toMatch(/^"?'/);
    expect(csvCell("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    // A tab or a line break is a separator too: the formula after it is neutralised as well (issue 56).
    expect(csvCell('\t=1+1')).toBe(`"'\t'=1+1"`);
    expect(csvCell('\r=1+1')).toBe(`"'\r'=1+1"`);
    expect(csvCell('  =x')).toBe("'  =x");
    // A phone and a negative figure written as text are texts too (OWASP's advice).
    expect(csvCell('+994 50 123 45 67')).toBe("'+994 50 123 45 67");
    expect(csvCell('-5')).toBe("'-5");
    // Numbers stay numbers; texts that start otherwise stay as they are.
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(12.5)).toBe('12.5');
    for (const text of ['Bakı', '5-ci küçə', 'a=b', 'x@y.az', "'=1"]) expect(csvCell(text)).toBe(text);
  });

  it('writes each dangerous text neutralised in a CSV file, and numbers and money as numbers', async () => {
    const rows: Row[] = [
      ...dangerous.map((text) => ({ text, count: null, money: null })),
      { text: 'Mənfi', count: -5, money: '-5.00' },
    ];
    const csv = (await written('csv', rows)).toString('utf8');
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Mətn,Say,Məbləğ');
    dangerous.forEach((text, i) => {
      expect(csv, JSON.stringify(text)).toContain(csvCell(text));
      expect(csvCell(text).replace(/^"/, '').startsWith("'"), JSON.stringify(text)).toBe(true);
      if (!/[\t\r]/.test(text)) expect(lines[i + 1]).toBe(`'${text},,`);
    });
    expect(lines.at(-2)).toBe('Mənfi,-5,-5.00');
  });

  it('neutralises a formula after any separator a spreadsheet may split at, and quotes the cell (issue 56)', async () => {
    // The payer wrote it in the bank file: Excel in az-AZ and ru-RU splits at ';', and the second cell was live.
    expect(csvCell('Ali;=1+1')).toBe(`"Ali;'=1+1"`);
    expect(csvCell('Ali,=1+1')).toBe(`"Ali,'=1+1"`);
    expect(csvCell('Ali\t@SUM(1)')).toBe(`"Ali\t'@SUM(1)"`);
    expect(csvCell('Ali; -2+3')).toBe(`"Ali;' -2+3"`);
    expect(csvCell('Ali\n+1')).toBe(`"Ali\n'+1"`);
    // Behind a quote a reader of another separator would take for the cell's opening.
    expect(csvCell('Ali;"=1+1')).toBe(`"Ali;'""=1+1"`);
    // Separators with nothing dangerous after them are only quoted.
    expect(csvCell('Bakı; Gəncə')).toBe('"Bakı; Gəncə"');
    expect(csvCell('a,b')).toBe('"a,b"');
    const hostile = [
      'Ali;=1+1',
      'Ali;"=1+1',
      'x;\t=1',
      '=1;=2,=3\t=4',
      "-2+3+cmd|' /C calc'!A0",
      'a;@x',
      'a\r\n=1',
      'a;',
      '"=1',
    ];
    const rows: Row[] = [
      ...hostile.map((text) => ({ text, count: -5, money: '-5.00' })),
      { text: 'a;', count: -5, money: '-5.00' },
    ];
    const csv = (await written('csv', rows)).toString('utf8');
    expect(liveFormulaCells(csv)).toEqual([]);
    // The same writer, ';'-separated (the documented bank statement).
    const semicolons = hostile.map((text) => csvLine([text, '-1.00', text], { separator: ';', money: new Set([1]) }));
    expect(liveFormulaCells(semicolons.join(''))).toEqual([]);
    expect(semicolons[0]).toBe(`"Ali;'=1+1";-1.00;"Ali;'=1+1"\r\n`);
    // The check itself finds the cell the writer of before left live.
    expect(liveFormulaCells('Ali;=1+1,5\r\n')).toEqual(['";": =1+1,5']);
  });

  it('gives each dangerous text the quote prefix in Excel, its text unchanged; numbers and money stay numbers', async () => {
    const rows: Row[] = [
      ...dangerous.map((text) => ({ text, count: null, money: null })),
      { text: 'Mənfi', count: -5, money: '-5.00' },
      { text: 'Bakı', count: 3, money: '12.50' },
    ];
    const cells = xlsxEditedCells(await written('xlsx', rows));
    expect(cells[0]).toEqual(['Mətn', 'Say', 'Məbləğ']);
    expect(cells.slice(1, dangerous.length + 1).map((row) => row[0])).toEqual(dangerous.map((text) => `'${text}`));
    expect(cells.slice(-2)).toEqual([
      ['Mənfi', '-5', '-5'],
      ['Bakı', '3', '12.5'],
    ]);
  });
});
