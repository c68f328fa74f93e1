import type { ReportFigure } from '@dnx/shared';
import { Typography } from 'antd';
import { useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatCount } from '../../../lib/number-format';
import { figureColors, figureLabel, type ChartDatum } from './figures';
import { appFontFamily } from '../../../lib/fonts';

export interface FigureChartProps {
  title: string;
  /** What the chart shows, in words; the table beside it holds the numbers (the accessible data). */
  description: string;
  data: readonly ChartDatum[];
  figures: readonly ReportFigure[];
  /** Grouped bars (per group), or lines (a movement over months). */
  kind?: 'bar' | 'line';
  money?: boolean;
  'data-testid'?: string;
}

// The chart's SVG text in the app's own font, as the PDFs and the screens are.
const axisTick = { fill: '#545b66', fontSize: 12, fontFamily: appFontFamily };
/** Axis numbers in Azerbaijani writing; amounts in whole manat on the axis (the tooltip shows them exactly). */
const axisNumber = (value: number) => formatCount(Math.round(value));

/**
 * A chart of report figures (recharts, loaded only with the report screens). To assistive technology it is one
 * image named by its title and description; its numbers are read in the table.
 */
export function FigureChart({
  title,
  description,
  data,
  figures,
  kind = 'bar',
  money = false,
  ...rest
}: FigureChartProps) {
  const titleId = useId();
  const rows = data.map((d) => ({ name: d.name, ...d.values, texts: d.texts }));
  const tooltip = (
    <Tooltip
      itemSorter={(item) => figures.indexOf(item.dataKey as ReportFigure)}
      formatter={(_value, name, item) => {
        const key = String(item.dataKey ?? '');
        const texts = (item.payload as { texts?: Record<string, string> } | undefined)?.texts;
        return [texts?.[key] ?? '', name];
      }}
    />
  );
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="#d9d9d9" />
      <XAxis
        dataKey="name"
        tick={axisTick}
        interval={0}
        angle={data.length > 6 ? -30 : 0}
        textAnchor={data.length > 6 ? 'end' : 'middle'}
        height={data.length > 6 ? 70 : 30}
      />
      <YAxis tick={axisTick} tickFormatter={axisNumber} allowDecimals={false} width={money ? 80 : 56} />
      {tooltip}
      {/* In the table's order, not sorted by name. */}
      <Legend itemSorter={(item) => figures.indexOf(item.dataKey as ReportFigure)} />
    </>
  );
  return (
    <figure style={{ margin: 0 }} aria-labelledby={titleId} data-testid={rest['data-testid']}>
      <figcaption id={titleId}>
        <Typography.Text strong>{title}</Typography.Text>
      </figcaption>
      <div role="img" aria-label={`${title}. ${description}`} style={{ width: '100%', height: 320 }}>
        <ResponsiveContainer width="100%" height="100%">
          {kind === 'line' ? (
            <LineChart data={rows} accessibilityLayer={false} margin={{ top: 12, right: 16, left: 8, bottom: 8 }}>
              {axes}
              {figures.map((key) => (
                <Line
                  key={key}
                  type="linear"
                  dataKey={key}
                  name={figureLabel(key)}
                  stroke={figureColors[key]}
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          ) : (
            <BarChart data={rows} accessibilityLayer={false} margin={{ top: 12, right: 16, left: 8, bottom: 8 }}>
              {axes}
              {figures.map((key) => (
                <Bar
                  key={key}
                  dataKey={key}
                  name={figureLabel(key)}
                  fill={figureColors[key]}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
        {description}
      </Typography.Paragraph>
    </figure>
  );
}
