import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import QRCode from 'qrcode';
import { bundleServer } from '../../../build.mjs';
import { root } from '../../../../../scripts/lib/server-process.mjs';
import { describe, expect, it } from 'vitest';
import {
  createVerifyCode,
  pdfFonts,
  qrModules,
  renderReceipt,
  verifyCodePattern,
  verifyUrl,
  type ReceiptData,
} from './receipt';

interface FontkitGlyph {
  id: number;
  path: { toSVG(): string };
}
interface FontkitFont {
  glyphForCodePoint(codePoint: number): FontkitGlyph;
  getGlyph(id: number): FontkitGlyph;
}
const fontkit = createRequire(createRequire(import.meta.url).resolve('pdfkit'))('fontkit') as {
  openSync(file: string): FontkitFont;
  create(buffer: Buffer): FontkitFont;
};

/**
 * Reads the text of an uncompressed PDF as a viewer would: each font's ToUnicode map turns the glyph codes of
 * the content streams back into letters. Enough for pdfkit's own output (Type0 fonts, hex strings, TJ arrays).
 */
function extractText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, string>();
  for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(match[1]!, match[2]!);
  const streamOf = (body: string) => /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(body)?.[1] ?? '';

  const maps = new Map<string, Map<string, string>>();
  const mapOfFont = (fontId: string) => {
    if (maps.has(fontId)) return maps.get(fontId)!;
    const cmapId = /\/ToUnicode (\d+) 0 R/.exec(objects.get(fontId) ?? '')?.[1];
    const map = new Map<string, string>();
    const cmap = streamOf(objects.get(cmapId ?? '') ?? '');
    for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const start = parseInt(range[1]!, 16);
      const targets = [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].map((m) =>
        String.fromCharCode(...m[1]!.split(' ').map((h) => parseInt(h, 16))),
      );
      targets.forEach((target, i) => map.set((start + i).toString(16).padStart(4, '0'), target));
    }
    maps.set(fontId, map);
    return map;
  };

  let text = '';
  for (const body of objects.values()) {
    const contentsId = /\/Contents (\d+) 0 R/.exec(body)?.[1];
    if (!contentsId) continue;
    // A page's resources: inline, or an object of their own.
    const resourcesId = /\/Resources (\d+) 0 R/.exec(body)?.[1];
    const resources = resourcesId ? (objects.get(resourcesId) ?? '') : body;
    const fontRefs = /\/Font\s*<<([^>]*)>>/.exec(resources);
    if (!fontRefs) continue;
    const fonts = new Map([...fontRefs[1]!.matchAll(/\/(\w+) (\d+) 0 R/g)].map((m) => [m[1]!, m[2]!]));
    let map = new Map<string, string>();
    const content = streamOf(objects.get(contentsId) ?? '');
    for (const token of content.matchAll(/\/(\w+) [\d.]+ Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj|ET/gi)) {
      if (token[1]) map = mapOfFont(fonts.get(token[1]) ?? '');
      else if (token[0] === 'ET') text += '\n';
      else {
        const hex = token[3] ?? [...token[2]!.matchAll(/<([0-9a-f]*)>/gi)].map((m) => m[1]).join('');
        for (let i = 0; i < hex.length; i += 4) text += map.get(hex.slice(i, i + 4).toLowerCase()) ?? '?';
      }
    }
  }
  return text;
}

const code = 'Yq3B0mZ8tKp1xVw9HcN2rLs7dQe';
const data: ReceiptData = {
  receiptNumber: 'BQ-2025-000417',
  receiptDate: '2025-03-14',
  owner: { name: 'Şəkili Gülnarə İsmayılqızı Çörəkçi Ümid MMC', code: '1400123451', address: 'Gəncə, Atatürk pr. 45' },
  rows: [
    {
      plate: '10-AB-123',
      formSeries: 'AZ',
      formNumber: '000123',
      months: 3,
      validFrom: '2025-03-14',
      validUntil: '2025-06-13',
      amount: '194.40',
    },
    {
      plate: '20-GA-456',
      formSeries: 'AZ',
      formNumber: '000124',
      months: 12,
      validFrom: '2025-03-14',
      validUntil: '2026-03-13',
      amount: '1166.40',
    },
  ],
  mdssh: { number: 'M-778', date: '2025-03-10', amount: '30.00' },
  itsda: { number: 'İ-991', date: '2025-03-11', amount: '18.50' },
  total: '1360.80',
  verifyUrl: `https://dnx.gov.az/verify/${code}`,
};

describe('the receipt PDF', () => {
  it('is a PDF with Noto Sans embedded and every Azerbaijani letter readable back', async () => {
    const pdf = await renderReceipt(data, { compress: false });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const raw = pdf.toString('latin1');
    // Subset TrueType fonts, embedded (FontFile2), for the regular and the bold face.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Bold/);
    expect(raw.match(/\/FontFile2/g)?.length).toBeGreaterThanOrEqual(2);
    // No standard (non-embedded) font is used for the text.
    expect(raw).not.toMatch(/\/BaseFont \/Helvetica/);

    const text = extractText(pdf);
    for (const expected of [
      'Azərbaycan Yerüstü Nəqliyyat Agentliyi',
      'Şəkili Gülnarə İsmayılqızı Çörəkçi Ümid MMC',
      'BQ-2025-000417',
      '14.03.2025',
      '1400123451',
      '10-AB-123',
      '20-GA-456',
      'AZ 000123',
      '14.03.2025 – 13.06.2025 (3 ay)',
      '194,40 ₼',
      '1.166,40 ₼',
      'Cəmi: 1.360,80 ₼',
      'İ-991, 11.03.2025, 18,50 ₼',
      data.verifyUrl,
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("embeds the manat sign's own glyph from Noto Sans, not an empty box (issue 30)", async () => {
    const pdf = await renderReceipt(data, { compress: false });
    const source = pdf.toString('latin1');
    const objects = new Map<string, string>();
    for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) objects.set(match[1]!, match[2]!);
    const ref = (body: string, key: string) => new RegExp(`/${key} \\[?(\\d+) 0 R`).exec(body)?.[1] ?? '';
    const streamOf = (id: string) => /stream\r?\n([\s\S]*?)\r?\nendstream/.exec(objects.get(id) ?? '')?.[1] ?? '';
    const regular = [...objects.values()].find((body) => /\/Subtype \/Type0[\s\S]*NotoSans-Regular/.test(body))!;
    expect(regular).toBeDefined();
    // The glyph code the text uses for ₼, from the font's ToUnicode map.
    const cmap = streamOf(ref(regular, 'ToUnicode'));
    let manatCode: number | null = null;
    for (const row of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
      const targets = [...row[3]!.matchAll(/<([0-9a-f]+)>/gi)].map((m) => parseInt(m[1]!, 16));
      const at = targets.indexOf(0x20bc);
      if (at >= 0) manatCode = parseInt(row[1]!, 16) + at;
    }
    expect(manatCode).not.toBeNull();
    expect(manatCode).not.toBe(0);
    // The embedded subset draws that code exactly as Noto Sans draws ₼.
    const descriptor = objects.get(ref(objects.get(ref(regular, 'DescendantFonts'))!, 'FontDescriptor'))!;
    const subset = fontkit.create(Buffer.from(streamOf(ref(descriptor, 'FontFile2')), 'latin1'));
    const original = fontkit.openSync(pdfFonts.regular);
    const manat = original.glyphForCodePoint(0x20bc);
    expect(manat.id).not.toBe(0);
    expect(subset.getGlyph(manatCode!).path.toSVG()).toBe(manat.path.toSVG());
    expect(manat.path.toSVG().length).toBeGreaterThan(20);
  });

  it('links the QR code and the written link to the public check page', async () => {
    const pdf = await renderReceipt(data, { compress: false });
    expect(pdf.toString('latin1')).toContain(`/URI (${data.verifyUrl})`);
  });

  it('compresses by default and stays a valid PDF', async () => {
    const compressed = await renderReceipt(data);
    const plain = await renderReceipt(data, { compress: false });
    expect(compressed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(compressed.length).toBeLessThan(plain.length);
    expect(compressed.toString('latin1')).toContain('/FlateDecode');
  });
});

describe('the public check link', () => {
  it('builds {PUBLIC_URL}/verify/{code}', () => {
    expect(verifyUrl('https://dnx.gov.az', code)).toBe(`https://dnx.gov.az/verify/${code}`);
    expect(verifyUrl('http://127.0.0.1:4173/', code)).toBe(`http://127.0.0.1:4173/verify/${code}`);
    expect(() => verifyUrl('https://dnx.gov.az', '../admin')).toThrow(RangeError);
  });

  it('the QR modules encode exactly that link', () => {
    const link = verifyUrl('https://dnx.gov.az', code);
    const modules = qrModules(link);
    const reference = QRCode.create(link, { errorCorrectionLevel: 'M' });
    expect(modules.length).toBe(reference.modules.size);
    expect(modules.flat().map(Number)).toEqual([...reference.modules.data]);
    // A different code gives a different symbol.
    expect(qrModules(verifyUrl('https://dnx.gov.az', createVerifyCode())).flat()).not.toEqual(modules.flat());
    expect(reference.segments.map((s) => Buffer.from(s.data).toString('utf8'))).toEqual([link]);
  });

  it('makes unguessable URL-safe codes of 160 bits, never the same twice', () => {
    const codes = new Set(Array.from({ length: 2_000 }, createVerifyCode));
    expect(codes.size).toBe(2_000);
    for (const c of codes) expect(c).toMatch(verifyCodePattern);
    expect(Buffer.from([...codes][0]!, 'base64url').length).toBe(20);
  });
});

describe('the receipt from the built server', () => {
  it('finds the fonts from the bundle, as `npm start` runs it', { timeout: 60_000 }, async () => {
    mkdirSync(path.join(root, 'node_modules/.cache'), { recursive: true });
    const bundleDir = mkdtempSync(path.join(root, 'node_modules/.cache/dnx-receipt-'));
    try {
      await bundleServer(bundleDir, ['features/payments/receipt.ts']);
      const built = (await import(
        pathToFileURL(path.join(bundleDir, 'receipt.js')).href
      )) as typeof import('./receipt');
      const pdf = await built.renderReceipt(data, { compress: false });
      expect(extractText(pdf)).toContain(data.owner.name);
      expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans-Regular/);
    } finally {
      rmSync(bundleDir, { recursive: true, force: true });
    }
  });
});
