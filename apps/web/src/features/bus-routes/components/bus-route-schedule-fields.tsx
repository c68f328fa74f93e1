import { Col, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { half, rules, statusItemProps } from './bus-route-fields';

/** How the route runs: its lengths and stops each way, its hours, period and interval, its status and description. */
export function BusRouteScheduleFields() {
  const { t } = useTranslation();
  const label = (field: string) => t(`busRoutes.fields.${field}`);
  return (
    <>
      <Col {...half}>
        <Form.Item
          name="route_length_straight"
          label={label('route_length_straight')}
          rules={rules.route_length_straight}
        >
          <Input inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="route_length_versa" label={label('route_length_versa')} rules={rules.route_length_versa}>
          <Input inputMode="decimal" />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="stops_number_straight" label={label('stops_number_straight')}>
          <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="stops_number_versa" label={label('stops_number_versa')}>
          <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="start_time" label={label('start_time')} rules={rules.start_time}>
          <Input placeholder={t('busRoutes.timePlaceholder')} maxLength={5} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="finish_time" label={label('finish_time')} rules={rules.finish_time}>
          <Input placeholder={t('busRoutes.timePlaceholder')} maxLength={5} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="one_period_time" label={label('one_period_time')}>
          <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="interval" label={label('interval')}>
          <InputNumber min={0} max={1440} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col {...half}>
        <Form.Item name="status" label={label('status')} {...statusItemProps}>
          <Switch checkedChildren={t('busRoutes.active')} unCheckedChildren={t('busRoutes.inactive')} />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="description" label={label('description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
      </Col>
    </>
  );
}
