import type { Writable } from 'node:stream';
import type { ExportCell, ExportColumn, ListExportFormat } from '@dnx/shared';
import { drained, startXlsx } from './xlsx-writer';

/**
 * One table written as a file while its rows arrive: CSV (RFC 4180, UTF-8 with a byte order mark so Excel reads
 * Azerbaijani letters, CRLF) or Excel (the streaming workbook of the reports). Memory holds one chunk of rows.
 */

/** Makes Excel read a CSV as UTF-8, so ə, ş, ğ, ı and İ survive. */
const utf8Bom = '\uFEFF';
/** A money column's text that is a plain decimal: a number, written as it is. */
const plainDecimal = /^-?\d+(?:\.\d+)?$/;

/**
 * A place where a spreadsheet may start a cell: the cell's start, and after any separator one may split at (`,`;
 * `;` as Excel does in az-AZ and ru-RU; tab) or a line break, whatever separator the file itself uses. A formula
 * start there (`isFormulaText`, also behind quotes a reader may drop) gets an apostrophe (issue 56: "Ali;=1+1"
 * was a live formula after the `;`).
 */
const formulaAhead = String.raw`(?=[\s"]*[=+\-@]|[\t\r])`;
const formulaAtStart = new RegExp(`^${formulaAhead}`);
const formulaAfterSeparator = new RegExp(`([,;\t\r\n])${formulaAhead}`, 'g');
/** A field holding any of these is quoted (RFC 4180 for `,` and line breaks; `;` and tab for the other readers). */
const needsQuotes = /[",;\t\r\n]/;

/**
 * One CSV field: a text a spreadsheet would read as a formula, at its start ("+994..." phones and "-5" too, OWASP's
 * advice) or after any separator inside it, gets an apostrophe there, and a field holding a separator, a quote or
 * a line break is quoted. A number cell stays a number.
 */
export function csvCell(value: ExportCell | undefined): string {
  return csvField(value, false);
}

/** `csvCell`, where a money column's plain decimal ("-5.00") is a number too. */
function csvField(value: ExportCell | undefined, money: boolean): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && !(money && plainDecimal.test(text)))
    text = text.replace(formulaAtStart, "'").replace(formulaAfterSeparator, "$1'");
  return needsQuotes.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * One CSV line, CRLF-ended: the one writer of every CSV the product writes (the exports, and the bank statement in
 * the documented format, `;`-separated). `money`: the columns whose plain decimals are numbers.
 */
export const csvLine = (
  cells: readonly (ExportCell | undefined)[],
  { money = new Set<number>(), separator = ',' }: { money?: ReadonlySet<number>; separator?: ',' | ';' } = {},
) => `${cells.map((cell, i) => csvField(cell, money.has(i))).join(separator)}\r\n`;

/** Text of a file name an export is saved under: the title and the day, safe on every system. */
export function exportFileName(title: string, format: ListExportFormat, day: string): string {
  const safe =
    [...title]
      .map((c) => (c < ' ' || '\\/:*?"<>|'.includes(c) ? '-' : c))
      .join('')
      .trim() || 'export';
  return `${safe}-${day}.${format}`;
}

/** Excel's sheet names: at most 31 characters, none of []:*?/\. */
const sheetName = (title: string) =>
  title
    .replace(/[[\]:*?/\\]/g, '-')
    .replace(/^'+|'+$/g, '')
    .slice(0, 31) || 'Siyahı';

export interface TableToWrite<Row> {
  title: string;
  columns: readonly ExportColumn<Row>[];
  chunks: AsyncIterable<Row[]>;
}

/** Writes the table into `out` and ends it; stops reading rows when the reader goes away. */
export async function writeTable<Row>(out: Writable, format: ListExportFormat, table: TableToWrite<Row>) {
  const { columns, chunks } = table;
  const cells = (row: Row) => columns.map((column) => column.value(row));
  const money = new Set(columns.flatMap((column, index) => (column.money ? [index] : [])));
  if (format === 'csv') {
    out.write(utf8Bom + csvLine(columns.map((c) => c.header)));
    for await (const chunk of chunks) {
      out.write(chunk.map((row) => csvLine(cells(row), { money })).join(''));
      // Leaving the loop ends the keyset reads.
      if (!(await drained(out))) return;
    }
    out.end();
    return;
  }
  const workbook = startXlsx(out, { creator: 'DNX' });
  const sheet = workbook.sheet(sheetName(table.title), { widths: columns.map((c) => c.width ?? 18) });
  sheet.row(
    columns.map((c) => c.header),
    { font: 'bold' },
  );
  for await (const chunk of chunks) {
    for (const row of chunk) {
      const values = cells(row);
      sheet.row(
        money.size ? values.map((v, i) => (money.has(i) && typeof v === 'string' && v ? Number(v) : v)) : values,
        {
          money,
        },
      );
    }
    if (!(await sheet.flush())) return;
  }
  if (!(await sheet.end())) return;
  workbook.end();
}
