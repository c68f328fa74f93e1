import { Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { drawingSize, routeLayout, type LayoutStop } from './route-layout';

/**
 * A line drawing of the stops in order: a polyline through them, each numbered. A picture for the eye; the
 * list of stops beside it is the accessible form, and the title and description say what it shows.
 */
export function RouteDrawing({ points }: { points: readonly LayoutStop[] }) {
  const { t } = useTranslation();
  const id = useId();
  const layout = routeLayout(points);
  const { width, height } = drawingSize;
  const names = points.map((p) => p.name || t('busRoutes.points.unnamed'));
  return (
    <figure style={{ margin: 0 }} data-testid="bus-route-drawing" data-mode={layout.mode}>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{
          width: '100%',
          maxHeight: 240,
          background: 'var(--ant-color-fill-quaternary, #fafafa)',
          borderRadius: 8,
        }}
      >
        <title id={`${id}-title`}>{t('busRoutes.drawing.title')}</title>
        <desc id={`${id}-desc`}>
          {points.length === 0
            ? t('busRoutes.drawing.descEmpty')
            : t('busRoutes.drawing.desc', { count: points.length, names: names.join(', ') })}
        </desc>
        {layout.stops.length > 1 && (
          <polyline
            points={layout.stops.map((s) => `${s.x},${s.y}`).join(' ')}
            fill="none"
            stroke="#1677ff"
            strokeWidth={3}
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        )}
        {layout.stops.map((stop, index) => (
          <g key={index}>
            <circle cx={stop.x} cy={stop.y} r={9} fill="#fff" stroke="#1677ff" strokeWidth={2} />
            <text x={stop.x} y={stop.y + 4} textAnchor="middle" fontSize={10} fill="#1f1f1f">
              {index + 1}
            </text>
            <text
              x={stop.x}
              // Names above and below in turn, so that neighbours do not overlap.
              y={index % 2 === 0 ? stop.y - 14 : stop.y + 24}
              textAnchor="middle"
              fontSize={11}
              fill="#1f1f1f"
            >
              {truncate(names[index]!)}
            </text>
          </g>
        ))}
      </svg>
      {layout.mode === 'even' && points.length > 1 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('busRoutes.drawing.evenly')}
        </Typography.Text>
      )}
    </figure>
  );
}

const truncate = (name: string) => (name.length > 18 ? `${name.slice(0, 17)}…` : name);
