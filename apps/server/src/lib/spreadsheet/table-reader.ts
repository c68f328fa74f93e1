import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { parse } from 'csv-parse';
import { Inflate } from 'fflate';
import { Parser } from 'htmlparser2';

/**
 * An uploaded table (an import of carriers, drivers, …) read row by row, so memory holds one row and not the file:
 * the first sheet of an Excel workbook, found by the zip's central directory and inflated by fflate piece by piece and its XML parsed by htmlparser2's SAX
 * parser, or a UTF-8 CSV read by csv-parse. Each row is its cells' texts as a person sees them in the cells; the
 * caller checks and converts them. Of SpreadsheetML only what a table needs is read (docs/decisions/0025-imports.md).
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

/**
 * A bound of what a file expands to (issue 40), broken while it was read: a cell's or a row's text, a row's columns,
 * all the text, or a part of a workbook unpacked. `limit` is the bound (characters, columns or bytes).
 */
export type TableBound = 'cell' | 'row' | 'columns' | 'text' | 'unpacked';
export class TableBoundError extends Error {
  readonly bound: TableBound;
  readonly limit: number;
  constructor(bound: TableBound, limit: number) {
    super(`the table breaks the ${bound} bound of ${limit}`);
    this.name = 'TableBoundError';
    this.bound = bound;
    this.limit = limit;
  }
}

/** What a read may expand to; each unbounded unless told, but `maxRows` (100,000). */
export interface TableLimits {
  maxRows: number;
  /** Characters of one cell: checked while the cell (or a shared string) is read, before it is repeated. */
  maxCellLength: number;
  /** Characters of one row's cells together. */
  maxRowLength: number;
  /** Columns of one row, up to its last cell that is not blank. */
  maxColumns: number;
  /** Characters of every row together. */
  maxTextLength: number;
}

const defaultLimits: TableLimits = {
  maxRows: 100_000,
  maxCellLength: Infinity,
  maxRowLength: Infinity,
  maxColumns: Infinity,
  maxTextLength: Infinity,
};
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
 * the data row past `maxRows` (100,000 unless told), `TableBoundError` at the first cell, row or text past its
 * bound, and `TableUnreadableError` when the file is not of its format; a file that cannot be opened throws the file
 * system's error.
 */
export async function* readTable(
  path: string,
  format: TableFormat,
  options: Partial<TableLimits> = {},
): AsyncGenerator<string[]> {
  const limits = { ...defaultLimits, ...options };
  let dataRows = -1;
  let text = 0;
  try {
    for await (const row of format === 'xlsx' ? xlsxRows(path, limits) : csvRows(path, limits)) {
      if (row.every((cell) => cell.trim() === '')) continue;
      dataRows += 1;
      if (dataRows > limits.maxRows) throw new TableTooLargeError(limits.maxRows);
      const kept = boundedRow(row, limits);
      for (const cell of kept) text += cell.length;
      if (text > limits.maxTextLength) throw new TableBoundError('text', limits.maxTextLength);
      yield kept;
    }
  } catch (error) {
    throw readError(error);
  }
}

/**
 * A row within its bounds: its cells' and its own length, its columns up to the last that is not blank (the blank
 * cells after it, such as a format run to column XFD, are dropped from a row wider than the bound).
 */
function boundedRow(row: string[], limits: TableLimits): string[] {
  let kept = row;
  if (row.length > limits.maxColumns) {
    let last = row.length - 1;
    while (last >= 0 && row[last]!.trim() === '') last -= 1;
    if (last >= limits.maxColumns) throw new TableBoundError('columns', limits.maxColumns);
    kept = row.slice(0, last + 1);
  }
  let length = 0;
  for (const cell of kept) {
    if (cell.length > limits.maxCellLength) throw new TableBoundError('cell', limits.maxCellLength);
    length += cell.length;
  }
  if (length > limits.maxRowLength) throw new TableBoundError('row', limits.maxRowLength);
  return kept;
}

/** A parser's failure as `TableUnreadableError`; our own errors and the file system's pass as they are. */
function readError(error: unknown): Error {
  if (error instanceof TableTooLargeError || error instanceof TableUnreadableError || error instanceof TableBoundError)
    return error;
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

async function* csvRows(path: string, limits: TableLimits): AsyncGenerator<string[]> {
  const delimiter = csvDelimiter((await firstBytes(path, sniffSize)).toString('utf8'));
  const parser = parse({
    bom: true,
    delimiter,
    // A record is held whole before it is handed on: bounded in bytes (a letter is at most 4), checked in characters
    // once it is whole.
    ...(Number.isFinite(limits.maxRowLength) ? { max_record_size: limits.maxRowLength * 4 } : {}),
    relax_column_count: true,
    // A quote inside an unquoted field is text, as Excel reads it.
    relax_quotes: true,
    skip_empty_lines: true,
  });
  // Errors reach the loop through the parser; stopping the loop closes the file.
  pipeline(createReadStream(path), strictUtf8, parser, () => {});
  try {
    yield* parser as AsyncIterable<string[]>;
  } catch (error) {
    if ((error as { code?: string }).code === 'CSV_MAX_RECORD_SIZE')
      throw new TableBoundError('row', limits.maxRowLength);
    throw error;
  }
}

// Excel

/**
 * Parts larger than these, unpacked, are not a table of 100,000 rows but a zip bomb: a 20 MB file may unpack to
 * gigabytes. The shared strings are held in memory while the sheet is read, so their limit is lower.
 */
const maxSheetBytes = 512 * 2 ** 20;
const maxSharedStringsBytes = 128 * 2 ** 20;
const maxOtherPartBytes = 16 * 2 ** 20;

/**
 * The file goes to the unzipper in pieces of this size, and the rows made from each are handed on before the next:
 * fflate inflates all it is given at once, and 4 KB unpack to some 4 MB at most, however well they pack.
 */
const pieceSize = 4 * 1024;

/** A part being read: the parser its text goes to, and the most it may unpack to. */
interface PartReader {
  parser: Parser;
  limit: number;
}

/** An entry of a zip as its central directory lists it: where its packed bytes start and how many there are. */
interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  packed: number;
  /** Of its local header. */
  offset: number;
}

/**
 * The zip's entries from its central directory, the one place that holds every entry's packed size: a workbook
 * written as a stream (our own export's, many servers') gives the sizes only after each entry's data, where a reader
 * going through the file in order would have to guess the end by a signature that packed bytes may hold by chance.
 */
function centralDirectory(file: Buffer): ZipEntry[] {
  // The end record's signature, within its 22 bytes and a comment of up to 65,535 after it.
  let end = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at -= 1) {
    if (file.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > file.length || file.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const nameLength = file.readUInt16LE(at + 28);
    entries.push({
      name: file.toString('utf8', at + 46, at + 46 + nameLength),
      method: file.readUInt16LE(at + 10),
      packed: file.readUInt32LE(at + 20),
      offset: file.readUInt32LE(at + 42),
    });
    at += 46 + nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * One walk through the zip's entries in the central directory's order, pausing after each piece of packed bytes.
 * `readerOf` gives an entry's reader; an entry without one is skipped unread. An entry's text is decoded as one
 * stream, so a letter of two bytes (ə, ş) split between chunks stays whole.
 */
async function* zipWalk(path: string, readerOf: (name: string) => PartReader | undefined): AsyncGenerator<void> {
  // An upload is at most 20 MB: the packed file is held, never what it unpacks to.
  const file = await readFile(path);
  for (const entry of centralDirectory(file)) {
    const reader = readerOf(entry.name);
    if (!reader) continue;
    if (entry.method !== 0 && entry.method !== 8) throw new Error(`${entry.name}: compression ${entry.method}`);
    if (entry.offset + 30 > file.length || file.readUInt32LE(entry.offset) !== 0x04034b50)
      throw new Error(`${entry.name}: no local header`);
    const start = entry.offset + 30 + file.readUInt16LE(entry.offset + 26) + file.readUInt16LE(entry.offset + 28);
    if (start + entry.packed > file.length) throw new Error(`${entry.name}: cut short`);
    const packed = file.subarray(start, start + entry.packed);
    const decoder = new TextDecoder();
    let size = 0;
    let failure: unknown;
    let done = false;
    const take = (data: Uint8Array, final: boolean) => {
      done = final;
      size += data.length;
      if (size > reader.limit) throw new TableBoundError('unpacked', reader.limit);
      reader.parser.write(decoder.decode(data, { stream: !final }));
      if (final) reader.parser.end();
    };
    const inflate = new Inflate((data, final) => {
      if (failure) return;
      try {
        take(data, final);
      } catch (caught) {
        failure = caught;
      }
    });
    for (let at = 0; at < packed.length || at === 0; at += pieceSize) {
      const piece = packed.subarray(at, at + pieceSize);
      const last = at + pieceSize >= packed.length;
      if (entry.method === 0) take(piece, last);
      else inflate.push(piece, last);
      if (failure) throw failure;
      yield;
      if (last) break;
    }
    if (!done) throw new Error(`${entry.name}: the packed data ends early`);
  }
}

// The workbook's XML

/** htmlparser2 in XML mode: names as written, entities decoded once (attributes too), CDATA read as text. */
const xmlMode = { xmlMode: true };

/** An element's or attribute's name without its prefix (`x:c` is `c`): writers other than Excel prefix them. */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** OOXML's escape of characters XML cannot hold (`_x000D_` for a carriage return), as Excel shows them. */
const unescapeText = (text: string) =>
  text.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** An attribute by its local name; `prefixed` takes only a prefixed one (`r:id`, not `sheetId`'s neighbours). */
function attribute(attributes: Record<string, string>, name: string, prefixed = false): string | undefined {
  for (const [key, value] of Object.entries(attributes)) {
    if (localName(key) === name && (!prefixed || key.includes(':'))) return value;
  }
  return undefined;
}

/**
 * The shared strings: each `<si>`'s text, its rich runs joined, its phonetic guides (`<rPh>`) left out. A string
 * longer than a cell may be is refused here, before any cell repeats it; so is a table of more text than the file may
 * expand to.
 */
function sharedStringsParser(strings: string[], limits: TableLimits): Parser {
  let text = '';
  let inText = false;
  let guide = 0;
  let total = 0;
  return new Parser(
    {
      onopentag(name) {
        const tag = localName(name);
        if (tag === 'si') text = '';
        else if (tag === 'rPh') guide += 1;
        else if (tag === 't') inText = true;
      },
      ontext(value) {
        if (!inText || guide !== 0) return;
        // An escape (`_x000D_`) shortens a text: the bound is checked on the text as written, with room for them.
        if (text.length + value.length > limits.maxCellLength * 7)
          throw new TableBoundError('cell', limits.maxCellLength);
        text += value;
      },
      onclosetag(name) {
        const tag = localName(name);
        if (tag === 't') inText = false;
        else if (tag === 'rPh') guide -= 1;
        else if (tag === 'si') {
          const kept = unescapeText(text);
          if (kept.length > limits.maxCellLength) throw new TableBoundError('cell', limits.maxCellLength);
          total += kept.length;
          if (total > limits.maxTextLength) throw new TableBoundError('text', limits.maxTextLength);
          strings.push(kept);
        }
      },
    },
    xmlMode,
  );
}

interface Workbook {
  /** The tabs' relationship ids, in the tabs' order. */
  tabs: string[];
  date1904: boolean;
}

function workbookParser(workbook: Workbook): Parser {
  return new Parser(
    {
      onopentag(name, attributes) {
        const tag = localName(name);
        if (tag === 'workbookPr') {
          const value = attribute(attributes, 'date1904');
          workbook.date1904 = value === 'true' || value === '1';
        } else if (tag === 'sheet') {
          const id = attribute(attributes, 'id', true);
          if (id) workbook.tabs.push(id);
        }
      },
    },
    xmlMode,
  );
}

interface Relationship {
  /** The part's name in the zip, lower case. */
  part: string;
  worksheet: boolean;
}

/** A relationship's target as a part name: relative to `xl/`, or absolute from the zip's root. */
function partName(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/').toLowerCase();
}

function relationshipsParser(relationships: Map<string, Relationship>): Parser {
  return new Parser(
    {
      onopentag(name, attributes) {
        if (localName(name) !== 'Relationship') return;
        const id = attribute(attributes, 'Id');
        const target = attribute(attributes, 'Target');
        if (!id || !target) return;
        const type = attribute(attributes, 'Type') ?? '';
        relationships.set(id, { part: partName(target), worksheet: type.endsWith('/worksheet') });
      },
    },
    xmlMode,
  );
}

interface Styles {
  /** Custom number formats by id. */
  formatCodes: Map<number, string>;
  /** Each cell format's number format: a cell's `s` is its place here. */
  cellFormats: number[];
}

function stylesParser(styles: Styles): Parser {
  let inCellFormats = false;
  return new Parser(
    {
      onopentag(name, attributes) {
        const tag = localName(name);
        if (tag === 'numFmt') {
          const id = Number(attribute(attributes, 'numFmtId'));
          if (Number.isInteger(id)) styles.formatCodes.set(id, attribute(attributes, 'formatCode') ?? '');
        } else if (tag === 'cellXfs') inCellFormats = true;
        else if (tag === 'xf' && inCellFormats) styles.cellFormats.push(Number(attribute(attributes, 'numFmtId') ?? 0));
      },
      onclosetag(name) {
        if (localName(name) === 'cellXfs') inCellFormats = false;
      },
    },
    xmlMode,
  );
}

/** Excel's built-in date formats (times alone, 18-21 and 45-47, stay numbers). */
const isBuiltInDate = (id: number) =>
  (id >= 14 && id <= 17) || id === 22 || (id >= 27 && id <= 36) || (id >= 50 && id <= 58);

/** A custom format shows a date: d or y, or m without h or s, outside quotes, brackets and escapes. */
function isDateCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\[^]/g, '')
    .replace(/\[[^\]]*\]/g, '')
    .toLowerCase();
  return /[dy]/.test(bare) || (/m/.test(bare) && !/[hs]/.test(bare));
}

/** The cell formats (by place) that show a date. */
const dateStyles = ({ formatCodes, cellFormats }: Styles) =>
  new Set(
    cellFormats.flatMap((id, place) =>
      isBuiltInDate(id) || (formatCodes.has(id) && isDateCode(formatCodes.get(id)!)) ? [place] : [],
    ),
  );

interface SheetContext {
  strings: string[];
  dateStyles: Set<number>;
  date1904: boolean;
  limits: TableLimits;
}

interface Cell {
  type: string;
  style: number;
  value: string;
  inline: string;
}

/** Excel's last column, XFD. */
const maxColumns = 16_384;

/** A cell reference's column, from 0 ("A1" is 0, "AB7" is 27); past XFD the file is not a table. */
function columnOf(reference: string): number {
  let column = 0;
  for (const letter of reference.toUpperCase()) {
    const code = letter.charCodeAt(0);
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
  }
  if (column === 0 || column > maxColumns) throw new Error(`the cell reference ${reference} is out of the sheet`);
  return column - 1;
}

/**
 * The sheet's rows, each pushed to `rows` as it closes: cells placed by their references (or after the one before),
 * the gaps filled with ''; rows of blank cells left out here already (a sheet of empty rows is a bomb's shape). A
 * cell's text and a row's are bounded while they are read (a shared string repeated in every cell of a row).
 */
function sheetParser(context: SheetContext, rows: string[][], ended: () => void): Parser {
  const { maxCellLength, maxRowLength } = context.limits;
  let row: string[] = [];
  let rowLength = 0;
  let next = 0;
  let cell: Cell | null = null;
  let column = 0;
  let inValue = false;
  let inText = false;
  let guide = 0;
  return new Parser(
    {
      onopentag(name, attributes) {
        const tag = localName(name);
        if (tag === 'row') {
          row = [];
          rowLength = 0;
          next = 0;
        } else if (tag === 'c') {
          const reference = attribute(attributes, 'r');
          column = reference ? columnOf(reference) : next;
          if (column >= maxColumns) throw new Error('a row runs past the last column');
          cell = {
            type: attribute(attributes, 't') ?? 'n',
            style: Number(attribute(attributes, 's') ?? 0),
            value: '',
            inline: '',
          };
        } else if (tag === 'v') inValue = true;
        else if (tag === 't') inText = true;
        else if (tag === 'rPh') guide += 1;
      },
      ontext(text) {
        if (!cell) return;
        if (inValue) cell.value += text;
        else if (inText && guide === 0) cell.inline += text;
        // As written, with room for escapes (`_x000D_` is one letter); the cell's text is checked when it closes.
        if (cell.value.length + cell.inline.length > maxCellLength * 7)
          throw new TableBoundError('cell', maxCellLength);
      },
      onclosetag(name) {
        const tag = localName(name);
        if (tag === 'v') inValue = false;
        else if (tag === 't') inText = false;
        else if (tag === 'rPh') guide -= 1;
        else if (tag === 'c' && cell) {
          while (row.length < column) row.push('');
          const text = cellText(cell, context);
          if (text.length > maxCellLength) throw new TableBoundError('cell', maxCellLength);
          rowLength += text.length - (row[column]?.length ?? 0);
          if (rowLength > maxRowLength) throw new TableBoundError('row', maxRowLength);
          row[column] = text;
          next = column + 1;
          cell = null;
        } else if (tag === 'row') {
          if (row.some((text) => text.trim() !== '')) rows.push(row);
        } else if (tag === 'sheetData') ended();
      },
    },
    xmlMode,
  );
}

/** A cell's text as a person sees it: a formula by its last result, never the formula; an error as nothing. */
function cellText(cell: Cell, context: SheetContext): string {
  switch (cell.type) {
    case 's': {
      const text = context.strings[Number(cell.value)];
      if (text === undefined) throw new Error(`shared string ${cell.value} is missing`);
      return text;
    }
    case 'inlineStr':
      return unescapeText(cell.inline);
    case 'str':
      return unescapeText(cell.value);
    case 'b':
      return cell.value.trim() === '1' ? 'true' : 'false';
    case 'e':
      return '';
    case 'd':
      return cell.value.trim() === '' ? '' : dateText(new Date(cell.value.trim()));
    default: {
      const text = cell.value.trim();
      if (text === '') return '';
      const value = Number(text);
      if (!Number.isFinite(value)) return text;
      return context.dateStyles.has(cell.style) ? serialDate(value, context.date1904) : numberText(value);
    }
  }
}

const isWorksheet = (part: string) => /^xl\/worksheets\/[^/]+\.xml$/.test(part);

/**
 * The first sheet's rows, in two walks through the zip: the first reads what the sheet's cells refer to (shared
 * strings, styles for the dates, the workbook's tabs), the second reads the sheet. So nothing waits in a temp file,
 * whatever order the parts come in; the price is reading the file twice.
 */
async function* xlsxRows(path: string, limits: TableLimits): AsyncGenerator<string[]> {
  const strings: string[] = [];
  const workbook: Workbook = { tabs: [], date1904: false };
  const relationships = new Map<string, Relationship>();
  const styles: Styles = { formatCodes: new Map(), cellFormats: [] };
  const readers = new Map<string, () => PartReader>([
    ['xl/sharedstrings.xml', () => ({ parser: sharedStringsParser(strings, limits), limit: maxSharedStringsBytes })],
    ['xl/workbook.xml', () => ({ parser: workbookParser(workbook), limit: maxOtherPartBytes })],
    ['xl/_rels/workbook.xml.rels', () => ({ parser: relationshipsParser(relationships), limit: maxOtherPartBytes })],
    ['xl/styles.xml', () => ({ parser: stylesParser(styles), limit: maxOtherPartBytes })],
  ]);
  const parts = new Set<string>();
  const firstWalk = zipWalk(path, (name) => {
    const part = name.toLowerCase();
    // A part named twice: the first counts.
    if (parts.has(part)) return undefined;
    parts.add(part);
    return readers.get(part)?.();
  });
  // The parsers fill in what they were given.
  for await (const _ of firstWalk);

  // The first tab; else, as when the first tab is a chart, the next that is a worksheet; else the first worksheet.
  const sheet =
    workbook.tabs.map((id) => relationships.get(id)).find((tab) => tab?.worksheet && parts.has(tab.part))?.part ??
    [...parts].find(isWorksheet);
  if (!sheet) throw new TableUnreadableError();

  const context = { strings, dateStyles: dateStyles(styles), date1904: workbook.date1904, limits };
  const rows: string[][] = [];
  let started = false;
  let ended = false;
  const secondWalk = zipWalk(path, (name) => {
    if (started || name.toLowerCase() !== sheet) return undefined;
    started = true;
    return { parser: sheetParser(context, rows, () => (ended = true)), limit: maxSheetBytes };
  });
  for await (const _ of secondWalk) {
    for (const row of rows.splice(0)) yield row;
    if (ended) return;
  }
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** The app's dd.mm.yyyy, from the UTC parts: Excel's dates have no zone. */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const year = String(date.getUTCFullYear()).padStart(4, '0');
  return `${twoDigits(date.getUTCDate())}.${twoDigits(date.getUTCMonth() + 1)}.${year}`;
}

const excelEpoch = Date.UTC(1899, 11, 30);

/**
 * A date kept as Excel keeps it, days since its epoch with the time as the fraction: from 1900 (day 1 is 1 January
 * 1900, and Excel counts a 29 February 1900 that never was) or, in a workbook of the 1904 system, from 1904.
 */
function serialDate(serial: number, date1904: boolean): string {
  const days = date1904 ? serial + 1462 : serial < 60 ? serial + 1 : serial;
  return dateText(new Date(excelEpoch + Math.round(days * 86_400_000)));
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
