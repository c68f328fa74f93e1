import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Row, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusRouteFormValues, PointFormValue } from './form-values';
import { ordinalOf } from './history-diff';
import { RouteDrawing } from './route-drawing';
import { RoutePointItem } from './route-point-item';

/** A typed coordinate for the drawing: "40,68" is 40.68; anything else draws the stops evenly. */
function degrees(typed: string | null | undefined): number | null {
  const text = typed?.trim().replace(',', '.') ?? '';
  return /^-?\d{1,3}(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** Read by screen readers, not drawn. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** Moves the focus to a control once the list has been drawn again in its new order. */
function focusLater(...ids: string[]) {
  requestAnimationFrame(() => {
    for (const id of ids) {
      const control = document.getElementById(id);
      if (control && !control.matches(':disabled')) {
        control.focus();
        return;
      }
    }
  });
}

/**
 * The stops of a route as an ordered list: each with its name and optional coordinates, moved up or down by
 * buttons (keyboard friendly: the focus follows the moved stop and the move is announced), added and removed;
 * beside it a line drawing of the same order.
 */
export function RoutePointsEditor({
  form,
  readOnly = false,
}: {
  form: FormInstance<BusRouteFormValues>;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const ordinal = ordinalOf(i18n.language);
  const points: PointFormValue[] = Form.useWatch('route_points', form) ?? [];
  const [announcement, setAnnouncement] = useState('');
  const nameOf = (index: number) => points[index]?.name?.trim() || t('busRoutes.points.unnamed');

  return (
    <section aria-labelledby="route-points-title" data-testid="route-points">
      <Typography.Title level={4} id="route-points-title" style={{ fontSize: 16 }}>
        {t('busRoutes.points.title')}
      </Typography.Title>
      {!readOnly && (
        <Typography.Paragraph type="secondary" id="route-points-help">
          {t('busRoutes.points.help')}
        </Typography.Paragraph>
      )}
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Form.List name="route_points">
            {(fields, { add, remove, move }) => (
              <>
                {fields.length === 0 && <Typography.Paragraph>{t('busRoutes.points.empty')}</Typography.Paragraph>}
                <ol style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-describedby="route-points-help">
                  {fields.map((field, index) => {
                    const label = t('busRoutes.points.stopLabel', { position: ordinal(index + 1) });
                    const moveTo = (to: number) => {
                      const name = nameOf(index);
                      move(index, to);
                      setAnnouncement(t('busRoutes.points.moved', { name, position: ordinal(to + 1) }));
                      const direction = to < index ? 'up' : 'down';
                      const other = direction === 'up' ? 'down' : 'up';
                      focusLater(`route-point-${to}-${direction}`, `route-point-${to}-${other}`);
                    };
                    const removeAt = () => {
                      const name = nameOf(index);
                      remove(index);
                      setAnnouncement(t('busRoutes.points.removed', { name }));
                      focusLater(`route-point-${Math.min(index, fields.length - 2)}-remove`, 'route-point-add');
                    };
                    return (
                      <RoutePointItem
                        key={field.key}
                        field={field}
                        index={index}
                        count={fields.length}
                        label={label}
                        name={nameOf(index)}
                        readOnly={readOnly}
                        onMove={moveTo}
                        onRemove={removeAt}
                      />
                    );
                  })}
                </ol>
                {!readOnly && (
                  <Button
                    id="route-point-add"
                    type="dashed"
                    icon={<PlusOutlined />}
                    onClick={() => {
                      add({ name: '', lat: '', lng: '' });
                      setAnnouncement(t('busRoutes.points.added', { position: ordinal(fields.length + 1) }));
                      // The new stop's name takes the focus (Ant Design names it route_points_<n>_name).
                      focusLater(`route_points_${fields.length}_name`);
                    }}
                    style={{ marginTop: 8 }}
                    data-testid="route-point-add"
                  >
                    {t('busRoutes.points.add')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
          <div role="status" aria-live="polite" style={visuallyHidden} data-testid="route-points-announcement">
            {announcement}
          </div>
        </Col>
        <Col xs={24} xl={10}>
          <RouteDrawing
            points={points.map((p) => ({
              name: p?.name?.trim() ?? '',
              lat: degrees(p?.lat),
              lng: degrees(p?.lng),
            }))}
          />
        </Col>
      </Row>
    </section>
  );
}
