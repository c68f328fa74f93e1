import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { ExportColumn, ListExportFormat } from '@dnx/shared';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readTable,
  sniffTableFormat,
  TableBoundError,
  TableTooLargeError,
  TableUnreadableError,
  type TableFormat,
} from './table-reader';
import { writeTable } from './table-writer';
import { xmlText } from './xlsx-writer';

const xmlHead = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const mainNs = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const relNs = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRelNs = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A workbook to build by hand: the XML Excel writes, of only the parts the reader reads. */
interface Book {
  /** Each sheet's rows: the XML inside its `<sheetData>`. */
  sheets: string[];
  /** The shared strings: the XML inside each `<si>`. */
  strings?: string[];
  /** Custom number formats by id, and each cell format's number format (a cell's `s` is its place). */
  numFmts?: Record<number, string>;
  cellXfs?: number[];
}

/** A book's parts in Excel's order: the workbook before the sheets, the styles and shared strings after them. */
function bookParts({ sheets, strings = [], numFmts = {}, cellXfs = [0] }: Book): Record<string, string> {
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${relNs}/${type}" Target="${target}"/>`;
  const formats = Object.entries(numFmts).map(
    ([id, code]) => `<numFmt numFmtId="${id}" formatCode="${xmlText(code)}"/>`,
  );
  return {
    '[Content_Types].xml': `${xmlHead}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    '_rels/.rels':
      `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
      `${relationship('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    'xl/workbook.xml':
      `${xmlHead}<workbook xmlns="${mainNs}" xmlns:r="${relNs}"><workbookPr defaultThemeVersion="166925"/><sheets>` +
      sheets.map((_, i) => `<sheet name="Vərəq${i + 1}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
      '</sheets></workbook>',
    'xl/_rels/workbook.xml.rels':
      `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
      sheets.map((_, i) => relationship(`rId${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`)).join('') +
      relationship('rIdS', 'styles', 'styles.xml') +
      relationship('rIdT', 'sharedStrings', 'sharedStrings.xml') +
      '</Relationships>',
    ...Object.fromEntries(
      sheets.map((rows, i) => [
        `xl/worksheets/sheet${i + 1}.xml`,
        `${xmlHead}<worksheet xmlns="${mainNs}"><dimension ref="A1"/><sheetData>${rows}</sheetData></worksheet>`,
      ]),
    ),
    'xl/styles.xml':
      `${xmlHead}<styleSheet xmlns="${mainNs}">` +
      (formats.length ? `<numFmts count="${formats.length}">${formats.join('')}</numFmts>` : '') +
      // A cell style's format is not a cell's: only cellXfs count.
      '<cellStyleXfs count="1"><xf numFmtId="14" fontId="0"/></cellStyleXfs>' +
      `<cellXfs count="${cellXfs.length}">` +
      cellXfs.map((id) => `<xf numFmtId="${id}" fontId="0" xfId="0"/>`).join('') +
      '</cellXfs>' +
      '</styleSheet>',
    'xl/sharedStrings.xml':
      `${xmlHead}<sst xmlns="${mainNs}" count="${strings.length}" uniqueCount="${strings.length}">` +
      strings.map((item) => `<si>${item}</si>`).join('') +
      '</sst>',
    'docProps/core.xml':
      `${xmlHead}<cp:coreProperties ` +
      'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"/>',
  };
}

/** A shared string or inline text of plain text. */
const t = (text: string) => `<t xml:space="preserve">${xmlText(text)}</t>`;

/** Uploaded tables read back row by row: files written by the app's own writer and workbooks built by hand. */
describe('table reader', () => {
  const dir = mkdtempSync(join(tmpdir(), 'table-reader-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let files = 0;
  const file = (name: string, content: string | Uint8Array) => {
    const path = join(dir, `${(files += 1)}-${name}`);
    writeFileSync(path, content);
    return path;
  };
  const read = async (path: string, format: TableFormat, maxRows?: number) => {
    const rows: string[][] = [];
    for await (const row of readTable(path, format, maxRows === undefined ? {} : { maxRows })) rows.push(row);
    return rows;
  };
  /** The parts zipped in `order` (the rest after them in theirs), deflated, or stored as they are with level 0. */
  const zipped = (name: string, parts: Record<string, string>, order: string[] = [], level: 0 | 6 = 6) => {
    const names = [...order, ...Object.keys(parts).filter((part) => !order.includes(part))];
    return file(name, zipSync(Object.fromEntries(names.map((part) => [part, [strToU8(parts[part]!), { level }]]))));
  };
  const bookFile = (name: string, book: Book) => zipped(name, bookParts(book));
  /** A one-column sheet of these texts as inline strings. */
  const inlineRows = (texts: string[]) =>
    texts.map((text, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is>${t(text)}</is></c></row>`).join('');
  /** A file written by `writeTable`, the app's export. */
  const exported = async <Row>(
    name: string,
    format: ListExportFormat,
    columns: ExportColumn<Row>[],
    rows: AsyncIterable<Row[]>,
  ) => {
    const path = join(dir, `${(files += 1)}-${name}`);
    const out = createWriteStream(path);
    await writeTable(out, format, { title: 'Daşıyıcılar', columns, chunks: rows });
    await finished(out);
    return path;
  };
  async function* chunksOf<Row>(count: number, row: (i: number) => Row) {
    for (let start = 0; start < count; start += 1000) {
      yield Array.from({ length: Math.min(1000, count - start) }, (_, i) => row(start + i));
    }
  }
  const letters = 'əğıöüşçƏĞIÖÜŞÇİ';

  it("reads a workbook of the app's own writer: texts as they are, numbers, empty cells", async () => {
    type Carrier = { name: string; voen: string; phone: string; debt: string | null; seats: number | null };
    const carriers: Carrier[] = [
      { name: 'Şəki Nəqliyyat MMC', voen: '1400123451', phone: '+994501234567', debt: '1234.50', seats: 18 },
      { name: '  Ağdaş Ekspress ', voen: '0000012345', phone: '', debt: null, seats: null },
    ];
    const path = await exported<Carrier>(
      'own.xlsx',
      'xlsx',
      [
        { header: 'Ad', value: (c) => c.name },
        { header: 'VÖEN', value: (c) => c.voen },
        { header: 'Telefon', value: (c) => c.phone },
        { header: 'Borc', value: (c) => c.debt, money: true },
        { header: 'Yer', value: (c) => c.seats },
      ],
      (async function* () {
        yield carriers;
      })(),
    );
    expect(await sniffTableFormat(path)).toBe('xlsx');
    expect(await read(path, 'xlsx')).toEqual([
      ['Ad', 'VÖEN', 'Telefon', 'Borc', 'Yer'],
      ['Şəki Nəqliyyat MMC', '1400123451', '+994501234567', '1234.5', '18'],
      // The writer leaves empty cells out; the caller pads the row.
      ['  Ağdaş Ekspress ', '0000012345'],
    ]);
  });

  it('reads what Excel keeps in cells: dates, numbers, formulas by their results, rich text, errors', async () => {
    const path = bookFile('cells.xlsx', {
      strings: [
        ...['Ad', 'Tarix', 'Say', 'Düstur', 'Mətn'].map(t),
        // Rich text in runs, with a phonetic guide that is no part of the text.
        '<r><t xml:space="preserve">Əli </t></r><r><rPr><b/></rPr><t>Həsənov</t></r>' +
          '<rPh sb="0" eb="3"><t>ƏLİ</t></rPh>',
        t('=SUM(A1:A9)'),
        // Entities decoded once; OOXML's escape of a carriage return.
        '<t xml:space="preserve"> iki_x000D_\nsətir &amp;lt; </t>',
      ],
      numFmts: { 164: 'dd.mm.yyyy', 165: 'h:mm', 166: '#,##0.00 "ədəd";[Red]-#,##0.00', 167: '[$-42C]d mmmm yyyy;@' },
      // s: 1 built-in date, 2 custom date, 3 time alone, 4 built-in money, 5 letters in quotes and brackets, 6 date.
      cellXfs: [0, 14, 164, 165, 4, 166, 167],
      sheets: [
        '<row r="1" spans="1:5"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>' +
          '<c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c></row>' +
          '<row r="2"><c r="A2" t="s"><v>5</v></c><c r="B2" s="1"><v>45356</v></c><c r="C2"><v>1400123451</v></c>' +
          '<c r="D2"><f>A1+1</f><v>5</v></c><c r="E2" t="s"><v>6</v></c></row>' +
          `<row r="3"><c r="A3" t="inlineStr"><is>${t('sayt')}</is></c><c r="B3" s="2"><v>36525.645833333336</v></c>` +
          '<c r="C3"><v>0.30000000000000004</v></c><c r="D3" t="str"><f>UPPER("ş")</f><v>Ş</v></c>' +
          '<c r="E3" t="b"><v>1</v></c></row>' +
          '<row r="4"><c r="B4" s="2"><f>TODAY()</f><v>45356</v></c><c r="C4"><v>1E+21</v></c>' +
          '<c r="D4" t="e"><f>1/0</f><v>#DIV/0!</v></c></row>' +
          `<row r="5"><c r="A5" t="inlineStr"><is><t></t></is></c><c r="B5" t="inlineStr"><is>${t(' ')}</is></c>` +
          '<c r="C5" s="1"/></row>' +
          '<row r="6"><c r="A6"><v>-0.5</v></c><c r="B6" t="b"><v>0</v></c><c r="C6"><v>9.9999999999999995E-8</v></c>' +
          '<c r="D6" t="e"><v>#N/A</v></c><c r="E6" s="3"><v>0.5</v></c></row>' +
          '<row r="7"><c r="A7" t="s"><v>7</v></c><c r="C7" s="4"><v>1234.5</v></c><c r="D7" s="5"><v>1234.5</v></c>' +
          '<c r="E7" s="6"><v>45356.75</v></c></row>',
      ],
    });
    expect(await read(path, 'xlsx')).toEqual([
      ['Ad', 'Tarix', 'Say', 'Düstur', 'Mətn'],
      ['Əli Həsənov', '05.03.2024', '1400123451', '5', '=SUM(A1:A9)'],
      ['sayt', '31.12.1999', '0.30000000000000004', 'Ş', 'true'],
      // A formula's date is a number in a date format; an error reads empty.
      ['', '05.03.2024', '1000000000000000000000', ''],
      // The row of blanks is skipped; a time alone stays its number.
      ['-0.5', 'false', '0.0000001', '', '0.5'],
      [' iki\r\nsətir &lt; ', '', '1234.5', '1234.5', '05.03.2024'],
    ]);
  });

  it("reads other writers' shapes: prefixed names, cells without references, the 1904 system, ISO dates", async () => {
    const x = `xmlns:x="${mainNs}"`;
    const path = zipped('other.xlsx', {
      'xl/worksheets/data.xml':
        `${xmlHead}<x:worksheet ${x}><x:sheetData>` +
        '<x:row><x:c t="inlineStr"><x:is><x:t>Ad</x:t></x:is></x:c>' +
        '<x:c t="inlineStr"><x:is><x:t>Tarix</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Gün</x:t></x:is></x:c>' +
        '</x:row>' +
        '<x:row><x:c t="inlineStr"><x:is><x:r><x:t>Ba</x:t></x:r><x:r><x:t>kı</x:t></x:r></x:is></x:c>' +
        '<x:c s="1"><x:v>43894</x:v></x:c><x:c t="d"><x:v>2024-03-05T00:00:00Z</x:v></x:c>' +
        '<x:c r="F2"><x:v>7</x:v></x:c><x:c><x:v>8</x:v></x:c></x:row>' +
        '</x:sheetData></x:worksheet>',
      'xl/workbook.xml':
        `${xmlHead}<x:workbook ${x} xmlns:rel="${relNs}"><x:workbookPr date1904="true"/>` +
        '<x:sheets><x:sheet name="A" sheetId="1" rel:id="R7"/></x:sheets></x:workbook>',
      // An absolute target, in other letters' case than the part's name.
      'xl/_rels/workbook.xml.rels':
        `${xmlHead}<Relationships xmlns="${packageRelNs}">` +
        `<Relationship Id="R7" Type="${relNs}/worksheet" Target="/xl/Worksheets/Data.xml"/></Relationships>`,
      'xl/styles.xml':
        `${xmlHead}<x:styleSheet ${x}>` +
        '<x:cellXfs><x:xf numFmtId="0"/><x:xf numFmtId="14"/></x:cellXfs></x:styleSheet>',
    });
    expect(await read(path, 'xlsx')).toEqual([
      ['Ad', 'Tarix', 'Gün'],
      ['Bakı', '05.03.2024', '05.03.2024', '', '', '7', '8'],
    ]);
  });

  /** A zip's parts as texts. */
  const partsOf = (path: string) =>
    Object.fromEntries(Object.entries(unzipSync(readFileSync(path))).map(([part, bytes]) => [part, strFromU8(bytes)]));

  it('reads only the first tab, wherever its part lies', async () => {
    const parts = bookParts({ sheets: [inlineRows(['Ad', 'Bakı']), inlineRows(['Başqa', 'Gəncə'])] });
    expect(await read(zipped('sheets.xlsx', parts), 'xlsx')).toEqual([['Ad'], ['Bakı']]);
    // The tabs swapped in the workbook, the parts where they were; the sheets before the workbook.
    const swapped = {
      ...parts,
      'xl/workbook.xml': parts['xl/workbook.xml']!.replace(/(<sheet [^>]*\/>)(<sheet [^>]*\/>)/, '$2$1'),
    };
    const sheetsFirst = ['xl/worksheets/sheet2.xml', 'xl/worksheets/sheet1.xml'];
    expect(await read(zipped('swapped.xlsx', swapped, sheetsFirst), 'xlsx')).toEqual([['Başqa'], ['Gəncə']]);
    // A chart as the first tab: the first tab that is a worksheet.
    const chartFirst = {
      ...parts,
      'xl/_rels/workbook.xml.rels': parts['xl/_rels/workbook.xml.rels']!.replace(
        `${relNs}/worksheet" Target="worksheets/sheet1.xml"`,
        `${relNs}/chartsheet" Target="chartsheets/sheet1.xml"`,
      ),
      'xl/chartsheets/sheet1.xml': `${xmlHead}<chartsheet xmlns="${mainNs}"/>`,
    };
    expect(await read(zipped('chart.xlsx', chartFirst), 'xlsx')).toEqual([['Başqa'], ['Gəncə']]);
  });

  it('stops when the caller stops, and reads afresh the next time', async () => {
    const path = bookFile('small.xlsx', { sheets: [inlineRows(['Ad', 'Bir ş']), inlineRows(['Başqa'])] });
    // Stopping early closes the file; the next read starts afresh.
    for await (const row of readTable(path, 'xlsx')) {
      expect(row).toEqual(['Ad']);
      break;
    }
    expect(await read(path, 'xlsx')).toEqual([['Ad'], ['Bir ş']]);
    await expect(read(path, 'xlsx', 0)).rejects.toBeInstanceOf(TableTooLargeError);
  });

  it('keeps every letter of a large sheet, whatever the order of its parts and however they are packed', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `${letters.repeat(3)} ${i}`);
    const expected = [['Ad'], ...names.map((name) => [name])];
    // Inline strings, the workbook's parts after the sheet, sizes in data descriptors after each part.
    const own = await exported<string>('letters-own.xlsx', 'xlsx', [{ header: 'Ad', value: (n) => n }], {
      async *[Symbol.asyncIterator]() {
        yield names;
      },
    });
    const parts = bookParts({
      strings: ['Ad', ...names].map(t),
      sheets: [
        ['Ad', ...names].map((_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="s"><v>${i}</v></c></row>`).join(''),
      ],
    });
    // Shared strings after the sheet, as Excel writes them.
    const shared = zipped('letters-shared.xlsx', parts);
    // Shared strings and styles before the sheet.
    const before = ['xl/sharedStrings.xml', 'xl/styles.xml'];
    const reordered = zipped('letters-reordered.xlsx', parts, before);
    // Stored, not deflated: a letter's two bytes fall in two pieces of the file.
    const stored = zipped('letters-stored.xlsx', parts, before, 0);
    const ownStored = zipped('letters-own-stored.xlsx', partsOf(own), [], 0);
    for (const path of [own, shared, reordered, stored, ownStored]) expect(await read(path, 'xlsx')).toEqual(expected);
  });

  it('reads a semicolon CSV with a byte order mark, quoted delimiters, line breaks and quotes', async () => {
    const path = file(
      'semicolon.csv',
      '\uFEFFAd;Ünvan;Qeyd\r\n' +
        '"Şəki; Nəqliyyat";"Bakı, Nizami küç. 5";"İki sətir\r\nikinci ""sətir"""\r\n' +
        '\r\n' +
        ';;\r\n' +
        'Ağcabədi;Gəncə\r\n' +
        `${letters};ö"zəl;=1+1;artıq\r\n`,
    );
    expect(await sniffTableFormat(path)).toBe('csv');
    expect(await read(path, 'csv')).toEqual([
      ['Ad', 'Ünvan', 'Qeyd'],
      ['Şəki; Nəqliyyat', 'Bakı, Nizami küç. 5', 'İki sətir\r\nikinci "sətir"'],
      ['Ağcabədi', 'Gəncə'],
      [letters, 'ö"zəl', '=1+1', 'artıq'],
    ]);
  });

  it('tells a comma CSV by its first line, and reads the files of the CSV export', async () => {
    const comma = file('comma.csv', '"Ad; soyad",Tarix\nƏliyev Həsən,05.03.2024\n"Qasımova, Gülər",06.03.2024');
    expect(await read(comma, 'csv')).toEqual([
      ['Ad; soyad', 'Tarix'],
      ['Əliyev Həsən', '05.03.2024'],
      ['Qasımova, Gülər', '06.03.2024'],
    ]);
    const path = await exported<string>(
      'export.csv',
      'csv',
      [
        { header: 'Ad', value: (n) => n },
        { header: 'Düstur', value: () => '=1+2' },
      ],
      chunksOf(2, (i) => `Sürücü "${i}", ${letters}`),
    );
    expect(await read(path, 'csv')).toEqual([
      ['Ad', 'Düstur'],
      [`Sürücü "0", ${letters}`, "'=1+2"],
      [`Sürücü "1", ${letters}`, "'=1+2"],
    ]);
  });

  it('stops past the row limit, counting data rows only', async () => {
    const csv = file('limit.csv', 'Ad\n1\n\n2\n3\n4\n');
    const xlsx = bookFile('limit.xlsx', {
      sheets: [
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Ad</t></is></c></row>' +
          [1, 2, 3, 4].map((n) => `<row r="${n + 1}"><c r="A${n + 1}"><v>${n}</v></c></row>`).join(''),
      ],
    });
    for (const [path, format] of [
      [csv, 'csv'],
      [xlsx, 'xlsx'],
    ] as const) {
      expect(await read(path, format, 4)).toHaveLength(5);
      const rows: string[][] = [];
      const reading = (async () => {
        for await (const row of readTable(path, format, { maxRows: 3 })) rows.push(row);
      })();
      await expect(reading).rejects.toThrow(new TableTooLargeError(3));
      expect(rows).toEqual([['Ad'], ['1'], ['2'], ['3']]);
    }
  });

  it('throws TableUnreadableError for a file that is not of its format', async () => {
    const notWorkbook = file('document.docx', zipSync({ 'word/document.xml': strToU8('<w:document/>') }));
    const names = Array.from({ length: 3000 }, (_, i) => `${letters} ${i}`);
    const workbook = readFileSync(bookFile('whole.xlsx', { sheets: [inlineRows(names)] }));
    // Cut inside the sheet's packed bytes.
    const cut = file('cut.xlsx', workbook.subarray(0, workbook.length / 2));
    const missingString = bookFile('missing-string.xlsx', {
      strings: [t('Ad')],
      sheets: ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'],
    });
    const pastLastColumn = bookFile('past-xfd.xlsx', { sheets: ['<row r="1"><c r="XFE1"><v>1</v></c></row>'] });
    const windows1254 = file('windows-1254.csv', Buffer.from('Ad;Şəhər\nBak\xFD;G\xE6nc\xE6\n', 'latin1'));
    const unclosed = file('unclosed.csv', 'Ad;Qeyd\nBakı;"bağlanmayan\n');
    for (const [path, format] of [
      [notWorkbook, 'xlsx'],
      [cut, 'xlsx'],
      [missingString, 'xlsx'],
      [pastLastColumn, 'xlsx'],
      [windows1254, 'xlsx'],
      [windows1254, 'csv'],
      [unclosed, 'csv'],
    ] as const) {
      await expect(read(path, format), `${path} as ${format}`).rejects.toBeInstanceOf(TableUnreadableError);
    }
    await expect(read(join(dir, 'missing.csv'), 'csv')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a cell, a row, a row of columns, all the text and a part unpacked past their bounds', async () => {
    const limits = { maxCellLength: 10, maxRowLength: 15, maxColumns: 3, maxTextLength: 30 };
    const readBounded = async (path: string, format: TableFormat) => {
      const rows: string[][] = [];
      for await (const row of readTable(path, format, limits)) rows.push(row);
      return rows;
    };
    const cases: [string, TableFormat, TableBoundError['bound'], number][] = [
      // A shared string past the cell's bound, though no cell refers to it: refused as the table is read.
      [
        bookFile('long-string.xlsx', {
          strings: [t('Ad'), t('a'.repeat(11))],
          sheets: ['<row r="1"><c r="A1" t="s"><v>0</v></c></row>'],
        }),
        'xlsx',
        'cell',
        10,
      ],
      [bookFile('long-inline.xlsx', { sheets: [inlineRows(['Ad', 'b'.repeat(11)])] }), 'xlsx', 'cell', 10],
      [file('long-cell.csv', `Ad\n${'c'.repeat(11)}\n`), 'csv', 'cell', 10],
      // Two cells of one shared string, each within the cell's bound, past the row's together.
      [
        bookFile('long-row.xlsx', {
          strings: [t('d'.repeat(8))],
          sheets: ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>0</v></c></row>'],
        }),
        'xlsx',
        'row',
        15,
      ],
      [file('long-row.csv', `Ad;Soyad\n${'e'.repeat(8)};${'e'.repeat(8)}\n`), 'csv', 'row', 15],
      [file('wide.csv', 'Ad;Soyad\n1;2;3;4\n'), 'csv', 'columns', 3],
      [bookFile('wide.xlsx', { sheets: ['<row r="1"><c r="D1"><v>1</v></c></row>'] }), 'xlsx', 'columns', 3],
      [file('much-text.csv', `Ad\n${Array.from({ length: 4 }, () => 'f'.repeat(9)).join('\n')}\n`), 'csv', 'text', 30],
      // 17 MB of styles, some 17 KB packed.
      [
        zipped('bomb.xlsx', {
          ...bookParts({ sheets: [inlineRows(['Ad'])] }),
          'xl/styles.xml': `<styleSheet xmlns="${mainNs}">${' '.repeat(17 * 2 ** 20)}</styleSheet>`,
        }),
        'xlsx',
        'unpacked',
        16 * 2 ** 20,
      ],
    ];
    for (const [path, format, bound, limit] of cases)
      await expect(readBounded(path, format), path).rejects.toEqual(new TableBoundError(bound, limit));
    // Blank cells to the last column do not count; a CSV record past the row's bound is refused before it is whole.
    const styled = bookFile('styled.xlsx', { sheets: ['<row r="1"><c r="A1"><v>1</v></c><c r="XFD1" s="1"/></row>'] });
    expect(await readBounded(styled, 'xlsx')).toEqual([['1']]);
    await expect(readBounded(file('huge.csv', `Ad\n"${'g'.repeat(2 ** 20)}"\n`), 'csv')).rejects.toEqual(
      new TableBoundError('row', 15),
    );
  });

  it('sniffs the format by content, not by name', async () => {
    const xlsx = zipped('named.csv', bookParts({ sheets: [inlineRows(['Ad'])] }));
    expect(await sniffTableFormat(xlsx)).toBe('xlsx');
    expect(await sniffTableFormat(file('plain.xlsx', 'Ad;Soyad\nƏli;Həsənov\n'))).toBe('csv');
    // A letter cut by the 64 KB mark is still text.
    expect(await sniffTableFormat(file('long.csv', `${'a'.repeat(64 * 1024 - 1)}ə`))).toBe('csv');
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const pdf = Buffer.from('%PDF-1.7\n%\xE2\xE3\xCF\xD3\n1 0 obj\n', 'latin1');
    const utf16 = Buffer.from('\uFEFFAd;Şəhər\n', 'utf16le');
    const windows1254 = Buffer.from('Ad;Şəhər\nBak\xFD\n', 'latin1');
    for (const bytes of [png, pdf, utf16, windows1254]) expect(await sniffTableFormat(file('x', bytes))).toBeNull();
  });

  it('reads 100,000 CSV rows and 20,000 workbook rows without holding them', async () => {
    const columns: ExportColumn<number>[] = [
      { header: 'Ad', value: (i) => `Sürücü ${i} ${letters}` },
      { header: 'VÖEN', value: (i) => String(1400000000 + i) },
      { header: 'Ünvan', value: (i) => `Bakı şəhəri, ${i % 500} saylı küçə, ev ${i}` },
      { header: 'Borc', value: (i) => `${i}.25`, money: true },
    ];
    const csv = await exported(
      'large.csv',
      'csv',
      columns,
      chunksOf(100_000, (i) => i),
    );
    const xlsx = await exported(
      'large.xlsx',
      'xlsx',
      columns,
      chunksOf(20_000, (i) => i),
    );
    for (const [path, format, count] of [
      [csv, 'csv', 100_000],
      [xlsx, 'xlsx', 20_000],
    ] as const) {
      const start = process.memoryUsage().heapUsed;
      let peak = start;
      let rows = 0;
      let last: string[] = [];
      for await (const row of readTable(path, format)) {
        rows += 1;
        last = row;
        if (rows % 1000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
      }
      expect(rows).toBe(count + 1);
      expect(last).toEqual(columns.map((column) => String(column.value(count - 1))));
      expect(peak - start, `${format}: heap grew by ${Math.round((peak - start) / 2 ** 20)} MB`).toBeLessThan(
        60 * 2 ** 20,
      );
    }
  }, 120_000);
});
