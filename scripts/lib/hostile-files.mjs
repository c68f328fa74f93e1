import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

/**
 * Small files that expand to a great deal (issue 40), as an outside test built them: for the imports' tests and
 * `scripts/bench-imports.mjs`. Each is made in a second or two: the long parts are one piece repeated through a
 * streaming deflate, never held unpacked.
 */

const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const rels = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const packageRels = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A part deflated: `text`, or `start`, then `piece` `times` over, then `end`. */
async function deflated({ text, start = '', piece = '', times = 0, end = '' }) {
  if (text !== undefined) {
    const bytes = Buffer.from(text);
    return { packed: deflateRawSync(bytes), crc: crc32(bytes), size: bytes.length };
  }
  const deflate = createDeflateRaw({ level: 9 });
  const out = [];
  deflate.on('data', (chunk) => out.push(chunk));
  const ended = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  let crc = 0;
  let size = 0;
  const write = async (bytes) => {
    crc = crc32(bytes, crc);
    size += bytes.length;
    if (!deflate.write(bytes)) await new Promise((resolve) => deflate.once('drain', resolve));
  };
  await write(Buffer.from(start));
  // A megabyte or so a write.
  const repeat = Math.max(1, Math.floor(2 ** 20 / Math.max(1, Buffer.byteLength(piece))));
  const block = Buffer.from(piece.repeat(repeat));
  for (let left = times; left > 0; left -= repeat)
    await write(left >= repeat ? block : Buffer.from(piece.repeat(left)));
  await write(Buffer.from(end));
  deflate.end();
  await ended;
  return { packed: Buffer.concat(out), crc: crc >>> 0, size };
}

/** A zip of the parts by name (each as `deflated` takes it), with its central directory. */
async function zipOf(parts) {
  const locals = [];
  const directory = [];
  let offset = 0;
  for (const [name, part] of Object.entries(parts)) {
    const { packed, crc, size } = await deflated(part);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const centralBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(parts).length, 8);
  end.writeUInt16LE(Object.keys(parts).length, 10);
  end.writeUInt32LE(centralBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, centralBytes, end]);
}

/** A workbook of one sheet: its `<sheetData>` (as `deflated` takes a part) and its shared strings' `<si>` parts. */
function workbook(sheetData, sharedStrings) {
  return zipOf({
    '[Content_Types].xml': {
      text: `${head}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`,
    },
    '_rels/.rels': {
      text:
        `${head}<Relationships xmlns="${packageRels}"><Relationship Id="rId1" Type="${rels}/officeDocument" ` +
        'Target="xl/workbook.xml"/></Relationships>',
    },
    'xl/workbook.xml': {
      text:
        `${head}<workbook xmlns="${main}" xmlns:r="${rels}"><sheets>` +
        '<sheet name="Vərəq1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    'xl/_rels/workbook.xml.rels': {
      text:
        `${head}<Relationships xmlns="${packageRels}">` +
        `<Relationship Id="rId1" Type="${rels}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rels}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    ...(sharedStrings ? { 'xl/sharedStrings.xml': sharedStrings } : {}),
    'xl/worksheets/sheet1.xml': {
      ...sheetData,
      start: `${head}<worksheet xmlns="${main}"><sheetData>${sheetData.start ?? ''}`,
      end: `${sheetData.end ?? ''}</sheetData></worksheet>`,
    },
  });
}

/** A header row of inline strings. */
const headerRow = (labels) =>
  '<row r="1">' + labels.map((label) => `<c t="inlineStr"><is><t>${label}</t></is></c>`).join('') + '</row>';

/**
 * One shared string of `megabytes` MB (a letter repeated) that `cells` cells in `rows` rows refer to, under a
 * header of `labels`: a few KB that expand to `cells` times the string (the outside test's: 4 MB, 29 cells, 11 rows).
 */
export function hugeSharedString({ labels = ['Ad'], megabytes = 4, cells = 29, rows = 11 } = {}) {
  const perRow = Math.ceil(cells / rows);
  let sheet = headerRow(labels);
  for (let r = 0, left = cells; r < rows && left > 0; r += 1, left -= perRow)
    sheet += `<row r="${r + 2}">${'<c t="s"><v>0</v></c>'.repeat(Math.min(perRow, left))}</row>`;
  return workbook(
    { start: sheet },
    {
      start: `${head}<sst xmlns="${main}" count="${cells}" uniqueCount="1"><si><t>`,
      piece: 'a',
      times: megabytes * 2 ** 20,
      end: '</t></si></sst>',
    },
  );
}

/** A header of `labels`, then blank rows (a styled empty cell each) to `megabytes` MB of sheet, unpacked. */
export function blankRows({ labels = ['Ad'], megabytes = 300 } = {}) {
  const piece = '<row><c s="0"/></row>';
  return workbook({ start: headerRow(labels), piece, times: Math.ceil((megabytes * 2 ** 20) / piece.length) });
}

/** A zip bomb: a sheet of `megabytes` MB of one repeated byte (a space between elements), a few hundred KB packed. */
export function zipBomb({ labels = ['Ad'], megabytes = 600 } = {}) {
  return workbook({ start: headerRow(labels), piece: ' ', times: megabytes * 2 ** 20 });
}

/** A CSV of a header and `rows` data rows (one more than the import takes, by default). */
export function csvRows({ header = 'Ad', rows = 100_001, row = (i) => `Şəhər ${i}` } = {}) {
  const lines = [header];
  for (let i = 0; i < rows; i += 1) lines.push(row(i));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`);
}

/** A header of `labels` and `count` shared strings of `length` letters, none of them used: each a string to hold. */
export function manySharedStrings({ labels = ['Ad'], count = 400_000, length = 100 } = {}) {
  return workbook(
    { start: headerRow(labels) },
    {
      start: `${head}<sst xmlns="${main}" count="${count}" uniqueCount="${count}">`,
      piece: `<si><t>${'a'.repeat(length)}</t></si>`,
      times: count,
      end: '</sst>',
    },
  );
}
