import { displayDateFormat, userMessages } from '@dnx/shared';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { RegionSelect } from '../../../components/region-select';
import { schemaRule } from '../../../lib/form-rules';
import { fields, toApiDate } from './user-form-values';

/** The person step: names, phone, birthday and region. */
export function UserPersonStep() {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="first_name" label={t('users.firstName')} required rules={[schemaRule(fields.first_name)]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="last_name" label={t('users.lastName')} required rules={[schemaRule(fields.last_name)]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="parent_name" label={t('users.parentName')} required rules={[schemaRule(fields.parent_name)]}>
          <Input />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="phone" label={t('users.phone')} required rules={[schemaRule(fields.phone)]}>
          <Input placeholder="+994501234567" inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item
          name="date_of_birth"
          label={t('users.birthDay')}
          required
          validateFirst
          rules={[
            { required: true, message: userMessages.birthDayRequired },
            schemaRule(fields.date_of_birth, { toApi: toApiDate }),
          ]}
        >
          <DatePicker
            format={displayDateFormat}
            placeholder="dd.mm.yyyy"
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="region" label={t('users.region')} required rules={[schemaRule(fields.region)]}>
          <RegionSelect allowClear={false} />
        </Form.Item>
      </Col>
    </Row>
  );
}
