import { EyeOutlined } from '@ant-design/icons';
import { formatDateTime, onlineStatuses, onlineStatusLabel, type OnlineCarrierListItem } from '@dnx/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BackLink } from '../../../components/back-link';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { onlineCarriersEndpoint } from '../api/online-carriers';
import { CarrierReview } from '../components/carrier-review';
import { regionFilter, textFilter, useNationalUser } from '../components/list-filters';
import { OnlineStatusTag } from '../components/status-tag';

const screenPath = '/app/online-carrier';

/** The carriers' registrations of the user's region (A: every region), newest first. */
function CarrierRequestsList() {
  const { t } = useTranslation();
  const national = useNationalUser();
  const declaration = useMemo<ResourceListDeclaration<OnlineCarrierListItem>>(
    () => ({
      endpoint: onlineCarriersEndpoint,
      title: t('routes.online-carrier'),
      rowKey: (r) => r.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      columns: [
        { key: 'id', title: '№', sortKey: 'id', value: (r) => r.id, width: 70 },
        { key: 'code', title: t('online.codeLabel'), value: (r) => r.code },
        { key: 'name', title: t('online.name'), sortKey: 'name', value: (r) => r.name },
        { key: 'voen', title: t('online.voen'), value: (r) => r.voen },
        { key: 'region', title: t('online.region'), value: (r) => r.region_name },
        { key: 'phone', title: t('online.phone'), value: (r) => r.phone },
        { key: 'email', title: t('online.email'), value: (r) => r.email },
        {
          key: 'status',
          title: t('online.status'),
          sortKey: 'status',
          value: (r) => onlineStatusLabel('carrier', r.status),
          render: (r) => <OnlineStatusTag kind="carrier" status={r.status} />,
        },
        {
          key: 'created_at',
          title: t('online.createdAt'),
          sortKey: 'created_at',
          value: (r) => formatDateTime(r.created_at),
        },
        { key: 'decided_at', title: t('online.decidedAt'), value: (r) => formatDateTime(r.decided_at) },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          value: () => '',
          render: (r) => (
            <LinkButton
              to={`${screenPath}?request=${r.id}`}
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('online.openLabel', { code: r.code })}
              data-testid={`online-carrier-open-${r.id}`}
            >
              {t('online.open')}
            </LinkButton>
          ),
        },
      ],
      filters: [
        {
          name: 'status',
          label: t('online.status'),
          options: onlineStatuses.carrier.map((s) => ({ value: String(s.code), label: s.label })),
        },
        { name: 'voen', label: t('online.voen'), render: textFilter('filter-input-voen') },
        ...(national ? [{ name: 'region', label: t('online.region'), render: regionFilter }] : []),
      ],
    }),
    [t, national],
  );
  return <ResourceTable declaration={declaration} />;
}

/** `online-carrier`: the registrations, and on the same route (`?request={id}`) one of them under review. */
export default function OnlineCarrierPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const target = params.get('request');
  if (target !== null) {
    const id = /^\d+$/.test(target) ? Number(target) : 0;
    return (
      <div data-testid="online-carrier-review">
        <BackLink to={screenPath} />
        <CarrierReview id={id} key={id} />
      </div>
    );
  }
  return (
    <div data-testid="online-carrier-page">
      <PageHeader title={t('routes.online-carrier')} />
      <CarrierRequestsList />
    </div>
  );
}
