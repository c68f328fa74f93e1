import { EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { formatDateTime, onlineStatuses, onlineStatusLabel, type OnlinePaymentListItem } from '@dnx/shared';
import { Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { onlinePaymentsEndpoint } from '../api/online-payments';
import { regionFilter, textFilter, useNationalUser } from '../components/list-filters';
import { paymentPath, PaymentRequestReview } from '../components/payment-review';
import { OnlineStatusTag } from '../components/status-tag';

const screenPath = '/app/online-payment';

/** The requests for marks of the user's region (A: every region), newest first. */
function PaymentRequestsList() {
  const { t } = useTranslation();
  const national = useNationalUser();
  const declaration = useMemo<ResourceListDeclaration<OnlinePaymentListItem>>(
    () => ({
      endpoint: onlinePaymentsEndpoint,
      title: t('routes.online-payment'),
      rowKey: (r) => r.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      columns: [
        { key: 'id', title: '№', sortKey: 'id', value: (r) => r.id, width: 70 },
        { key: 'code', title: t('online.codeLabel'), value: (r) => r.code },
        { key: 'owner_name', title: t('online.ownerName'), sortKey: 'owner_name', value: (r) => r.owner_name },
        { key: 'owner_code', title: t('online.voen'), value: (r) => r.owner_code },
        { key: 'region', title: t('online.region'), value: (r) => r.region_name },
        { key: 'vehicles_count', title: t('online.vehiclesCount'), value: (r) => r.vehicles_count },
        {
          key: 'status',
          title: t('online.status'),
          sortKey: 'status',
          value: (r) => onlineStatusLabel('payment', r.status),
          render: (r) => <OnlineStatusTag kind="payment" status={r.status} />,
        },
        {
          key: 'created_at',
          title: t('online.createdAt'),
          sortKey: 'created_at',
          value: (r) => formatDateTime(r.created_at),
        },
        { key: 'payment', title: t('online.payment'), value: (r) => (r.payment === null ? '' : `№ ${r.payment}`) },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          value: () => '',
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
      filters: [
        {
          name: 'status',
          label: t('online.status'),
          options: onlineStatuses.payment.map((s) => ({ value: String(s.code), label: s.label })),
        },
        { name: 'owner_code', label: t('online.voen'), render: textFilter('filter-input-owner-code') },
        ...(national ? [{ name: 'region', label: t('online.region'), render: regionFilter }] : []),
      ],
    }),
    [t, national],
  );
  return <ResourceTable declaration={declaration} />;
}

/** `online-payment`: the requests for marks, and on the same route (`?request={id}`) one of them under review. */
export default function OnlinePaymentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = params.get('request');
  if (target !== null) {
    const id = /^\d+$/.test(target) ? Number(target) : 0;
    return (
      <div data-testid="online-payment-review">
        <BackLink to={screenPath} />
        <PaymentRequestReview id={id} key={id} />
      </div>
    );
  }
  return (
    <div data-testid="online-payment-page">
      <PageHeader title={t('routes.online-payment')} />
      <PaymentRequestsList />
    </div>
  );
}
