import { z } from 'zod';
import { cleanString } from './input';

/**
 * A list's export (issue 26): every row its filters select, in its order, as CSV or Excel, streamed by the server.
 * Each list declares its columns here once: the header the file carries and the cell a row gives. The screen shows
 * the same values, and `columns=` names which of them the file holds and in what order (those the screen shows).
 */

export const listExportFormats = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof listExportFormats)[number];

/** A cell of an exported row: text or a number (money as a number of manats), empty when null. */
export type ExportCell = string | number | null;

export interface ExportColumn<Row> {
  /** The column's header in the file (Azerbaijani, the language of the authority's documents). */
  header: string;
  value: (row: Row) => ExportCell;
  /** Money: written as a number with two decimals in Excel. */
  money?: true;
  /** Width in characters in Excel. */
  width?: number;
}

/** A list's export columns by key, in their default order. */
export type ExportColumns<Row> = Readonly<Record<string, ExportColumn<Row>>>;

export const defineExportColumns = <Row>(columns: ExportColumns<Row>): ExportColumns<Row> => columns;

export const listExportMessages = {
  formatInvalid: 'Format "csv" və ya "xlsx" olmalıdır.',
  columnsUnknown: (allowed: readonly string[]) => `Belə sütun yoxdur. Mümkün sütunlar: ${allowed.join(', ')}.`,
  busyUser: 'Sizin başqa ixracınız hələ hazırlanır: o bitəndən sonra yenidən cəhd edin.',
  busyServer: 'Server indi çox ixracı birdən hazırlayır: bir azdan yenidən cəhd edin.',
} as const;

/** The query an export adds to its list's filters and order: the format and, optionally, the columns. */
export const listExportParamsSchema = z.object({
  format: z.enum(listExportFormats, { error: listExportMessages.formatInvalid }),
  /** Column keys, comma-separated, in the order the file holds them; all of the list's by default. */
  columns: cleanString().trim().max(1000).optional(),
});

/** The columns `columns=` names, in its order (all by default); null when it names one the list does not have. */
export function chooseExportColumns<Row>(
  columns: ExportColumns<Row>,
  names: string | undefined,
): [string, ExportColumn<Row>][] | null {
  const keys = names
    ? names
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : Object.keys(columns);
  const chosen: [string, ExportColumn<Row>][] = [];
  for (const key of new Set(keys)) {
    const column = Object.hasOwn(columns, key) ? columns[key] : undefined;
    if (!column) return null;
    chosen.push([key, column]);
  }
  return chosen.length > 0 ? chosen : null;
}
