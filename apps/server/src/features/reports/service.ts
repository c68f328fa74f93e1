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
import { countForms, paymentFigures } from './report-figures';
import {
  dimensionNames,
  figuresOf,
  foldForms,
  groupKey,
  periodOf,
  figuresAsOf,
  type Period,
  type ReportPaymentFigures,
} from './report-repository';

/**
 * The report form and the general report (issue 16). `db` is the reports' database: the read replica of
 * REPORTS_DATABASE_URL when set, else the main one. A report is two reads side by side, one over the forms and one
 * over the payments; each gives its groups and its totals from the same pass, so they always agree.
 */
export function createReportService(db: Database) {
  /** Rows of one dimension, named and ordered (by name; months by time, every month of the period). */
  async function rowsOf(
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
    const names = await dimensionNames(db, dimension, [...keys].map(Number));
    return [...keys]
      .map((key) => ({ key, label: names.get(key) ?? key, ...figuresAt(key) }))
      .sort((a, b) => a.label.localeCompare(b.label, 'az'));
  }

  async function report(actor: AuthUser, query: ReportQuery): Promise<Report> {
    const { group_by: groupBy, ...filters } = query;
    const period = periodOf(filters);
    const options = { actor, filters, period };
    const byMonth = groupBy === 'month';
    const asOf = await figuresAsOf(db);
    const [counts, [payments, paymentTotals]] = await Promise.all([
      countForms(db, options, groupBy === 'month' ? [] : [groupBy], byMonth),
      paymentFigures(db, options, [groupBy], [[0], []]),
    ]);
    const forms = foldForms(counts, groupKey(byMonth ? 'month' : [0]));
    const keys = new Set([...forms.keys(), ...payments!.keys()]);
    const rows = await rowsOf(groupBy, period, keys, (key) => figuresOf(forms.get(key), payments!.get(key)));
    return {
      group_by: groupBy,
      date_from: period.from,
      date_to: period.to,
      payment_status: filters.payment_status ?? reportDefaultPaymentStatus,
      rows,
      totals: figuresOf(foldForms(counts, () => '').get(''), paymentTotals!.get('')),
      as_of: asOf,
    };
  }

  async function general(actor: AuthUser, query: GeneralReportQuery): Promise<GeneralReport> {
    const filters: ReportFilters = { date_from: query.date_from, date_to: query.date_to, region: query.region };
    const period = periodOf(filters);
    const options = { actor, filters, period };
    const asOf = await figuresAsOf(db);
    // One pass each: the forms by region, type and months; the payments by region, type and month in five sets.
    const [counts, [cellPayments, regionPayments, typePayments, monthPayments, totalPayments]] = await Promise.all([
      countForms(db, options, ['region', 'transport_type'], true),
      paymentFigures(db, options, ['region', 'transport_type', 'month'], [[0, 1], [0], [1], [2], []]),
    ]);
    const cellForms = foldForms(counts, groupKey([0, 1]));
    const cellKeys = new Set([...cellForms.keys(), ...cellPayments!.keys()]);
    const part = (key: string, index: number) => key.split('|')[index]!;
    const [regionNames, typeNames] = await Promise.all([
      dimensionNames(db, 'region', [...new Set([...cellKeys].map((k) => Number(part(k, 0))))]),
      dimensionNames(db, 'transport_type', [...new Set([...cellKeys].map((k) => Number(part(k, 1))))]),
    ]);
    const cells = [...cellKeys]
      .map((key) => ({
        region: Number(part(key, 0)),
        region_name: regionNames.get(part(key, 0)) ?? '',
        transport_type: Number(part(key, 1)),
        transport_type_name: typeNames.get(part(key, 1)) ?? '',
        ...figuresOf(cellForms.get(key), cellPayments!.get(key)),
      }))
      .sort(
        (a, b) =>
          a.region_name.localeCompare(b.region_name, 'az') ||
          a.transport_type_name.localeCompare(b.transport_type_name, 'az'),
      );
    const dimensionRows = (
      dimension: ReportGroupBy,
      forms: ReturnType<typeof foldForms>,
      payments: Map<string, ReportPaymentFigures>,
    ) =>
      rowsOf(dimension, period, new Set([...forms.keys(), ...payments.keys()]), (key) =>
        figuresOf(forms.get(key), payments.get(key)),
      );
    const [regions, transportTypes, months] = await Promise.all([
      dimensionRows('region', foldForms(counts, groupKey([0])), regionPayments!),
      dimensionRows('transport_type', foldForms(counts, groupKey([1])), typePayments!),
      dimensionRows('month', foldForms(counts, groupKey('month')), monthPayments!),
    ]);
    return {
      date_from: period.from,
      date_to: period.to,
      cells,
      regions,
      transport_types: transportTypes,
      months,
      totals: figuresOf(foldForms(counts, () => '').get(''), totalPayments!.get('')),
      as_of: asOf,
    };
  }

  return { report, general };
}

export type ReportService = ReturnType<typeof createReportService>;
