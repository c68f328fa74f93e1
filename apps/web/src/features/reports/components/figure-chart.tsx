import type { ReportFigure } from '@dnx/shared';
import { Typography } from 'antd';
import { lazy, Suspense, useId } from 'react';
import type { ChartDatum } from './figures';

const FigurePlot = lazy(() => import('./figure-plot'));

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

/**
 * A chart of report figures: its frame at once, the plot (recharts) loaded after the report's screen into the box
 * kept for it. To assistive technology it is one image named by its title and description; its numbers are read in
 * the table.
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
  return (
    <figure style={{ margin: 0 }} aria-labelledby={titleId} data-testid={rest['data-testid']}>
      <figcaption id={titleId}>
        <Typography.Text strong>{title}</Typography.Text>
      </figcaption>
      <div role="img" aria-label={`${title}. ${description}`} style={{ width: '100%', height: 320 }}>
        <Suspense fallback={null}>
          <FigurePlot data={data} figures={figures} kind={kind} money={money} />
        </Suspense>
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 4, marginBottom: 0 }}>
        {description}
      </Typography.Paragraph>
    </figure>
  );
}
