import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { busRouteMessages } from '@dnx/shared';
import { Button, Col, Flex, Form, Input, Row, Typography, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BusRouteFormValues, PointFormValue } from './form-values';
import { ordinalOf } from './history-diff';
import { RouteDrawing } from './route-drawing';

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
                    return (
                      <li
                        key={field.key}
                        data-testid={`route-point-${index}`}
                        style={{ borderBottom: '1px solid rgba(5,5,5,0.06)', paddingTop: 8 }}
                      >
                        <Flex gap={8} align="start" wrap>
                          <Typography.Text strong style={{ minWidth: 24, paddingTop: 5 }} aria-hidden>
                            {index + 1}.
                          </Typography.Text>
                          <Form.Item
                            name={[field.name, 'name']}
                            rules={[{ required: true, whitespace: true, message: busRouteMessages.pointNameRequired }]}
                            style={{ flex: '2 1 180px', marginBottom: 8 }}
                          >
                            <Input aria-label={`${label}: ${t('busRoutes.points.name')}`} maxLength={200} />
                          </Form.Item>
                          <Form.Item name={[field.name, 'lat']} style={{ flex: '1 1 100px', marginBottom: 8 }}>
                            <Input
                              aria-label={`${label}: ${t('busRoutes.points.lat')}`}
                              placeholder={t('busRoutes.points.lat')}
                              inputMode="decimal"
                              maxLength={12}
                            />
                          </Form.Item>
                          <Form.Item name={[field.name, 'lng']} style={{ flex: '1 1 100px', marginBottom: 8 }}>
                            <Input
                              aria-label={`${label}: ${t('busRoutes.points.lng')}`}
                              placeholder={t('busRoutes.points.lng')}
                              inputMode="decimal"
                              maxLength={12}
                            />
                          </Form.Item>
                          {!readOnly && (
                            <Flex gap={4} style={{ marginBottom: 8 }}>
                              <Button
                                id={`route-point-${index}-up`}
                                icon={<ArrowUpOutlined />}
                                disabled={index === 0}
                                onClick={() => moveTo(index - 1)}
                                aria-label={t('busRoutes.points.upLabel', { name: nameOf(index) })}
                                title={t('busRoutes.points.up')}
                                data-testid={`route-point-${index}-up`}
                              />
                              <Button
                                id={`route-point-${index}-down`}
                                icon={<ArrowDownOutlined />}
                                disabled={index === fields.length - 1}
                                onClick={() => moveTo(index + 1)}
                                aria-label={t('busRoutes.points.downLabel', { name: nameOf(index) })}
                                title={t('busRoutes.points.down')}
                                data-testid={`route-point-${index}-down`}
                              />
                              <Button
                                danger
                                icon={<DeleteOutlined />}
                                onClick={() => {
                                  const name = nameOf(index);
                                  remove(index);
                                  setAnnouncement(t('busRoutes.points.removed', { name }));
                                  focusLater(
                                    `route-point-${Math.min(index, fields.length - 2)}-remove`,
                                    'route-point-add',
                                  );
                                }}
                                id={`route-point-${index}-remove`}
                                aria-label={t('busRoutes.points.removeLabel', { name: nameOf(index) })}
                                title={t('busRoutes.points.remove')}
                                data-testid={`route-point-${index}-remove`}
                              />
                            </Flex>
                          )}
                        </Flex>
                      </li>
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
