import type { ReportFigure } from '@dnx/shared';
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
import { appFontFamily } from '../../../lib/fonts';
import { figureColors, figureLabel, type ChartDatum } from './figures';

export interface FigurePlotProps {
  data: readonly ChartDatum[];
  figures: readonly ReportFigure[];
  kind: 'bar' | 'line';
  money: boolean;
}

// The chart's SVG text in the app's own font, as the PDFs and the screens are.
const axisTick = { fill: '#545b66', fontSize: 12, fontFamily: appFontFamily };
/** Axis numbers in Azerbaijani writing; amounts in whole manat on the axis (the tooltip shows them exactly). */
const axisNumber = (value: number) => formatCount(Math.round(value));

/** The chart itself (recharts: its own chunk, loaded once a report is shown, not with the report's screen). */
export default function FigurePlot({ data, figures, kind, money }: FigurePlotProps) {
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
            <Bar key={key} dataKey={key} name={figureLabel(key)} fill={figureColors[key]} isAnimationActive={false} />
          ))}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
