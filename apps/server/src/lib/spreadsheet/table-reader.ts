import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type Duplex, pipeline, Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/**
 * An uploaded table (an import of carriers, drivers, …) read row by row, so memory holds one row and not the file:
 * the first sheet of an Excel workbook, its parts read by exceljs's streaming reader, or a UTF-8 CSV read by
 * csv-parse. Each row is its cells' texts as a person sees them in the cells; the caller checks and converts them.
 * Around exceljs 4.4.0 (no release since 2023) this file walks the zip itself: see `zipEntries` and `entryText`.
 */

export type TableFormat = 'xlsx' | 'csv';

/** More data rows than the import takes; `maxRows` is the limit. */
export class TableTooLargeError extends Error {
  readonly maxRows: number;
  constructor(maxRows: number) {
    super(`the table has more than ${maxRows} data rows`);
    this.name = 'TableTooLargeError';
    this.maxRows = maxRows;
  }
}

/** The file is not a table of its format: a broken zip, a zip without a worksheet, a CSV that is not UTF-8. */
export class TableUnreadableError extends Error {
  constructor(options?: ErrorOptions) {
    super('the file cannot be read as a table', options);
    this.name = 'TableUnreadableError';
  }
}

/** The import's limit when the caller names none. */
const defaultMaxRows = 100_000;
const sniffSize = 64 * 1024;
const zipSignature = Buffer.from('PK\x03\x04', 'latin1');

async function firstBytes(path: string, size: number): Promise<Buffer> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await file.read(buffer, 0, size, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * The format by the file's content, whatever its name says: a zip is taken for a workbook (one that is not fails
 * when read), text for CSV when its first 64 KB are UTF-8 (a byte order mark allowed) without NUL bytes. Anything
 * else — a PDF, a picture, a UTF-16 or Windows-1254 text — is null.
 */
export async function sniffTableFormat(path: string): Promise<TableFormat | null> {
  const head = await firstBytes(path, sniffSize);
  if (head.subarray(0, 4).equals(zipSignature)) return 'xlsx';
  if (head.includes(0)) return null;
  try {
    // A character cut at the 64 KB mark is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length === sniffSize });
    return 'csv';
  } catch {
    return null;
  }
}

/**
 * The file's rows, the header first, skipping rows whose cells are all blank. Throws `TableTooLargeError` before
 * the data row past `maxRows` (100,000 unless told) and `TableUnreadableError` when the file is not of its format;
 * a file that cannot be opened throws the file system's error.
 */
export async function* readTable(
  path: string,
  format: TableFormat,
  options: { maxRows?: number } = {},
): AsyncGenerator<string[]> {
  const { maxRows = defaultMaxRows } = options;
  let dataRows = -1;
  try {
    for await (const row of format === 'xlsx' ? xlsxRows(path) : csvRows(path)) {
      if (row.every((cell) => cell.trim() === '')) continue;
      dataRows += 1;
      if (dataRows > maxRows) throw new TableTooLargeError(maxRows);
      yield row;
    }
  } catch (error) {
    throw readError(error);
  }
}

/** A parser's failure as `TableUnreadableError`; our own errors and the file system's pass as they are. */
function readError(error: unknown): Error {
  if (error instanceof TableTooLargeError || error instanceof TableUnreadableError) return error;
  if (error instanceof Error && 'syscall' in error) return error;
  return new TableUnreadableError({ cause: error });
}

// CSV

/** Comma or semicolon, whichever the first line has more of outside quotes (Excel in Azerbaijan saves semicolons). */
function csvDelimiter(head: string): ',' | ';' {
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  let lineStarted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (char === '\n' || char === '\r') {
      if (lineStarted) break;
    } else if (char === ',') commas += 1;
    else if (char === ';') semicolons += 1;
    lineStarted ||= char !== '\n' && char !== '\r' && char !== '\uFEFF';
  }
  return semicolons > commas ? ';' : ',';
}

/** The bytes as they come, failing at the first that is not UTF-8 (csv-parse would put U+FFFD in its place). */
async function* strictUtf8(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of chunks) {
    decoder.decode(chunk, { stream: true });
    yield chunk;
  }
  decoder.decode();
}

async function* csvRows(path: string): AsyncGenerator<string[]> {
  const delimiter = csvDelimiter((await firstBytes(path, sniffSize)).toString('utf8'));
  const parser = parse({
    bom: true,
    delimiter,
    relax_column_count: true,
    // A quote inside an unquoted field is text, as Excel reads it.
    relax_quotes: true,
    skip_empty_lines: true,
  });
  // Errors reach the loop through the parser; stopping the loop closes the file.
  pipeline(createReadStream(path), strictUtf8, parser, () => {});
  yield* parser as AsyncIterable<string[]>;
}

// Excel

/**
 * Parts larger than these, unpacked, are not a table of 100,000 rows but a zip bomb: a 20 MB file may unpack to
 * gigabytes. The shared strings are held in memory while the sheet is read, so their limit is lower.
 */
const maxSheetBytes = 512 * 2 ** 20;
const maxSharedStringsBytes = 128 * 2 ** 20;
const maxOtherPartBytes = 16 * 2 ** 20;

interface ZipEntry extends Readable {
  path: string;
}

/** exceljs's zip reader, the one its streaming reader uses. */
const unzipper = createRequire(createRequire(import.meta.url).resolve('exceljs'))('unzipper') as {
  Parse(options: { forceStream: true }): Duplex;
};

/**
 * The workbook's entries in file order, each to be read to its end before the next. The walk is Node's own over
 * unzipper's stream: exceljs's walk (`iterateStream`) stops at unzipper's early "end" and so, now and then, never
 * sees the parts that come after a sheet, and reads the texts as empty (exceljs issue 683, unfixed).
 */
async function* zipEntries(path: string): AsyncGenerator<ZipEntry> {
  const input = createReadStream(path);
  const zip = input.pipe(unzipper.Parse({ forceStream: true }));
  let current: ZipEntry | undefined;
  let failure: Error | undefined;
  // unzipper reports a cut file on the zip, while the entry being read, or a next one it already gave out, waits
  // for ever for its end.
  zip.on('error', (error) => {
    failure ??= error;
    current?.destroy(error);
  });
  input.on('error', (error) => zip.destroy(error));
  try {
    for await (const entry of zip as AsyncIterable<ZipEntry>) {
      if (failure) throw failure;
      current = entry;
      yield entry;
    }
  } finally {
    zip.destroy();
    input.destroy();
  }
}

const tooLarge = (entry: ZipEntry, limit: number) => new Error(`${entry.path} unpacks to more than ${limit} bytes`);

/**
 * An entry's text, failing past `limit` bytes. Decoding the whole stream keeps a letter of two bytes (ə, ş) whole
 * where a chunk ends; exceljs decodes each chunk alone and makes it two U+FFFD (exceljs issues 2063, 2316, unfixed).
 */
async function* entryText(entry: ZipEntry, limit: number): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(entry, limit);
    yield decoder.decode(chunk, { stream: true });
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

async function skipEntry(entry: ZipEntry, limit: number) {
  let size = 0;
  for await (const chunk of entry as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(entry, limit);
  }
}

/** exceljs's streaming reader (4.4.0) below its typings: the steps that read one part each. */
interface WorkbookSteps {
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
}

const isWorksheet = (path: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(path);

/**
 * The first sheet's rows, in two walks through the zip: the first reads what the sheet's cells refer to (shared
 * strings, styles for the dates, the workbook's sheet order), the second reads the sheet. So nothing waits in a
 * temp file, whatever order the parts come in; the price is unpacking the file twice.
 */
async function* xlsxRows(path: string): AsyncGenerator<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // Dates are numbers in a date format.
    styles: 'cache',
    entries: 'ignore',
  });
  const steps = reader as unknown as WorkbookSteps;
  const part = (entry: ZipEntry, limit = maxOtherPartBytes) => Readable.from(entryText(entry, limit));
  const sheets: string[] = [];
  for await (const entry of zipEntries(path)) {
    if (entry.path === 'xl/_rels/workbook.xml.rels') await steps._parseRels(part(entry));
    else if (entry.path === 'xl/workbook.xml') await steps._parseWorkbook(part(entry));
    else if (entry.path === 'xl/styles.xml') await steps._parseStyles(part(entry));
    else if (entry.path === 'xl/sharedStrings.xml') {
      const strings = steps._parseSharedStrings(part(entry, maxSharedStringsBytes));
      while (!(await strings.next()).done);
    } else {
      if (isWorksheet(entry.path)) sheets.push(entry.path);
      await skipEntry(entry, maxSheetBytes);
    }
  }
  // The first tab; else, as when the first tab is a chart, the first worksheet part.
  const firstId = steps.model?.sheets?.[0]?.rId;
  const target = steps.workbookRels?.find((rel) => rel.Id === firstId)?.Target ?? '';
  const firstTab = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const sheet = sheets.includes(firstTab) ? firstTab : sheets[0];
  if (!sheet) throw new TableUnreadableError();

  for await (const entry of zipEntries(path)) {
    if (entry.path !== sheet) {
      entry.resume();
      continue;
    }
    const [found] = steps._parseWorksheet(entryText(entry, maxSheetBytes), '1');
    for await (const row of found!.value) {
      const cells: string[] = [];
      for (let column = 1; column <= row.cellCount; column += 1) cells.push(cellText(row.getCell(column)));
      yield cells;
    }
    return;
  }
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The app's dd.mm.yyyy, from the UTC parts: Excel's dates have no zone and exceljs reads them as UTC. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${twoDigits(date.getUTCDate())}.${twoDigits(date.getUTCMonth() + 1)}.${year}`;
}

/** A number's shortest decimal text, never in exponent form: 1e21 is "1000000000000000000000". */
function numberText(value: number): string {
  const text = String(value);
  const parts = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!parts) return text;
  const [, sign, lead, fraction = '', power] = parts;
  const digits = `${lead}${fraction}`;
  const exponent = Number(power);
  return exponent >= 0
    ? `${sign}${digits.padEnd(exponent + 1, '0')}`
    : `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
}

/** Excel's test for a date format, as exceljs makes it: a date or time letter outside quotes and brackets. */
const isDateFormat = (format: string | undefined) =>
  !!format && /[ymdhMsb]/.test(format.replace(/\[[^\]]*]|"[^"]*"/g, ''));

const excelEpoch = Date.UTC(1899, 11, 30);

/** A formula's cached result; exceljs reads a numeric one as a number even in a date format. */
function resultText(result: ExcelJS.CellFormulaValue['result'], cell: ExcelJS.Cell): string {
  if (typeof result === 'number') {
    if (Number.isNaN(result)) return '';
    if (isDateFormat(cell.numFmt)) return dateText(new Date(excelEpoch + Math.round(result * 86_400_000)));
  }
  return valueText(result, cell);
}

function valueText(value: ExcelJS.CellValue, cell: ExcelJS.Cell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return String(value);
  if (value instanceof Date) return dateText(value);
  if ('richText' in value) return value.richText.map((run) => run.text ?? '').join('');
  if ('formula' in value || 'sharedFormula' in value) return resultText(value.result, cell);
  if ('hyperlink' in value) return valueText(value.text as ExcelJS.CellValue, cell);
  if ('error' in value) return value.error;
  // `{ sharedString }`: a text the workbook refers to but does not have.
  throw new TableUnreadableError();
}

/** A cell as its text: a formula as its last computed result, never the formula. */
const cellText = (cell: ExcelJS.Cell) => valueText(cell.value, cell);
