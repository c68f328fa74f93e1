import type { BusRoute } from '@dnx/shared';
import { Button, Card, Flex, Form, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StaleVersionAlert } from '../../../components/stale-version-alert';
import { BusRoutePlaceFields } from './bus-route-place-fields';
import { BusRouteScheduleFields } from './bus-route-schedule-fields';
import { routeFormValues, type BusRouteFormValues } from './form-values';
import { RoutePointsEditor } from './route-points-editor';
import { useBusRouteSave } from './use-bus-route-save';

export interface BusRouteFormProps {
  /** The route to edit, or to show read-only; none to create. */
  route?: BusRoute;
  /** A past state of the route: every field read-only, no save. */
  readOnly?: boolean;
  onSaved?: (saved: BusRoute) => void;
}

/**
 * The bus route form: every field under its label with its error slot (the shared schema's messages, and the
 * server's under the same fields, a stop's under that stop), the stops as an ordered list with a drawing, and
 * the companies as a multiple choice. An edit sends the version it read; a stale one offers a reload.
 */
export function BusRouteForm({ route, readOnly = false, onSaved }: BusRouteFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BusRouteFormValues>();
  const initialValues = useMemo(() => routeFormValues(route), [route]);
  const { onFinish, onFinishFailed, reload, stale, saving } = useBusRouteSave(form, route, readOnly, onSaved);

  return (
    <Card>
      <StaleVersionAlert stale={stale} form={form} onReload={reload} />
      <Form<BusRouteFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        disabled={readOnly}
        onFinish={onFinish}
        onFinishFailed={onFinishFailed}
        scrollToFirstError={false}
        data-testid="bus-route-form"
      >
        <Row gutter={16}>
          <BusRoutePlaceFields route={route} readOnly={readOnly} />
          <BusRouteScheduleFields />
        </Row>
        <RoutePointsEditor form={form} readOnly={readOnly} />
        {!readOnly && (
          <Flex justify="space-between" gap={8} style={{ marginTop: 24 }}>
            <Button onClick={() => form.resetFields()} disabled={saving} data-testid="bus-route-form-reset">
              {t('form.reset')}
            </Button>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="bus-route-form-save">
              {t('form.save')}
            </Button>
          </Flex>
        )}
      </Form>
    </Card>
  );
}
