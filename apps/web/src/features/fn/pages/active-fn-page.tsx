import { HistoryOutlined, NumberOutlined, ShareAltOutlined, StopOutlined } from '@ant-design/icons';
import { fnFormExportColumns, type FnForm } from '@dnx/shared';
import { Button, Space, Tabs } from 'antd';
import type { TFunction } from 'i18next';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ResourceTable, type ListFilter, type ResourceListDeclaration } from '../../../components/resource-list';
import { activeNotSharedEndpoint, formsEndpoint, useFnForm } from '../api/forms';
import { formColumns, formDefaultColumns, textFilter } from '../components/form-columns';
import { HistoryDrawer } from '../components/history-drawer';
import { personFilter } from '../../../components/person-select';
import { RangeShareDialog } from '../components/range-share-dialog';
import { ShareWindow, shareWindowParams } from '../components/share-window';
import { VoidDialog } from '../components/void-dialog';

const tabs = ['not-shared', 'by-inspector', 'by-operator'] as const;
type Tab = (typeof tabs)[number];
type Dialog = 'assign' | 'range';

const idParam = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

const numberFilters = (t: TFunction): ListFilter[] => [
  { name: 'series', label: t('fn.series'), render: textFilter('series', true) },
  { name: 'number_from', label: t('fn.numberFrom'), render: textFilter('number_from') },
  { name: 'number_to', label: t('fn.numberTo'), render: textFilter('number_to') },
];

/** The row actions: the timeline, and a void of a form that is active or shared. */
function RowActions({ form, open }: { form: FnForm; open: (key: 'history' | 'void', id: number) => void }) {
  const { t } = useTranslation();
  const name = `${form.series} ${form.number}`;
  return (
    <Space size={4} wrap>
      <Button
        size="small"
        icon={<HistoryOutlined />}
        onClick={() => open('history', form.id)}
        aria-label={`${t('fn.history')}: ${name}`}
      >
        {t('fn.history')}
      </Button>
      {(form.stage === 'active' || form.stage === 'shared') && (
        <Button
          size="small"
          danger
          icon={<StopOutlined />}
          onClick={() => open('void', form.id)}
          aria-label={`${t('fn.void')}: ${name}`}
          data-testid={`fn-void-${form.id}`}
        >
          {t('fn.void')}
        </Button>
      )}
    </Space>
  );
}

/**
 * `active-fn`: the region's active forms in three tabs (shared to nobody, by keyset pages; shared to an
 * inspector; an operator's active ones), sharing through the assign window or by a range, and voiding.
 * The tab, the lists' filters and cursors, and the open dialog all live in the URL.
 */
export default function ActiveFnPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (tabs as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'not-shared';
  const dialog = params.get('dialog') as Dialog | null;
  const inspector = idParam(params.get('inspector')) ?? undefined;
  const historyId = idParam(params.get('history'));
  const historyForm = useFnForm(historyId);

  const open = useCallback(
    (key: 'history' | 'void' | 'dialog', value: string | number) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set(key, String(value));
        return next;
      }),
    [setParams],
  );
  const close = useCallback(
    (...keys: string[]) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const key of keys) next.delete(key);
        return next;
      }),
    [setParams],
  );

  const declaration = useMemo<ResourceListDeclaration<FnForm>>(() => {
    const columns = formColumns(t, (f) => <RowActions form={f} open={open} />);
    const common = {
      tab,
      title: t('routes.active-fn'),
      rowKey: (f: FnForm) => f.id,
      defaultSort: { orderBy: 'id' },
      exportColumns: fnFormExportColumns,
      defaultColumns: formDefaultColumns,
    };
    if (tab === 'by-inspector')
      return {
        ...common,
        endpoint: formsEndpoint,
        baseQuery: { stage: 'shared' },
        columns,
        filters: [{ name: 'inspector', label: t('fn.inspector'), ...personFilter('inspectors') }, ...numberFilters(t)],
      };
    if (tab === 'by-operator')
      return {
        ...common,
        endpoint: formsEndpoint,
        baseQuery: { stage: 'active' },
        columns,
        filters: [{ name: 'operator', label: t('fn.operator'), ...personFilter('operators') }, ...numberFilters(t)],
      };
    return {
      ...common,
      endpoint: activeNotSharedEndpoint,
      // Keyset pages only; the export reads the same forms from the registry (active is shared to nobody).
      paging: 'keyset',
      exportEndpoint: formsEndpoint,
      baseQuery: { stage: 'active' },
      columns,
      filters: [...numberFilters(t), { name: 'operator', label: t('fn.operator'), ...personFilter('operators') }],
      emptyText: t('fn.noActiveNotShared'),
    };
  }, [t, tab, open]);

  const shareActions = (
    <Space wrap>
      <Button icon={<NumberOutlined />} onClick={() => open('dialog', 'range')} data-testid="fn-open-range">
        {t('fn.shareByRange')}
      </Button>
      <Button
        type="primary"
        icon={<ShareAltOutlined />}
        onClick={() => open('dialog', 'assign')}
        data-testid="fn-open-share-window"
      >
        {t('fn.shareWindow')}
      </Button>
    </Space>
  );

  return (
    <div data-testid="active-fn-page">
      <PageHeader title={t('routes.active-fn')} />
      <Tabs
        activeKey={tab}
        // A tab's list starts afresh: its filters and cursor belong to the tab left.
        onChange={(key) => setParams(key === 'not-shared' ? {} : { tab: key })}
        items={tabs.map((key) => ({ key, label: t(`fn.tabs.${key}`) }))}
        data-testid="active-fn-tabs"
      />
      <ResourceTable key={tab} declaration={declaration} actions={shareActions} />
      <ShareWindow
        open={dialog === 'assign'}
        inspector={inspector}
        onInspector={(id) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (id === undefined) next.delete('inspector');
            else next.set('inspector', String(id));
            for (const key of shareWindowParams) next.delete(key);
            return next;
          })
        }
        onClose={() => close('dialog', ...shareWindowParams)}
      />
      <RangeShareDialog open={dialog === 'range'} inspector={inspector} onClose={() => close('dialog')} />
      <VoidDialog formId={idParam(params.get('void'))} onClose={() => close('void')} />
      <HistoryDrawer
        subject={
          historyId === null
            ? null
            : {
                kind: 'forms',
                id: historyId,
                title: historyForm.data ? `${historyForm.data.series} ${historyForm.data.number}` : '',
              }
        }
        onClose={() => close('history')}
      />
    </div>
  );
}
