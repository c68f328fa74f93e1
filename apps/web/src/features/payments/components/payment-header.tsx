import { displayDateFormat, ownerCategories, ownerCategoryOf, paymentCreateSchema } from '@dnx/shared';
import { Col, DatePicker, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvailableSelect } from '../../../components/available-select';
import { RegionSelect } from '../../../components/region-select';
import { schemaRules } from '../../../lib/form-rules';

const rules = schemaRules(paymentCreateSchema.shape);

/** The owner category as the code is typed (shared `ownerCategoryOf`). */
function OwnerCategory() {
  const { t } = useTranslation();
  const code = Form.useWatch<string>('owner_code') ?? '';
  const category = ownerCategoryOf(code.trim());
  const label = ownerCategories.find((c) => c.value === category)?.label;
  return (
    <Typography.Text type="secondary" aria-live="polite" data-testid="payment-owner-category">
      {t('payments.ownerCategory')}: {label ?? '—'}
    </Typography.Text>
  );
}

/**
 * The payment's header fields, inside the payment form's Ant Design form: the payer (VÖEN, name, phone, address,
 * transport type), a national user's region, the MDSSH and İTSDA payments.
 */
export function PaymentHeader({ national }: { national: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item
          name="owner_code"
          label={t('payments.ownerCode')}
          required
          rules={rules.owner_code}
          extra={<OwnerCategory />}
        >
          <Input maxLength={10} inputMode="numeric" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={10}>
        <Form.Item name="owner_name" label={t('payments.ownerName')} required rules={rules.owner_name}>
          <Input maxLength={300} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="owner_phone" label={t('payments.ownerPhone')}>
          <Input maxLength={30} />
        </Form.Item>
      </Col>
      <Col xs={24} md={national ? 8 : 16}>
        <Form.Item name="owner_address" label={t('payments.ownerAddress')}>
          <Input maxLength={500} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="owner_transport_type" label={t('payments.ownerTransportType')}>
          <AvailableSelect resource="transport-types" placeholder={t('payments.ownerTransportType')} />
        </Form.Item>
      </Col>
      {national && (
        <Col xs={24} md={8}>
          <Form.Item name="region" label={t('fn.region')} required>
            <RegionSelect />
          </Form.Item>
        </Col>
      )}
      {(['mdssh', 'itsda'] as const).map((which) => (
        <Col xs={24} md={12} key={which}>
          <Row gutter={8}>
            <Col span={8}>
              <Form.Item name={`${which}_number`} label={t(`payments.${which}Number`)}>
                <Input maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={`${which}_date`} label={t(`payments.${which}Date`)}>
                <DatePicker format={displayDateFormat} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name={`${which}_amount`} label={t(`payments.${which}Amount`)}>
                <Input inputMode="decimal" placeholder="0,00" />
              </Form.Item>
            </Col>
          </Row>
        </Col>
      ))}
    </Row>
  );
}
