import {
  formatMoney,
  parseMoney,
  reportFigureLabels,
  reportFormFigureKeys,
  reportMoneyKeys,
  type ReportFigure,
  type ReportFigures,
} from '@dnx/shared';
import { formatCount } from '../../../lib/number-format';

export const moneyFigures: readonly ReportFigure[] = reportMoneyKeys;
export const isMoney = (key: ReportFigure) => moneyFigures.includes(key);

/** A figure as shown: a count with dots between thousands, an amount as money (`1.234,50 ₼`). */
export function showFigure(figures: ReportFigures, key: ReportFigure): string {
  const value = figures[key];
  return typeof value === 'number' ? formatCount(value) : formatMoney(value);
}

/** A row as a chart draws it: the group's name, each figure's height, and each figure as the table shows it. */
export interface ChartDatum {
  name: string;
  values: Record<string, number>;
  texts: Record<string, string>;
}

/**
 * The chart's data. An amount's bar height is its qəpik as a number divided by 100 (exact to 2^53 qəpik); what is
 * read (tooltip) is always the money text, never arithmetic on a float.
 */
export function chartData(rows: readonly (ReportFigures & { label: string })[]): ChartDatum[] {
  return rows.map((row) => {
    const values: Record<string, number> = {};
    const texts: Record<string, string> = {};
    for (const key of reportFormFigureKeys) {
      values[key] = row[key];
      texts[key] = showFigure(row, key);
    }
    for (const key of reportMoneyKeys) {
      values[key] = Number(parseMoney(row[key])) / 100;
      texts[key] = showFigure(row, key);
    }
    values.payments = row.payments;
    texts.payments = showFigure(row, 'payments');
    return { name: row.label, values, texts };
  });
}

/** Bar colours: distinct hues, each at least 3:1 against white (WCAG 1.4.11). */
export const figureColors: Record<ReportFigure, string> = {
  issued: '#0b5cab',
  active: '#237a36',
  shared: '#7048e8',
  paid: '#c2255c',
  expired: '#b35c00',
  voided: '#5c5f66',
  payments: '#0c7489',
  tax: '#0b5cab',
  mdssh: '#237a36',
  itsda: '#b35c00',
};

export const figureLabel = (key: ReportFigure) => reportFigureLabels[key];
