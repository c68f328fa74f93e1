import { strFromU8, unzipSync } from 'fflate';

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');

/**
 * The first sheet of a workbook the app wrote, as a person editing it sees each cell: a text with the quote prefix
 * style starts with an apostrophe (as Excel's and LibreOffice's edit bar show it), a number is its digits.
 */
export function xlsxEditedCells(file: Uint8Array): string[][] {
  const parts = unzipSync(file);
  const styles = strFromU8(parts['xl/styles.xml']!);
  const cellXfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/s.exec(styles)?.[1] ?? '';
  const quoted = [...cellXfs.matchAll(/<xf\b[^>]*>/g)].map((xf) => /\bquotePrefix="(1|true)"/.test(xf[0]));
  const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
  return [...sheet.matchAll(/<row\b[^>]*>(.*?)<\/row>/gs)].map((row) =>
    [...row[1]!.matchAll(/<c\b([^>]*)>(.*?)<\/c>/gs)].map(([, attributes, content]) => {
      const style = Number(/\bs="(\d+)"/.exec(attributes!)?.[1] ?? 0);
      const text = unescapeXml(
        /<t\b[^>]*>(.*?)<\/t>/s.exec(content!)?.[1] ?? /<v>(.*?)<\/v>/.exec(content!)?.[1] ?? '',
      );
      return /t="inlineStr"/.test(attributes!) && quoted[style] ? `'${text}` : text;
    }),
  );
}
