import { buildCsv, exportFileName, type ExportCell } from './csv';

/** Hands a file made or fetched in the page to the browser's download, under `fileName`. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Chromium reads the blob after the click returns; give it a moment before letting go of it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadCsv(title: string, header: string[], rows: ExportCell[][]) {
  const csv = buildCsv(header, rows);
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), exportFileName(title, 'csv'));
}

/** The Excel writer loads only when someone exports, never with the screen. */
export async function downloadExcel(title: string, header: string[], rows: ExportCell[][]) {
  const { default: writeXlsxFile } = await import('write-excel-file/browser');
  const sheet = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? null : cell))),
  ];
  const blob = await writeXlsxFile(sheet, { sheet: title.slice(0, 31), stickyRowsCount: 1 }).toBlob();
  saveBlob(blob, exportFileName(title, 'xlsx'));
}
