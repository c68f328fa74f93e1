import { EyeOutlined } from '@ant-design/icons';
import { formatDateTime, type OnlineCarrierListItem } from '@dnx/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkButton } from '../../../components/link-button';
import { ResourceTable, type ResourceListDeclaration } from '../../../components/resource-list';
import { onlineCarriersEndpoint } from '../api/online-carriers';
import { CarrierReview } from '../components/carrier-review';
import { reviewColumns, reviewFilters, useNationalUser } from '../components/list-filters';
import { RequestScreen, requestScreenPath } from '../components/request-screen';

const screenPath = requestScreenPath('carrier');

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
        ...reviewColumns<OnlineCarrierListItem>('carrier', t),
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
      filters: reviewFilters('carrier', t, national, { name: 'voen', testId: 'filter-input-voen' }),
    }),
    [t, national],
  );
  return <ResourceTable declaration={declaration} />;
}

/** `online-carrier`: the registrations, and on the same route (`?request={id}`) one of them under review. */
export default function OnlineCarrierPage() {
  return (
    <RequestScreen kind="carrier" list={<CarrierRequestsList />} review={(id) => <CarrierReview id={id} key={id} />} />
  );
}
