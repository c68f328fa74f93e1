import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { formatDate, formatMoney } from '@dnx/shared';
import { Card, Descriptions, Result, Skeleton, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { registerOfflineShell } from '../../../lib/offline-shell';
import { usePublicPayment } from '../api/payments';
import { paymentStatusText } from '../../../lib/status-text';
import { ReceiptSignature, receiptJwsOf } from '../components/receipt-signature';

/** `/verify/{code}`: the public check a receipt's QR opens, no sign-in; a wrong code says it plainly. */
export function VerifyPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const check = usePublicPayment(code);
  useDocumentTitle(t('payments.verifyTitle'));
  // A signed receipt's QR carries its signature in the fragment (issue 46): checked here, with no network if need be.
  const jws = receiptJwsOf(useLocation().hash);
  useEffect(registerOfflineShell, []);
  const unreachable = check.isError && !(check.error instanceof ApiError);

  return (
    <main style={{ maxWidth: 860, margin: '32px auto', padding: '0 16px' }} data-testid="verify-page">
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {t('payments.verifyTitle')}
      </Typography.Title>
      {jws && (
        <div style={{ marginBottom: 16 }}>
          <ReceiptSignature jws={jws} code={code} payment={check.data} />
        </div>
      )}
      {check.isPending && <Skeleton active />}
      {check.isError && !(jws && unreachable) && (
        <Result
          status={check.error instanceof ApiError && check.error.status === 404 ? '404' : 'error'}
          title={t('payments.notFound')}
          subTitle={t('payments.verifyNotFound')}
          data-testid="verify-not-found"
        />
      )}
      {check.data && (
        <Card>
          <Result
            icon={check.data.valid ? <CheckCircleFilled /> : <CloseCircleFilled />}
            status={check.data.valid ? 'success' : 'warning'}
            title={
              <h2 style={{ fontSize: 20, margin: 0 }} data-testid="verify-verdict">
                {check.data.valid ? t('payments.verifyValid') : t('payments.verifyInvalid')}
              </h2>
            }
          />
          <Descriptions column={1} bordered size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('payments.ownerName')}>{check.data.owner_name}</Descriptions.Item>
            <Descriptions.Item label={t('payments.status')}>
              {paymentStatusText(t, check.data.status)}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.receiptNumber')}>
              {check.data.payment_receipt_number ?? '—'}
              {check.data.payment_receipt_date ? ` (${formatDate(check.data.payment_receipt_date)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('payments.total')}>
              <span data-testid="verify-total">{formatMoney(check.data.total)}</span>
            </Descriptions.Item>
          </Descriptions>
          <Table
            size="small"
            pagination={false}
            rowKey={(r) => `${r.form_series}${r.form_number}`}
            dataSource={check.data.rows}
            scroll={{ x: true }}
            columns={[
              { key: 'plate', title: t('payments.plate'), dataIndex: 'plate' },
              { key: 'form', title: t('payments.form'), render: (_, r) => `${r.form_series} ${r.form_number}` },
              {
                key: 'validity',
                title: t('payments.validity'),
                render: (_, r) => (r.valid_from ? `${formatDate(r.valid_from)} – ${formatDate(r.valid_until)}` : '—'),
              },
              { key: 'amount', title: t('payments.amount'), render: (_, r) => formatMoney(r.amount) },
            ]}
          />
        </Card>
      )}
    </main>
  );
}
