import type { Writable } from 'node:stream';
import {
  fnNoticeStatuses,
  formatBakuDateTime,
  formatDate,
  formatMoney,
  paymentStatuses,
  reportFigureKeys,
  reportFigureLabels,
  reportGroupByLabels,
  reportMoneyKeys,
  type Report,
  type ReportFigure,
  type ReportFigures,
  type ReportFilters,
} from '@dnx/shared';
import type { Executor } from '../../db/client';
import { startPdf } from '../payments';
import { dimensionNames, type ReportDetailRow } from './report-repository';
import { startXlsx } from '../../lib/spreadsheet/xlsx-writer';

/**
 * The report's files (issue 16): Excel and PDF of the same result, the filters printed on them. The Excel file adds
 * a sheet of the forms the report counts, written row by row into a streaming workbook (lib/spreadsheet) as the rows
 * arrive by keyset, so the server's memory stays flat for any number of rows.
 */

const title = 'Hesabat';
const isMoney = (key: ReportFigure) => (reportMoneyKeys as readonly string[]).includes(key);

/** The filters as printed: label and value, only those given, names for ids. */
export async function printedFilters(
  db: Executor,
  report: Report,
  filters: ReportFilters,
): Promise<[string, string][]> {
  const nameOf = async (dimension: 'region' | 'operator' | 'transport_type', id: number | undefined) =>
    id === undefined ? undefined : ((await dimensionNames(db, dimension, [id])).get(String(id)) ?? String(id));
  const [region, operator, transportType] = await Promise.all([
    nameOf('region', filters.region),
    nameOf('operator', filters.operator),
    nameOf('transport_type', filters.transport_type),
  ]);
  const lines: [string, string | undefined][] = [
    ['Dövr', `${report.date_from ? formatDate(report.date_from) : 'əvvəldən'} – ${formatDate(report.date_to)}`],
    ['Region', region],
    ['Operator', operator],
    ['Nəqliyyat növü', transportType],
    [
      'Blankın statusu',
      filters.form_status === undefined
        ? undefined
        : fnNoticeStatuses.find((s) => s.code === filters.form_status)?.label,
    ],
    ['Ödənişin statusu', paymentStatuses.find((s) => s.code === report.payment_status)?.label],
    ['Müddət', filters.validity === undefined ? undefined : `${filters.validity} ay`],
    ['Qruplaşdırma', reportGroupByLabels[report.group_by]],
    ['Məlumatlar', `${formatBakuDateTime(report.as_of)} vəziyyətinə`],
  ];
  return lines.filter((line): line is [string, string] => line[1] !== undefined);
}

const detailColumns: { header: string; key: Exclude<keyof ReportDetailRow, 'id'>; width: number }[] = [
  { header: 'Seriya', key: 'series', width: 8 },
  { header: 'Nömrə', key: 'number', width: 10 },
  { header: 'Region', key: 'region', width: 20 },
  { header: 'Operator', key: 'operator', width: 24 },
  { header: 'Nəqliyyat növü', key: 'transport_type', width: 22 },
  { header: 'Müddət (ay)', key: 'validity', width: 11 },
  { header: 'Buraxılış tarixi', key: 'issued_on', width: 14 },
  { header: 'Mərhələ', key: 'stage', width: 18 },
  { header: 'Status', key: 'status', width: 18 },
  { header: 'Hesabatda', key: 'figure', width: 14 },
  { header: 'Vəziyyət tarixi', key: 'state_on', width: 14 },
  { header: 'Ödəniş', key: 'payment', width: 10 },
];

const figureCell = (figures: ReportFigures, key: ReportFigure) =>
  isMoney(key) ? Number(figures[key]) : (figures[key] as number);

/**
 * The workbook, streamed into `out`: the report sheet, then the forms sheet chunk by chunk. Stops reading the forms
 * when the reader goes away.
 */
export async function writeReportXlsx(
  out: Writable,
  report: Report,
  filters: [string, string][],
  details: AsyncIterable<ReportDetailRow[]>,
): Promise<void> {
  const workbook = startXlsx(out, { creator: 'DNX' });
  const sheet = workbook.sheet(title, { widths: [28, ...reportFigureKeys.map(() => 16)] });
  const money = { money: new Set(reportFigureKeys.flatMap((key, index) => (isMoney(key) ? [index + 1] : []))) };
  sheet.row([title], { font: 'title' });
  for (const [label, value] of filters) sheet.row([label, value]);
  sheet.row([]);
  sheet.row([reportGroupByLabels[report.group_by], ...reportFigureKeys.map((k) => reportFigureLabels[k])], {
    font: 'bold',
  });
  for (const r of report.rows) sheet.row([r.label, ...reportFigureKeys.map((k) => figureCell(r, k))], money);
  sheet.row(['Cəmi', ...reportFigureKeys.map((k) => figureCell(report.totals, k))], { ...money, font: 'bold' });
  if (!(await sheet.end())) return;

  const forms = workbook.sheet('Blanklar', { widths: detailColumns.map((c) => c.width) });
  forms.row(
    detailColumns.map((c) => c.header),
    { font: 'bold' },
  );
  for await (const chunk of details) {
    for (const row of chunk)
      forms.row(
        detailColumns.map(({ key }) =>
          key === 'figure' ? (row.figure ? reportFigureLabels[row.figure as ReportFigure] : '') : row[key],
        ),
      );
    // Leaving the loop ends the keyset reads.
    if (!(await forms.flush())) return;
  }
  if (!(await forms.end())) return;
  workbook.end();
}

/** The PDF: the filters, then the table of the result with its totals (landscape A4, Noto Sans). */
export async function renderReportPdf(report: Report, filters: [string, string][]): Promise<Buffer> {
  const { doc, finished, line } = startPdf(title, { layout: 'landscape' });
  doc.font('bold').fontSize(14).text(title, { align: 'center' });
  doc.moveDown(0.5);
  for (const [label, value] of filters) line(label, value);
  doc.moveDown(0.5);
  const cells = (label: string, figures: ReportFigures) => [
    label,
    ...reportFigureKeys.map((k) => (isMoney(k) ? formatMoney(figures[k] as string) : String(figures[k]))),
  ];
  doc.font('regular').fontSize(8);
  doc.table({
    columnStyles: [110, ...reportFigureKeys.map((k) => (isMoney(k) ? 72 : 50))],
    defaultStyle: { border: 0.5, borderColor: '#999999', padding: 3 },
    rowStyles: (row) => (row === 0 ? { backgroundColor: '#eeeeee' } : undefined),
    data: [
      [
        { text: reportGroupByLabels[report.group_by], type: 'TH', font: { family: 'bold' } },
        ...reportFigureKeys.map((k) => ({
          text: reportFigureLabels[k],
          type: 'TH' as const,
          font: { family: 'bold' },
        })),
      ],
      ...report.rows.map((r) => cells(r.label, r)),
      cells('Cəmi', report.totals).map((text) => ({ text, font: { family: 'bold' } })),
    ],
  });
  doc.end();
  return finished;
}
