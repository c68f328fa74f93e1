import { EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { onlinePaymentExportColumns, type OnlinePaymentListItem } from '@dnx/shared';
import { Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { onlinePaymentsEndpoint } from '../api/online-payments';
import { reviewColumns, reviewFilters, useNationalUser } from '../components/list-filters';
import { RequestScreen, requestScreenPath } from '../components/request-screen';
import { paymentPath, PaymentRequestReview } from '../components/payment-review';

const screenPath = requestScreenPath('payment');

/** The requests for marks of the user's region (A: every region), newest first. */
function PaymentRequestsList() {
  const { t } = useTranslation();
  const national = useNationalUser();
  const declaration = useMemo<ResourceListDeclaration<OnlinePaymentListItem>>(
    () => ({
      endpoint: onlinePaymentsEndpoint,
      // Requests come in while the reviewer reads: new rows wait behind a bar rather than push the rows down (issue 47).
      live: 'bar',
      title: t('routes.online-payment'),
      rowKey: (r) => r.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      exportColumns: onlinePaymentExportColumns,
      columns: [
        { key: 'id', title: '№', sortKey: 'id', width: 70 },
        { key: 'code', title: t('online.codeLabel') },
        { key: 'owner_name', title: t('online.ownerName'), sortKey: 'owner_name' },
        { key: 'owner_code', title: t('online.voen') },
        { key: 'region', title: t('online.region') },
        { key: 'vehicles_count', title: t('online.vehiclesCount') },
        ...reviewColumns<OnlinePaymentListItem>('payment', t),
        { key: 'payment', title: t('online.payment') },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          render: (r) => (
            <Space size={4} wrap>
              <LinkButton
                to={`${screenPath}?request=${r.id}`}
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('online.openLabel', { code: r.code })}
                data-testid={`online-payment-open-${r.id}`}
              >
                {t('online.open')}
              </LinkButton>
              {r.payment !== null && (
                <LinkButton
                  to={paymentPath(r.payment)}
                  size="small"
                  icon={<LinkOutlined />}
                  aria-label={t('online.paymentNumber', { id: r.payment })}
                >
                  {t('online.payment')}
                </LinkButton>
              )}
            </Space>
          ),
        },
      ],
      filters: reviewFilters('payment', t, national, { name: 'owner_code', testId: 'filter-input-owner-code' }),
    }),
    [t, national],
  );
  return <ResourceTable declaration={declaration} />;
}

/** `online-payment`: the requests for marks, and on the same route (`?request={id}`) one of them under review. */
export default function OnlinePaymentPage() {
  return (
    <RequestScreen
      kind="payment"
      list={<PaymentRequestsList />}
      review={(id) => <PaymentRequestReview id={id} key={id} />}
    />
  );
}
