/** A cell of an exported table: what the screen shows, as text, number or yes/no. */
export type ExportCell = string | number | boolean | null | undefined;

/** Makes Excel read the file as UTF-8, so Azerbaijani letters (ə, ş, ğ, ı, İ) survive. */
export const utf8Bom = '\uFEFF';

// A cell a spreadsheet would run as a formula; "+994..." phone numbers and "-5" stay as they are.
const formulaStart = /^(?:[=@\t\r]|[+-](?![\d\s]))/;

export function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV (comma, CRLF, quoted where needed) with a UTF-8 byte order mark. */
export function buildCsv(header: readonly string[], rows: readonly (readonly ExportCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${utf8Bom}${lines.join('\r\n')}\r\n`;
}

/** A file name for an export: the list's name and today's date, safe on every system. */
export function exportFileName(base: string, extension: 'csv' | 'xlsx', today = new Date()): string {
  const date = today.toISOString().slice(0, 10);
  const safe = base.replace(/[\\/:*?"<>|]+/g, '-').trim() || 'export';
  return `${safe}-${date}.${extension}`;
}
