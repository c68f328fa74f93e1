import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import type { ExportColumn, ListExportFormat } from '@dnx/shared';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import {
  readTable,
  sniffTableFormat,
  TableTooLargeError,
  TableUnreadableError,
  type TableFormat,
} from './table-reader';
import { writeTable } from './table-writer';

/** Uploaded tables read back row by row: files written by the app's own writer, by exceljs and by hand. */
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
  const workbookFile = async (name: string, build: (workbook: ExcelJS.Workbook) => void) => {
    const workbook = new ExcelJS.Workbook();
    build(workbook);
    return file(name, new Uint8Array(await workbook.xlsx.writeBuffer()));
  };
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

  it('reads what Excel keeps in cells: dates, numbers, formulas by their result, rich text, links', async () => {
    const path = await workbookFile('cells.xlsx', (workbook) => {
      const sheet = workbook.addWorksheet('Sürücülər');
      sheet.addRow(['Ad', 'Tarix', 'Say', 'Düstur', 'Mətn']);
      sheet.addRow([
        { richText: [{ text: 'Əli ' }, { font: { bold: true }, text: 'Həsənov' }] },
        new Date(Date.UTC(2024, 2, 5)),
        1400123451,
        { formula: 'A1+1', result: 5 },
        '=SUM(A1:A9)',
      ]);
      sheet.addRow([
        { text: 'sayt', hyperlink: 'https://example.az' },
        new Date(Date.UTC(1999, 11, 31, 15, 30)),
        0.1 + 0.2,
        { formula: 'UPPER("ş")', result: 'Ş' },
        true,
      ]);
      sheet.addRow([
        null,
        { formula: 'TODAY()', result: 45356 },
        1e21,
        { formula: '1/0', result: { error: '#DIV/0!' } },
      ]);
      sheet.getCell('B4').numFmt = 'dd.mm.yyyy';
      sheet.addRow(['', ' ', null]);
      sheet.addRow([-0.5, false, 1e-7, { error: '#N/A' }]);
    });
    expect(await read(path, 'xlsx')).toEqual([
      ['Ad', 'Tarix', 'Say', 'Düstur', 'Mətn'],
      ['Əli Həsənov', '05.03.2024', '1400123451', '5', '=SUM(A1:A9)'],
      ['sayt', '31.12.1999', '0.30000000000000004', 'Ş', 'true'],
      // A formula's date is a number in a date format; an error result is lost by exceljs, so it reads empty.
      ['', '05.03.2024', '1000000000000000000000', ''],
      // The row of blanks is skipped.
      ['-0.5', 'false', '0.0000001', '#N/A'],
    ]);
  });

  /** The workbook rewritten with its parts in `order` (the rest after them), and `change` applied to their texts. */
  const rezipped = (name: string, path: string, order: string[], change = (_: string, text: string) => text) => {
    const parts = unzipSync(readFileSync(path));
    const paths = [...order, ...Object.keys(parts).filter((part) => !order.includes(part))];
    return file(
      name,
      zipSync(Object.fromEntries(paths.map((part) => [part, strToU8(change(part, strFromU8(parts[part]!)))]))),
    );
  };
  /** Excel's order: the workbook before the sheets, the shared strings and styles after them. */
  const excelOrder = ['[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels'];

  it('reads only the first tab, wherever its part lies', async () => {
    const path = await workbookFile('sheets.xlsx', (workbook) => {
      workbook.addWorksheet('Birinci').addRows([['Ad'], ['Bakı']]);
      workbook.addWorksheet('İkinci').addRows([['Başqa'], ['Gəncə']]);
    });
    expect(await read(path, 'xlsx')).toEqual([['Ad'], ['Bakı']]);
    // The tabs swapped in the workbook, the parts where they were.
    const swapped = rezipped('swapped.xlsx', path, excelOrder, (part, text) =>
      part === 'xl/workbook.xml' ? text.replace(/(<sheet [^>]*\/>)(<sheet [^>]*\/>)/, '$2$1') : text,
    );
    expect(await read(swapped, 'xlsx')).toEqual([['Başqa'], ['Gəncə']]);
  });

  it("reads a small workbook in Excel's order of parts the same every time", async () => {
    // exceljs's own walk loses the parts after the sheets now and then (one read in six here), leaving texts empty.
    const written = await workbookFile('small.xlsx', (workbook) => {
      for (const name of ['Bir', 'İki', 'Üç']) {
        workbook.addWorksheet(name).addRows([
          ['Ad', 'Tarix'],
          [`${name} ş`, new Date(Date.UTC(2024, 2, 5))],
        ]);
      }
    });
    const path = rezipped('small-excel.xlsx', written, excelOrder);
    for (let time = 0; time < 100; time += 1) {
      expect(await read(path, 'xlsx')).toEqual([
        ['Ad', 'Tarix'],
        ['Bir ş', '05.03.2024'],
      ]);
    }
    // Stopping early closes the file; the next read starts afresh.
    for await (const row of readTable(path, 'xlsx')) {
      expect(row).toEqual(['Ad', 'Tarix']);
      break;
    }
    await expect(read(path, 'xlsx', 0)).rejects.toBeInstanceOf(TableTooLargeError);
  });

  it('keeps every letter of a large sheet, whatever the order of its parts', async () => {
    const names = Array.from({ length: 3000 }, (_, i) => `${letters.repeat(3)} ${i}`);
    const expected = [['Ad'], ...names.map((name) => [name])];
    // Inline strings, the workbook's parts after the sheet.
    const own = await exported<string>('letters-own.xlsx', 'xlsx', [{ header: 'Ad', value: (n) => n }], {
      async *[Symbol.asyncIterator]() {
        yield names;
      },
    });
    // Shared strings after the sheet, as Excel writes them.
    const shared = await workbookFile('letters-shared.xlsx', (workbook) => {
      workbook.addWorksheet('Ad').addRows(expected);
    });
    // Shared strings and styles before the sheet.
    const reordered = rezipped('letters-reordered.xlsx', shared, [
      ...excelOrder,
      'xl/styles.xml',
      'xl/sharedStrings.xml',
    ]);
    for (const path of [own, shared, reordered]) expect(await read(path, 'xlsx')).toEqual(expected);
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
    const xlsx = await workbookFile('limit.xlsx', (workbook) => {
      workbook.addWorksheet('Ad').addRows([['Ad'], ['1'], ['2'], ['3'], ['4']]);
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
    const workbook = readFileSync(await workbookFile('whole.xlsx', (w) => w.addWorksheet('A').addRow(['Ad'])));
    const cut = file('cut.xlsx', workbook.subarray(0, workbook.length / 2));
    const windows1254 = file('windows-1254.csv', Buffer.from('Ad;Şəhər\nBak\xFD;G\xE6nc\xE6\n', 'latin1'));
    const unclosed = file('unclosed.csv', 'Ad;Qeyd\nBakı;"bağlanmayan\n');
    for (const [path, format] of [
      [notWorkbook, 'xlsx'],
      [cut, 'xlsx'],
      [windows1254, 'xlsx'],
      [windows1254, 'csv'],
      [unclosed, 'csv'],
    ] as const) {
      await expect(read(path, format), `${path} as ${format}`).rejects.toBeInstanceOf(TableUnreadableError);
    }
    await expect(read(join(dir, 'missing.csv'), 'csv')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('sniffs the format by content, not by name', async () => {
    const xlsx = await workbookFile('named.csv', (w) => w.addWorksheet('A').addRow(['Ad']));
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
