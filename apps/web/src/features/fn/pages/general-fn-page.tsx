import { HistoryOutlined } from '@ant-design/icons';
import { fnNoticeStatuses, fnStages, formatDate, formatDateTime, type FnForm } from '@dnx/shared';
import { Button, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import {
  ResourceTable,
  SearchBox,
  type FilterControlProps,
  type ResourceListDeclaration,
} from '../../../components/resource-list';
import { formsEndpoint } from '../api/forms';
import type { HistorySubject } from '../api/history';
import { HistoryDrawer } from '../components/history-drawer';

const textFilter =
  (name: string, upper = false) =>
  ({ value, onChange, placeholder }: FilterControlProps) => (
    <SearchBox
      value={value ?? ''}
      onSearch={(text) => onChange(text ? (upper ? text.toUpperCase() : text) : undefined)}
      placeholder={placeholder}
      width="100%"
      data-testid={`filter-input-${name}`}
    />
  );

const stageLabel = (key: string) => fnStages.find((s) => s.key === key)?.label ?? key;
const statusLabel = (code: number | null) =>
  code === null ? '' : (fnNoticeStatuses.find((s) => s.code === code)?.label ?? String(code));
const stageColor: Record<string, string> = {
  new: 'default',
  active: 'blue',
  shared: 'geekblue',
  used: 'gold',
  paid: 'green',
  voided: 'red',
};

/** `general-fn`: the registry of every form, with every filter in the URL and CSV / Excel of what it selects. */
export default function GeneralFnPage() {
  const { t } = useTranslation();
  const [history, setHistory] = useState<HistorySubject | null>(null);

  const declaration = useMemo<ResourceListDeclaration<FnForm>>(
    () => ({
      endpoint: formsEndpoint,
      title: t('routes.general-fn'),
      rowKey: (f) => f.id,
      defaultSort: { orderBy: 'id', order: 'desc' },
      columns: [
        { key: 'series', title: t('fn.series'), sortKey: 'series', value: (f) => f.series },
        { key: 'number', title: t('fn.number'), sortKey: 'number', value: (f) => f.number },
        { key: 'batch', title: t('fn.batch'), value: (f) => f.batch },
        {
          key: 'stage',
          title: t('fn.stage'),
          sortKey: 'stage',
          value: (f) => stageLabel(f.stage),
          render: (f) => <Tag color={stageColor[f.stage]}>{stageLabel(f.stage)}</Tag>,
        },
        {
          key: 'status',
          title: t('fn.status'),
          value: (f) => (f.annulled ? `${statusLabel(f.status)} (${t('fn.annulled')})` : statusLabel(f.status)),
        },
        { key: 'inspector', title: t('fn.inspector'), value: (f) => f.inspector_name ?? '' },
        { key: 'valid_from', title: t('fn.validFrom'), value: (f) => formatDate(f.valid_from) },
        { key: 'valid_to', title: t('fn.validTo'), value: (f) => formatDate(f.valid_to) },
        { key: 'void_reason', title: t('fn.reason'), value: (f) => f.void_reason ?? '' },
        {
          key: 'updated_at',
          title: t('fn.updatedAt'),
          sortKey: 'updated_at',
          value: (f) => formatDateTime(f.updated_at),
        },
        {
          key: 'actions',
          title: t('list.actions'),
          screenOnly: true,
          value: () => '',
          render: (f) => (
            <Button
              size="small"
              icon={<HistoryOutlined />}
              onClick={() => setHistory({ kind: 'forms', id: f.id, title: `${f.series} ${f.number}` })}
              aria-label={`${t('fn.history')}: ${f.series} ${f.number}`}
            >
              {t('fn.history')}
            </Button>
          ),
        },
      ],
      filters: [
        { name: 'series', label: t('fn.series'), render: textFilter('series', true) },
        { name: 'number_from', label: t('fn.numberFrom'), render: textFilter('number_from') },
        { name: 'number_to', label: t('fn.numberTo'), render: textFilter('number_to') },
        { name: 'stage', label: t('fn.stage'), options: fnStages.map((s) => ({ value: s.key, label: s.label })) },
        {
          name: 'status',
          label: t('fn.status'),
          options: fnNoticeStatuses.map((s) => ({ value: String(s.code), label: s.label })),
        },
      ],
    }),
    [t],
  );

  return (
    <div data-testid="general-fn-page">
      <PageHeader title={t('routes.general-fn')} />
      <ResourceTable declaration={declaration} />
      <HistoryDrawer subject={history} onClose={() => setHistory(null)} />
    </div>
  );
}
