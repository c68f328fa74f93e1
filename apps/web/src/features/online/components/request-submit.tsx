import { SendOutlined } from '@ant-design/icons';
import { onlineCarrierRequestSchema, onlineDocumentKinds } from '@dnx/shared';
import { Alert, Button, Checkbox, Col, Form, Row, Typography } from 'antd';
import type { FormInstance } from 'antd/es/form';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptchaWidget } from '../../../components/captcha-widget';
import { firstErrorScroll, schemaRule } from '../../../lib/form-rules';
import { DocumentInput } from './document-input';
import { documentRule } from './document-rules';
import { firstErrorField, requestErrors } from './request-errors';

/** The consent box: ticked is what the contract reads as "true". */
const consentRule = schemaRule(onlineCarrierRequestSchema.shape.consent, { toApi: (v) => (v ? 'true' : '') });

/** The fields every request ends with, in the form's order. */
export const closingFields = [...onlineDocumentKinds.map((d) => d.key), 'consent'] as const;

interface Problems {
  captcha: string | null;
  general: string | null;
  vehicles: string | null;
}

const noProblems: Problems = { captcha: null, general: null, vehicles: null };

/**
 * One attempt at a public request: the ALTCHA payload (single use, so the widget starts over after every answer),
 * and the answer's messages put where they belong.
 */
export function useRequestAttempt(order: readonly string[], vehicleOrder: readonly string[] = []) {
  const [gtoken, setGtoken] = useState<string | null>(null);
  const [widgetKey, setWidgetKey] = useState(0);
  const [problems, setProblems] = useState<Problems>(noProblems);
  const onToken = useCallback((token: string | null) => setGtoken(token), []);

  const started = () => setProblems(noProblems);
  const answered = () => {
    setGtoken(null);
    setWidgetKey((k) => k + 1);
  };
  const refused = (form: Pick<FormInstance, 'setFields' | 'scrollToField'>, error: unknown) => {
    const sorted = requestErrors(error, order, vehicleOrder);
    form.setFields(sorted.fields);
    setProblems({ captcha: sorted.captcha, general: sorted.general, vehicles: sorted.vehicles });
    const first = firstErrorField(sorted.fields, order, vehicleOrder);
    if (first) form.scrollToField(first, firstErrorScroll);
  };
  return { gtoken, widgetKey, onToken, problems, started, answered, refused };
}

export type RequestAttempt = ReturnType<typeof useRequestAttempt>;

/** Documents, consent, the human verification, what the server said, and the button. */
export function RequestSubmitSection({ attempt, pending }: { attempt: RequestAttempt; pending: boolean }) {
  const { t } = useTranslation();
  const { gtoken, widgetKey, onToken, problems } = attempt;
  return (
    <>
      <Typography.Title level={3} className="online-section-title">
        {t('online.documents')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('online.documentsHint')}</Typography.Paragraph>
      <Row gutter={16}>
        {onlineDocumentKinds.map((kind) => (
          <Col xs={24} md={12} key={kind.key}>
            <Form.Item
              name={kind.key}
              label={kind.label}
              required={kind.required}
              rules={[documentRule(kind.required)]}
              data-testid={`online-document-${kind.key}`}
            >
              <DocumentInput />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item name="consent" valuePropName="checked" rules={[consentRule]}>
        <Checkbox data-testid="online-consent">{t('online.consent')}</Checkbox>
      </Form.Item>
      <div className="online-captcha">
        <CaptchaWidget key={widgetKey} onToken={onToken} />
        {problems.captcha && (
          <Typography.Text type="danger" role="alert" data-testid="online-captcha-error">
            {problems.captcha}
          </Typography.Text>
        )}
      </div>
      {problems.general && (
        <Alert type="error" showIcon message={problems.general} data-testid="online-request-error" />
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        icon={<SendOutlined />}
        disabled={!gtoken}
        loading={pending}
        className="online-submit"
        data-testid="online-request-submit"
      >
        {t('online.submit')}
      </Button>
      {!gtoken && (
        <Typography.Paragraph type="secondary" className="online-captcha-hint">
          {t('online.captchaHint')}
        </Typography.Paragraph>
      )}
    </>
  );
}
