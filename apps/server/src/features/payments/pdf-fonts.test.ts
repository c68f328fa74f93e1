import { createRequire } from 'node:module';
import { receiptTexts, reportFigureLabels, reportGroupByLabels } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { pdfFonts } from './receipt';

/**
 * The PDFs' fonts carry a glyph for every letter the documents print: a missing glyph would be drawn as an empty
 * box, silently. Read with the fontkit that pdfkit embeds the fonts with.
 */

interface FontkitFont {
  familyName: string;
  hasGlyphForCodePoint(codePoint: number): boolean;
}
const resolveFromHere = createRequire(import.meta.url);
const fontkit = createRequire(resolveFromHere.resolve('pdfkit'))('fontkit') as {
  openSync(path: string): FontkitFont;
};

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
const needed = {
  ascii: range(0x20, 0x7e).join(''),
  azerbaijani: 'ABCÇDEƏFGĞHXIİJKQLMNOÖPRSŞTUÜVYZabcçdeəfgğhxıijkqlmnoöprsştuüvyz',
  russian: [...range(0x410, 0x44f), 'Ё', 'ё'].join(''),
  signs: '₼–—№«»“”',
  printed: [
    ...Object.values(receiptTexts),
    ...Object.values(reportFigureLabels),
    ...Object.values(reportGroupByLabels),
  ].join(''),
};

describe('the PDF fonts', () => {
  for (const [name, path] of Object.entries(pdfFonts))
    it(`${name} has a glyph for every Azerbaijani and Russian letter, the manat sign and every printed label`, () => {
      const font = fontkit.openSync(path);
      expect(font.familyName).toBe('Noto Sans');
      for (const [group, text] of Object.entries(needed)) {
        const missing = [...new Set(text)].filter((c) => !font.hasGlyphForCodePoint(c.codePointAt(0)!));
        expect(
          missing.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} ${c}`),
          group,
        ).toEqual([]);
      }
    });
});
