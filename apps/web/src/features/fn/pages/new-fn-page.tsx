import { dayFilter } from '../../../components/resource-list';
import { CheckOutlined, EditOutlined, HistoryOutlined, PlusOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { allRowsLimit, fnBatchExportColumns, fnBatchStatuses, hasPermissions, type FnBatch } from '@dnx/shared';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { availableFilter } from '../../../components/available-select';
import { LinkButton } from '../../../components/link-button';
import { PageHeader } from '../../../components/page-header';
import {
  ResourceTable,
  SearchBox,
  type FilterControlProps,
  type ResourceListDeclaration,
} from '../../../components/resource-list';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCurrentUser } from '../../../lib/current-user';
import { batchesEndpoint, useAcceptBatch } from '../api/batches';
import type { HistorySubject } from '../api/history';
import { HistoryDrawer } from '../components/history-drawer';
import { personFilter } from '../../../components/person-select';
import '../texts';
import { fnBatchStatusText as batchStatusText } from '../../../lib/status-text';

/** A batch's forms in the registry, by number; all on one page when "Hamısı" can hold them (to print the batch). */
const batchFormsPath = (batch: FnBatch) =>
  `/app/general-fn?batch=${batch.id}&order_by=number&order=asc&per_page=${batch.count <= allRowsLimit ? 'all' : '100'}`;

const seriesFilter = ({ value, onChange, placeholder }: FilterControlProps) => (
  <SearchBox
    value={value ?? ''}
    onSearch={(text) => onChange(text ? text.toUpperCase() : undefined)}
    placeholder={placeholder}
    width="100%"
    data-testid="filter-input-series"
  />
);

/** The accept action of a batch's own operator while it waits for them. */
function AcceptButton({ batch }: { batch: FnBatch }) {
  const { t } = useTranslation();
  const accept = useAcceptBatch();
  return (
    <Popconfirm
      title={t('fn.acceptConfirm', { series: batch.series, start: batch.start_number, finish: batch.finish_number })}
      okText={t('fn.accept')}
      cancelText={t('list.cancel')}
      onConfirm={() =>
        accept.mutateAsync(batch.id).then(notifySuccess, (error: unknown) => {
          notifyFailure(error);
        })
      }
    >
      <Button
        size="small"
        type="primary"
        icon={<CheckOutlined />}
        loading={accept.isPending}
        aria-label={`${t('fn.accept')}: ${batch.series} ${batch.start_number}-${batch.finish_number}`}
        data-testid={`fn-accept-${batch.id}`}
      >
        {t('fn.accept')}
      </Button>
    </Popconfirm>
  );
}

/** `new-fn`: the batches of forms issued (A, B) or addressed to the signed-in operator (F), who accepts them. */
export default function NewFnPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const held = me?.permissions ?? [];
  const canEdit = hasPermissions(held, ['change_fnbatch']);
  const [history, setHistory] = useState<HistorySubject | null>(null);

  const declaration = useMemo<ResourceListDeclaration<FnBatch>>(
    () => ({
      endpoint: batchesEndpoint,
      title: t('routes.new-fn'),
      rowKey: (b) => b.id,
      search: true,
      defaultSort: { orderBy: 'id', order: 'desc' },
      exportColumns: fnBatchExportColumns,
      // At 1280 px without scrolling sideways (issue 29): the coefficient, the validity and the day it was made are in
      // the column settings and on the batch's form (the number orders batches as they were made).
      defaultColumns: ['id', 'series', 'range', 'count', 'region', 'operator', 'transport_type', 'status', 'stages'],
      columns: [
        { key: 'id', title: '№', sortKey: 'id', width: 80 },
        { key: 'series', title: t('fn.series'), sortKey: 'series' },
        { key: 'range', title: t('fn.range'), sortKey: 'start_number' },
        { key: 'count', title: t('fn.count') },
        { key: 'region', title: t('fn.region') },
        { key: 'operator', title: t('fn.operator') },
        { key: 'transport_type', title: t('fn.transportType') },
        { key: 'coefficient', title: t('fn.coefficient') },
        { key: 'validity', title: t('fn.validity') },
        {
          key: 'status',
          title: t('fn.batchStatus'),
          sortKey: 'status',
          render: (b) => <Tag color={b.status === 'accepted' ? 'green' : 'blue'}>{batchStatusText(t, b.status)}</Tag>,
        },
        {
          key: 'stages',
          title: t('fn.stages'),
          value: (b) =>
            `${t('fn.stageShort.new')} ${b.stages.new}, ${t('fn.stageShort.active')} ${b.stages.active}, ` +
            `${t('fn.stageShort.shared')} ${b.stages.shared}, ${t('fn.stageShort.voided')} ${b.stages.voided}`,
        },
        { key: 'created_at', title: t('fn.createdAt'), sortKey: 'created_at' },
        { key: 'fnBase', title: t('fn.parentBatch') },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          render: (b) => (
            <Space size={4} wrap>
              <LinkButton
                to={batchFormsPath(b)}
                size="small"
                icon={<UnorderedListOutlined />}
                aria-label={`${t('fn.batchForms')}: ${b.series} ${b.start_number}-${b.finish_number}`}
                data-testid={`fn-batch-forms-${b.id}`}
              >
                {t('fn.batchForms')}
              </LinkButton>
              <Button
                size="small"
                icon={<HistoryOutlined />}
                onClick={() =>
                  setHistory({ kind: 'batches', id: b.id, title: `${b.series} ${b.start_number} - ${b.finish_number}` })
                }
                aria-label={`${t('fn.history')}: ${b.series} ${b.start_number}-${b.finish_number}`}
                data-testid={`fn-history-${b.id}`}
              >
                {t('fn.history')}
              </Button>
              {b.status === 'issued' && b.operator === me?.id && <AcceptButton batch={b} />}
              {canEdit && b.stages.new === b.count && (
                <LinkButton
                  to={`/app/new-fn-edit/${b.id}`}
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={`${t('list.edit')}: ${b.series} ${b.start_number}-${b.finish_number}`}
                >
                  {t('list.edit')}
                </LinkButton>
              )}
            </Space>
          ),
        },
      ],
      filters: [
        { name: 'series', label: t('fn.series'), render: seriesFilter },
        {
          name: 'status',
          label: t('fn.batchStatus'),
          options: fnBatchStatuses.map((s) => ({ value: s.key, label: batchStatusText(t, s.key) })),
        },
        { name: 'region', label: t('fn.region'), ...availableFilter('regions') },
        { name: 'operator', label: t('fn.operator'), ...personFilter('operators') },
        { name: 'transport_type', label: t('fn.transportType'), ...availableFilter('transport-types') },
        { name: 'created_from', label: t('fn.createdFrom'), render: dayFilter },
        { name: 'created_to', label: t('fn.createdTo'), render: dayFilter },
      ],
    }),
    [t, canEdit, me?.id],
  );

  return (
    <div data-testid="new-fn-page">
      <PageHeader title={t('routes.new-fn')} />
      <ResourceTable
        declaration={declaration}
        canDelete={hasPermissions(held, ['delete_fnbatch'])}
        actions={
          hasPermissions(held, ['add_fnbatch']) && (
            <LinkButton to="/app/new-fn-create" type="primary" icon={<PlusOutlined />} data-testid="create-fn-batch">
              {t('fn.createBatch')}
            </LinkButton>
          )
        }
      />
      <HistoryDrawer subject={history} onClose={() => setHistory(null)} />
    </div>
  );
}
