import type { ExportCell, ExportColumns } from '@dnx/shared';
import { csvCell } from '../lib/spreadsheet/table-writer';

/** The CSV a list's export writes of `rows`: every column of `columns`, or those `keys` name in their order. */
export function expectedCsv<Row>(
  columns: ExportColumns<Row>,
  rows: readonly Row[],
  keys: readonly string[] = Object.keys(columns),
): string {
  const line = (cells: readonly ExportCell[]) => `${cells.map(csvCell).join(',')}\r\n`;
  const chosen = keys.map((key) => columns[key]!);
  return `\uFEFF${line(chosen.map((c) => c.header))}${rows.map((row) => line(chosen.map((c) => c.value(row)))).join('')}`;
}
