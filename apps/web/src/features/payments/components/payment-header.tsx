import { displayDateFormat, ownerCategories, ownerCategoryOf, paymentCreateSchema } from '@dnx/shared';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AvailableSelect } from '../../../components/available-select';
import { RegionSelect } from '../../../components/region-select';
import { schemaRules } from '../../../lib/form-rules';
import '../texts';
import type { PayerValues } from './payer-fill';
import { usePayerFill } from './use-payer-fill';

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

/** Under the VÖEN: where a known payer's details came from, or that the VÖEN is of no known payer. */
function PayerNote({ fill }: { fill: ReturnType<typeof usePayerFill> }) {
  const { t } = useTranslation();
  const text = fill.payer
    ? t(fill.payer.source === 'carrier' ? 'payments.payerFromCarrier' : 'payments.payerFromPayment')
    : fill.notFound;
  if (!text) return null;
  return (
    <Typography.Text type="secondary" style={{ display: 'block' }} aria-live="polite" data-testid="payment-payer-note">
      {text}
    </Typography.Text>
  );
}

/** The payer's values for the fields the person typed otherwise: replace them, or keep what was typed. */
function PayerOffer(props: {
  values: PayerValues;
  transportTypeName: string | null;
  fill: ReturnType<typeof usePayerFill>;
}) {
  const { t } = useTranslation();
  const { values } = props;
  const lines = [
    values.owner_name !== undefined && `${t('payments.ownerName')}: ${values.owner_name}`,
    values.owner_address !== undefined && `${t('payments.ownerAddress')}: ${values.owner_address}`,
    values.owner_phone !== undefined && `${t('payments.ownerPhone')}: ${values.owner_phone}`,
    values.owner_transport_type !== undefined &&
      `${t('payments.ownerTransportType')}: ${props.transportTypeName ?? values.owner_transport_type}`,
  ].filter((line) => line !== false);
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={t('payments.payerDiffers')}
      description={lines.join('; ')}
      action={
        <Flex vertical gap={4}>
          <Button size="small" type="primary" onClick={props.fill.replace} data-testid="payment-payer-replace">
            {t('payments.payerReplace')}
          </Button>
          <Button size="small" onClick={props.fill.keep} data-testid="payment-payer-keep">
            {t('payments.payerKeep')}
          </Button>
        </Flex>
      }
      data-testid="payment-payer-offer"
    />
  );
}

/**
 * The payment's header fields, inside the payment form's Ant Design form: the payer (VÖEN, name, phone, address,
 * transport type), a national user's region, the MDSSH and İTSDA payments. On a new payment (`fillPayer`), a known
 * VÖEN fills the payer (use-payer-fill.ts).
 */
export function PaymentHeader({ national, fillPayer }: { national: boolean; fillPayer: boolean }) {
  const { t } = useTranslation();
  const fill = usePayerFill(fillPayer);
  return (
    <Row gutter={16}>
      <Col xs={24} md={6}>
        <Form.Item
          name="owner_code"
          label={t('payments.ownerCode')}
          required
          rules={rules.owner_code}
          extra={
            <>
              <OwnerCategory />
              <PayerNote fill={fill} />
            </>
          }
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
      {fill.offer && (
        <Col span={24}>
          <PayerOffer values={fill.offer} transportTypeName={fill.payer?.transport_type_name ?? null} fill={fill} />
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
