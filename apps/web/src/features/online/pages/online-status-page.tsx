import { PrinterOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime, formatMoney, onlineStatusQuerySchema, type OnlineStatusAnswer } from '@dnx/shared';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Row, Skeleton, Space, Table, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { schemaRules } from '../../../lib/form-rules';
import { failureMessage } from '../../../lib/notify';
import { useRequestStatus } from '../api/request-status';
import { PublicFrame } from '../components/public-frame';
import { OnlineStatusTag } from '../components/status-tag';
import { paymentStatusText } from '../../../lib/status-text';

const rules = schemaRules(onlineStatusQuerySchema.shape);

interface StatusValues {
  code: string;
  voen: string;
}

type StatusPayment = NonNullable<OnlineStatusAnswer['payment']>;

/** What the carrier pays, printable: the receipt print's contents (owner, region, vehicles, amount). */
function PaymentDetails({ payment }: { payment: StatusPayment }) {
  const { t } = useTranslation();
  return (
    <section className="online-print" aria-labelledby="online-payment-title" data-testid="online-status-payment">
      <Space align="center" wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <h2 id="online-payment-title" className="online-print-title">
          {t('online.printTitle')}
        </h2>
        <Button
          icon={<PrinterOutlined />}
          onClick={() => window.print()}
          className="no-print"
          data-testid="online-print"
        >
          {t('online.print')}
        </Button>
      </Space>
      <div className="online-amount">
        <Typography.Text type="secondary">{t('online.amountToPay')}</Typography.Text>
        <span className="online-amount-value" data-testid="online-status-total">
          {formatMoney(payment.total)}
        </span>
      </div>
      <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('online.payer')}>
          {payment.owner_name} ({t('online.voen')} {payment.owner_code})
        </Descriptions.Item>
        <Descriptions.Item label={t('online.region')}>{payment.region_name}</Descriptions.Item>
        <Descriptions.Item label={t('online.paymentStatus')}>{paymentStatusText(t, payment.status)}</Descriptions.Item>
        {payment.payment_receipt_number && (
          <Descriptions.Item label={t('online.receipt')}>
            {payment.payment_receipt_number}
            {payment.payment_receipt_date ? ` (${formatDate(payment.payment_receipt_date)})` : ''}
          </Descriptions.Item>
        )}
      </Descriptions>
      <Table
        size="small"
        pagination={false}
        rowKey={(row) => `${row.plate} ${row.form}`}
        dataSource={payment.rows}
        data-testid="online-status-rows"
        // Three columns fit a phone: the vehicle with its form under it, the months, the amount.
        columns={[
          {
            key: 'vehicle',
            title: t('online.vehicleAndForm'),
            render: (_, row) => (
              <>
                <div>{row.plate}</div>
                <Typography.Text type="secondary">
                  {t('online.form')} {row.form}
                </Typography.Text>
              </>
            ),
          },
          {
            key: 'months',
            title: t('online.months'),
            render: (_, row) => t('online.monthsCount', { count: row.months }),
          },
          {
            key: 'amount',
            title: t('online.amount'),
            align: 'right',
            className: 'online-money',
            render: (_, row) => formatMoney(row.tax_price),
          },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={2}>
              <strong>{t('payments.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right" className="online-money">
              <strong>{formatMoney(payment.total)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <p className="online-print-only">{t('online.printedAt', { at: formatDateTime(new Date()) })}</p>
    </section>
  );
}

function StatusCard({ status }: { status: OnlineStatusAnswer }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="online-status-card">
      <Descriptions column={1} bordered size="small" className="online-status-summary">
        <Descriptions.Item label={t('online.kind')}>
          {status.kind === 'carrier' ? t('online.kindCarrier') : t('online.kindPayment')}
        </Descriptions.Item>
        <Descriptions.Item label={t('online.codeLabel')}>{status.code}</Descriptions.Item>
        <Descriptions.Item label={t('online.status')}>
          <OnlineStatusTag kind={status.kind} status={status.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('online.createdAt')}>{formatDateTime(status.created_at)}</Descriptions.Item>
        {status.decided_at && (
          <Descriptions.Item label={t('online.decidedAt')}>{formatDateTime(status.decided_at)}</Descriptions.Item>
        )}
        {status.reason && (
          <Descriptions.Item label={t('online.reason')}>
            <span data-testid="online-status-reason">{status.reason}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      {status.payment && (
        <div style={{ marginTop: 24 }}>
          <PaymentDetails payment={status.payment} />
        </div>
      )}
      {!status.payment && status.kind === 'payment' && status.status === 1 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
          {t('online.waiting')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** `/online/status?code=&voen=`, no sign-in: a request's status; once priced, the amount to pay, printable. */
export function OnlineStatusPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const code = (params.get('code') ?? '').trim().toUpperCase();
  const voen = (params.get('voen') ?? '').trim();
  const [form] = Form.useForm<StatusValues>();
  // An address with a code or VÖEN of the wrong form asks nothing: its fields say what is wrong instead.
  const wellFormed = onlineStatusQuerySchema.safeParse({ code, voen }).success;
  const status = useRequestStatus(wellFormed ? code : '', wellFormed ? voen : '');

  useEffect(() => {
    form.setFieldsValue({ code, voen });
    if ((code || voen) && !onlineStatusQuerySchema.safeParse({ code, voen }).success)
      void form.validateFields().catch(() => undefined);
  }, [form, code, voen]);

  const onFinish = (values: StatusValues) => {
    const next = { code: values.code.trim().toUpperCase(), voen: values.voen.trim() };
    setParams(next);
    if (next.code === code && next.voen === voen) void status.refetch();
  };
  const notFound = status.error instanceof ApiError && status.error.status === 404;

  return (
    <PublicFrame title={t('online.statusTitle')} subtitle={t('online.statusSubtitle')}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Card className="no-print">
          <Form<StatusValues>
            form={form}
            layout="vertical"
            name="status"
            initialValues={{ code, voen }}
            onFinish={onFinish}
            data-testid="online-status-form"
          >
            <Row gutter={16}>
              <Col xs={24} sm={12}>
                <Form.Item
                  name="code"
                  label={t('online.codeLabel')}
                  required
                  rules={rules.code}
                  normalize={(v: string) => v.toUpperCase()}
                >
                  <Input
                    size="large"
                    maxLength={14}
                    autoCapitalize="characters"
                    autoComplete="off"
                    placeholder="K7QH-3M9D-TX2P"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12}>
                <Form.Item name="voen" label={t('online.voen')} required rules={rules.voen}>
                  <Input size="large" maxLength={10} inputMode="numeric" autoComplete="off" />
                </Form.Item>
              </Col>
            </Row>
            <Button type="primary" htmlType="submit" size="large" loading={status.isFetching} className="online-submit">
              {t('online.check')}
            </Button>
          </Form>
        </Card>
        <div aria-live="polite">
          {status.isFetching && !status.data && <Skeleton active />}
          {status.data && !status.isError && <StatusCard status={status.data} />}
          {status.isError && (
            <Alert
              type={notFound ? 'warning' : 'error'}
              showIcon
              data-testid="online-status-missing"
              message={notFound ? t('online.notFoundTitle') : failureMessage(status.error)}
              description={notFound ? failureMessage(status.error) : undefined}
            />
          )}
        </div>
      </Space>
    </PublicFrame>
  );
}
