import type { Writable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';

/**
 * A streaming xlsx writer: SpreadsheetML rows deflated into a zip entry by fflate as they are written, so memory
 * holds one buffer of rows, never the sheet (docs/decisions/0037-exports-and-formula-safety.md). Cells are text (inline
 * strings, no shared-string table to grow) or numbers; a row is plain, bold or a title, and chosen columns may be
 * money (`#,##0.00`). One sheet is open at a time. A text that would be read as a formula when edited carries the
 * quote prefix (`isFormulaText`).
 */

export type XlsxCell = string | number | null | undefined;

export interface XlsxRowStyle {
  font?: 'bold' | 'title';
  /** Zero-based columns whose numbers are money. */
  money?: ReadonlySet<number>;
}

export interface XlsxSheet {
  /** Writes the next row; an empty row leaves a blank line. */
  row(cells: readonly XlsxCell[], style?: XlsxRowStyle): void;
  /** Hands the buffered rows to the output and waits while it is full; false once the reader has gone away. */
  flush(): Promise<boolean>;
  end(): Promise<boolean>;
}

export interface XlsxWorkbook {
  sheet(name: string, options?: { widths?: readonly number[] }): XlsxSheet;
  /** Writes the workbook's parts and ends the output. */
  end(): void;
}

// A spreadsheet reads these as a formula (OWASP's CSV injection list), also after leading spaces.
const formulaStart = /^\s*[=+\-@]|^[\t\r]/;

/** Whether a spreadsheet would read `text` as a formula when it is typed, imported or edited (issue 40). */
export function isFormulaText(text: string): boolean {
  return formulaStart.test(text);
}

const fonts = ['', '<b/>', '<b/><sz val="14"/>'] as const;
const fontIndex = { plain: 0, bold: 1, title: 2 } as const;
type CellKind = 'text' | 'money' | 'quoted';
/**
 * One cell format per font, then the same fonts with the money format (built-in number format 4, #,##0.00), then
 * with the quote prefix: the text shows as it is and stays text when a person edits the cell (Excel, LibreOffice).
 */
const kinds: readonly CellKind[] = ['text', 'money', 'quoted'];
const styleOf = (font: 0 | 1 | 2, kind: CellKind) => font + kinds.indexOf(kind) * fonts.length;

const bufferLimit = 64 * 1024;
const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';
const forbidden = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML content or attribute: characters XML cannot carry are dropped. */
export function xmlText(value: string): string {
  return value
    .replace(forbidden, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** 0 -> A, 25 -> Z, 26 -> AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function cellXml(cell: XlsxCell, ref: string, style: number): string {
  const s = style === 0 ? '' : ` s="${style}"`;
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new RangeError(`cell ${ref} is not a finite number`);
    return `<c r="${ref}"${s}><v>${cell}</v></c>`;
  }
  const space = /^\s|\s$/.test(cell!) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${xmlText(cell!)}</t></is></c>`;
}

function rowXml(number: number, cells: readonly XlsxCell[], style: XlsxRowStyle): string {
  const font = fontIndex[style.font ?? 'plain'];
  let xml = '';
  cells.forEach((cell, column) => {
    if (cell === null || cell === undefined || cell === '') return;
    const kind =
      typeof cell === 'number'
        ? style.money?.has(column)
          ? 'money'
          : 'text'
        : isFormulaText(cell)
          ? 'quoted'
          : 'text';
    xml += cellXml(cell, `${columnName(column)}${number}`, styleOf(font, kind));
  });
  return xml && `<row r="${number}">${xml}</row>`;
}

function stylesXml(): string {
  const fontXml = fonts.map((f) => `<font>${f.includes('sz') ? f : `${f}<sz val="11"/>`}<name val="Calibri"/></font>`);
  const xf = (kind: CellKind) =>
    fonts.map(
      (_, font) =>
        `<xf numFmtId="${kind === 'money' ? 4 : 0}" fontId="${font}" fillId="0" borderId="0" xfId="0"` +
        `${kind === 'quoted' ? ' quotePrefix="1"' : ''}` +
        `${font ? ' applyFont="1"' : ''}${kind === 'money' ? ' applyNumberFormat="1"' : ''}/>`,
    );
  const xfs = kinds.flatMap(xf);
  return (
    `${xmlHead}<styleSheet xmlns="${mainNs}">` +
    `<fonts count="${fontXml.length}">${fontXml.join('')}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

/** The parts beside the sheets: content types, relationships, workbook, styles, document properties. */
function packageParts(sheets: readonly string[], creator: string): Record<string, string> {
  const stamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
  const sheetTypes = sheets.map(
    (_, i) =>
      `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ` +
      'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
  );
  return {
    '[Content_Types].xml':
      `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      sheetTypes.join('') +
      '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
      `<Relationship Id="rId1" Type="${relNs}/officeDocument" Target="xl/workbook.xml"/>` +
      `<Relationship Id="rId2" Type="${packageRelNs}/metadata/core-properties" Target="docProps/core.xml"/>` +
      '</Relationships>',
    'docProps/core.xml':
      `${xmlHead}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ` +
      'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
      'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
      `<dc:creator>${xmlText(creator)}</dc:creator>` +
      `<dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created>` +
      '</cp:coreProperties>',
    'xl/workbook.xml':
      `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><sheets>` +
      sheets.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
      '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
      sheets
        .map(
          (_, i) => `<Relationship Id="rId${i + 1}" Type="${relNs}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
        )
        .join('') +
      `<Relationship Id="rId${sheets.length + 1}" Type="${relNs}/styles" Target="styles.xml"/>` +
      '</Relationships>',
    'xl/styles.xml': stylesXml(),
  };
}

/** Waits until `out` takes more: true when it drained, false when it was closed first. */
export async function drained(out: Writable): Promise<boolean> {
  if (out.destroyed || out.writableEnded) return false;
  if (!out.writableNeedDrain) return true;
  return new Promise<boolean>((resolve, reject) => {
    const settle = (open: boolean, error?: Error) => {
      out.off('drain', onDrain);
      out.off('close', onClose);
      out.off('error', onError);
      if (error) reject(error);
      else resolve(open);
    };
    const onDrain = () => settle(true);
    const onClose = () => settle(false);
    const onError = (error: Error) => settle(false, error);
    out.on('drain', onDrain);
    out.on('close', onClose);
    out.on('error', onError);
  });
}

// Excel's rule: 1 to 31 characters, none of []:*?/\, no apostrophe at either end.
const usableSheetName = (name: string) =>
  name.length >= 1 && name.length <= 31 && !/[[\]:*?/\\]/.test(name) && !/^'|'$/.test(name);

/** A workbook written into `out` as it is built; `out` is ended with the last byte. */
export function startXlsx(out: Writable, options: { creator: string }): XlsxWorkbook {
  let failure: Error | undefined;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure ??= error;
    else if (!out.destroyed) {
      out.write(chunk);
      if (final) out.end();
    }
  });
  const names: string[] = [];
  let open = false;
  const check = () => {
    if (failure) throw failure;
  };
  const part = (path: string, text: string) => {
    const entry = new ZipDeflate(path, { level: 6 });
    zip.add(entry);
    entry.push(Buffer.from(text), true);
  };

  return {
    sheet(name, { widths = [] } = {}) {
      if (open) throw new Error('the previous sheet is still open');
      if (!usableSheetName(name) || names.includes(name)) throw new RangeError(`not a usable sheet name: ${name}`);
      open = true;
      names.push(name);
      const entry = new ZipDeflate(`xl/worksheets/sheet${names.length}.xml`, { level: 6 });
      zip.add(entry);
      const cols = widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('');
      let buffer = `${xmlHead}<worksheet xmlns="${mainNs}">${cols && `<cols>${cols}</cols>`}<sheetData>`;
      let rows = 0;
      const push = (final: boolean) => {
        entry.push(Buffer.from(buffer), final);
        buffer = '';
        check();
      };
      return {
        row(cells, style = {}) {
          rows += 1;
          buffer += rowXml(rows, cells, style);
          if (buffer.length >= bufferLimit) push(false);
        },
        async flush() {
          push(false);
          return drained(out);
        },
        async end() {
          buffer += '</sheetData></worksheet>';
          push(true);
          open = false;
          return drained(out);
        },
      };
    },
    end() {
      if (open) throw new Error('a sheet is still open');
      for (const [path, text] of Object.entries(packageParts(names, options.creator))) part(path, text);
      zip.end();
      check();
    },
  };
}
