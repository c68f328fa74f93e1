import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appFontName } from './fonts';

/**
 * The shipped font draws every letter the screens show (issue 30): each face of `@fontsource/noto-sans` that
 * main.tsx loads covers a `unicode-range`; for every Azerbaijani and Russian letter and the manat sign, the face
 * whose range holds it has a glyph for it. Read with fontkit (what pdfkit embeds the PDFs' fonts with).
 */
const resolve = createRequire(import.meta.url);
const fontkit = createRequire(resolve.resolve('pdfkit'))('fontkit') as {
  openSync(file: string): { familyName: string; hasGlyphForCodePoint(codePoint: number): boolean };
};

interface Face {
  file: string;
  ranges: [number, number][];
}

function facesOf(css: string): Face[] {
  const sheet = resolve.resolve(`@fontsource/noto-sans/${css}`);
  const text = readFileSync(sheet, 'utf8');
  return [...text.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => {
    const file = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(body!)![1]!;
    const ranges = /unicode-range:\s*([^;]+);/
      .exec(body!)![1]!
      .split(',')
      .map((part) => {
        const [from, to] = part.trim().slice(2).split('-');
        return [parseInt(from!, 16), parseInt(to ?? from!, 16)] as [number, number];
      });
    return { file: path.join(path.dirname(sheet), file), ranges };
  });
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)).join('');
const needed = {
  azerbaijani: 'ABCÇDEƏFGĞHXIİJKQLMNOÖPRSŞTUÜVYZabcçdeəfgğhxıijkqlmnoöprsştuüvyz',
  russian: `${range(0x410, 0x44f)}Ёё`,
  signs: '₼–—№«»“”',
  digits: '0123456789.,:;-+/()%',
};

describe('the shipped web font', () => {
  for (const css of ['400.css', '600.css'])
    it(`${css}: every Azerbaijani and Russian letter and ₼ has a glyph in the face that serves it`, () => {
      const faces = facesOf(css);
      const missing: string[] = [];
      for (const char of Object.values(needed).join('')) {
        const code = char.codePointAt(0)!;
        // Where ranges overlap (ı is in latin and latin-ext), the browser tries the face defined last first.
        const face = faces.findLast((f) => f.ranges.some(([from, to]) => code >= from && code <= to));
        const font = face && fontkit.openSync(face.file);
        if (font) expect(font.familyName).toMatch(new RegExp(`^${appFontName}`));
        if (!font?.hasGlyphForCodePoint(code)) missing.push(`U+${code.toString(16).toUpperCase()} ${char}`);
      }
      expect(missing).toEqual([]);
    });

  it('is loaded by the app with font-display: swap', () => {
    const main = readFileSync(path.join(import.meta.dirname, '..', 'main.tsx'), 'utf8');
    expect(main).toContain("import '@fontsource/noto-sans/400.css';");
    expect(main).toContain("import '@fontsource/noto-sans/600.css';");
    const sheet = readFileSync(resolve.resolve('@fontsource/noto-sans/400.css'), 'utf8');
    expect(sheet.match(/font-display: swap/g)?.length).toBe(sheet.match(/@font-face/g)?.length);
  });
});
