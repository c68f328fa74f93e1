import {
  monthsBetween,
  reportDefaultPaymentStatus,
  reportMonthLabel,
  type GeneralReport,
  type GeneralReportQuery,
  type Report,
  type ReportFigures,
  type ReportFilters,
  type ReportGroupBy,
  type ReportQuery,
  type ReportRow,
} from '@dnx/shared';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import {
  dimensionNames,
  figuresOf,
  formFigures,
  paymentFigures,
  periodOf,
  rollUp,
  type Period,
} from './report-repository';

/** Which key of a `|`-joined group key is a dimension's. */
const part = (key: string, index: number) => key.split('|')[index]!;

/**
 * The report form and the general report (issue 16). `db` is the reports' database: the read replica of
 * REPORTS_DATABASE_URL when set, else the main one. Each report reads one snapshot (repeatable read, read only):
 * its rows and totals describe the same moment.
 */
export function createReportService(db: Database) {
  const snapshot = <T>(work: (tx: Database) => Promise<T>) =>
    db.transaction((tx) => work(tx as unknown as Database), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });

  /** Rows of one dimension, named and ordered (by name; months by time, every month of the period). */
  async function rowsOf(
    tx: Database,
    dimension: ReportGroupBy,
    period: Period,
    keys: Set<string>,
    figuresAt: (key: string) => ReportFigures,
  ): Promise<ReportRow[]> {
    if (dimension === 'month') {
      const known = [...keys].sort();
      const first = period.from ?? known[0];
      const months = first ? monthsBetween(first, period.to) : [];
      return months.map((key) => ({ key, label: reportMonthLabel(key), ...figuresAt(key) }));
    }
    const names = await dimensionNames(tx, dimension, [...keys].map(Number));
    return [...keys]
      .map((key) => ({ key, label: names.get(key) ?? key, ...figuresAt(key) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'az'));
  }

  async function report(actor: AuthUser, query: ReportQuery): Promise<Report> {
    const { group_by: groupBy, ...filters } = query;
    const period = periodOf(filters);
    return snapshot(async (tx) => {
      const options = { actor, filters, period };
      const [forms, payments, paymentTotals] = await Promise.all([
        formFigures(tx, { ...options, dimensions: [groupBy] }),
        paymentFigures(tx, { ...options, dimensions: [groupBy] }),
        paymentFigures(tx, { ...options, dimensions: [] }),
      ]);
      const keys = new Set([...forms.keys(), ...payments.keys()]);
      const rows = await rowsOf(tx, groupBy, period, keys, (key) => figuresOf(forms.get(key), payments.get(key)));
      return {
        group_by: groupBy,
        date_from: period.from,
        date_to: period.to,
        payment_status: filters.payment_status ?? reportDefaultPaymentStatus,
        rows,
        totals: figuresOf(rollUp(forms, () => '').get(''), paymentTotals.get('')),
      };
    });
  }

  async function general(actor: AuthUser, query: GeneralReportQuery): Promise<GeneralReport> {
    const filters: ReportFilters = { date_from: query.date_from, date_to: query.date_to, region: query.region };
    const period = periodOf(filters);
    return snapshot(async (tx) => {
      const options = { actor, filters, period };
      const cellDimensions = ['region', 'transport_type'] as const;
      const [cellForms, monthForms, cellPayments, regionPayments, typePayments, monthPayments, totalPayments] =
        await Promise.all([
          formFigures(tx, { ...options, dimensions: cellDimensions }),
          formFigures(tx, { ...options, dimensions: ['month'] }),
          paymentFigures(tx, { ...options, dimensions: cellDimensions }),
          paymentFigures(tx, { ...options, dimensions: ['region'] }),
          paymentFigures(tx, { ...options, dimensions: ['transport_type'] }),
          paymentFigures(tx, { ...options, dimensions: ['month'] }),
          paymentFigures(tx, { ...options, dimensions: [] }),
        ]);
      const regionForms = rollUp(cellForms, (key) => part(key, 0));
      const typeForms = rollUp(cellForms, (key) => part(key, 1));
      const cellKeys = new Set([...cellForms.keys(), ...cellPayments.keys()]);
      const [regionNames, typeNames] = await Promise.all([
        dimensionNames(tx, 'region', [...new Set([...cellKeys].map((k) => Number(part(k, 0))))]),
        dimensionNames(tx, 'transport_type', [...new Set([...cellKeys].map((k) => Number(part(k, 1))))]),
      ]);
      const cells = [...cellKeys]
        .map((key) => ({
          region: Number(part(key, 0)),
          region_name: regionNames.get(part(key, 0)) ?? '',
          transport_type: Number(part(key, 1)),
          transport_type_name: typeNames.get(part(key, 1)) ?? '',
          ...figuresOf(cellForms.get(key), cellPayments.get(key)),
        }))
        .sort(
          (a, b) =>
            a.region_name.localeCompare(b.region_name, 'az') ||
            a.transport_type_name.localeCompare(b.transport_type_name, 'az'),
        );
      const [regions, transportTypes, months] = await Promise.all([
        rowsOf(tx, 'region', period, new Set([...regionForms.keys(), ...regionPayments.keys()]), (key) =>
          figuresOf(regionForms.get(key), regionPayments.get(key)),
        ),
        rowsOf(tx, 'transport_type', period, new Set([...typeForms.keys(), ...typePayments.keys()]), (key) =>
          figuresOf(typeForms.get(key), typePayments.get(key)),
        ),
        rowsOf(tx, 'month', period, new Set([...monthForms.keys(), ...monthPayments.keys()]), (key) =>
          figuresOf(monthForms.get(key), monthPayments.get(key)),
        ),
      ]);
      return {
        date_from: period.from,
        date_to: period.to,
        cells,
        regions,
        transport_types: transportTypes,
        months,
        totals: figuresOf(rollUp(cellForms, () => '').get(''), totalPayments.get('')),
      };
    });
  }

  return { report, general };
}

export type ReportService = ReturnType<typeof createReportService>;
