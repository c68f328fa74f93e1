import { EyeOutlined } from '@ant-design/icons';
import { onlineCarrierExportColumns, type OnlineCarrierListItem } from '@dnx/shared';
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
      // Requests come in while the reviewer reads: new rows wait behind a bar rather than push the rows down (issue 47).
      live: 'bar',
      title: t('routes.online-carrier'),
      rowKey: (r) => r.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      exportColumns: onlineCarrierExportColumns,
      // At 1280 px without scrolling sideways (issue 29): the contacts are in the column settings and the request.
      defaultColumns: ['id', 'code', 'name', 'voen', 'region', 'status', 'created_at', 'decided_at'],
      columns: [
        { key: 'id', title: '№', sortKey: 'id', width: 70 },
        { key: 'code', title: t('online.codeLabel') },
        { key: 'name', title: t('online.name'), sortKey: 'name' },
        { key: 'voen', title: t('online.voen') },
        { key: 'region', title: t('online.region') },
        { key: 'phone', title: t('online.phone') },
        { key: 'email', title: t('online.email'), breakAnywhere: true },
        ...reviewColumns<OnlineCarrierListItem>('carrier', t),
        { key: 'decided_at', title: t('online.decidedAt') },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
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
