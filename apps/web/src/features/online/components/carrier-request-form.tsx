import { onlineCarrierRequestSchema } from '@dnx/shared';
import { Col, Form, Input, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { schemaRule, schemaRules } from '../../../lib/form-rules';
import { useSubmitCarrierRequest, type CarrierRequestValues, type OnlineSubmitted } from '../api/submit-request';
import { PublicRegionSelect } from './public-pickers';
import { closingFields, RequestSubmitSection, useRequestAttempt } from './request-submit';

const shape = onlineCarrierRequestSchema.shape;
const rules = schemaRules(shape);
const regionRule = schemaRule(shape.region, { toApi: (v) => (v === undefined || v === null ? '' : String(v)) });

/** The form's fields in their order (the focus goes to the first in error). */
const order = ['name', 'voen', 'address', 'phone', 'email', 'info', 'region', ...closingFields];

/**
 * A carrier asks to be registered: its details, the region whose office reviews it, the documents, consent and
 * the human verification. (The tax payer is a staff's pick from the registry: not asked here.)
 */
export function CarrierRequestForm({ onSubmitted }: { onSubmitted: (answer: OnlineSubmitted, voen: string) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CarrierRequestValues>();
  const submit = useSubmitCarrierRequest();
  const attempt = useRequestAttempt(order);

  const onFinish = (values: CarrierRequestValues) => {
    if (!attempt.gtoken) return;
    attempt.started();
    submit.mutate(
      { values, gtoken: attempt.gtoken },
      {
        onSuccess: (answer) => onSubmitted(answer, values.voen.trim()),
        onError: (error) => attempt.refused(form, error),
        onSettled: attempt.answered,
      },
    );
  };

  return (
    <Form<CarrierRequestValues>
      form={form}
      layout="vertical"
      onFinish={onFinish}
      name="carrier"
      data-testid="online-carrier-form"
    >
      <Typography.Paragraph type="secondary">{t('online.carrierIntro')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('online.name')} required rules={rules.name}>
            <Input maxLength={300} autoComplete="organization" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="voen" label={t('online.voen')} required rules={rules.voen}>
            <Input maxLength={10} inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('online.address')} rules={rules.address}>
            <Input maxLength={300} autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={t('online.phone')} required rules={rules.phone}>
            <Input maxLength={20} inputMode="tel" autoComplete="tel" placeholder="+994501234567" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="email" label={t('online.email')} required rules={rules.email}>
            <Input maxLength={254} inputMode="email" autoComplete="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="region" label={t('online.region')} required rules={[regionRule]}>
            <PublicRegionSelect placeholder={t('online.region')} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="info" label={t('online.info')} rules={rules.info}>
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
        </Col>
      </Row>
      <RequestSubmitSection attempt={attempt} pending={submit.isPending} />
    </Form>
  );
}
