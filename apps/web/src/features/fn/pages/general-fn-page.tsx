import { CloseOutlined, HistoryOutlined } from '@ant-design/icons';
import { fnFormExportColumns, hasPermissions, type FnForm } from '@dnx/shared';
import { Button, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { availableFilter } from '../../../components/available-select';
import { PageHeader } from '../../../components/page-header';
import { PrintButton, PrintHeader } from '../../../components/print/print-view';
import {
  ResourceTable,
  type FilterControlProps,
  type ListFilter,
  type ResourceListDeclaration,
} from '../../../components/resource-list';
import { useCurrentUser } from '../../../lib/current-user';
import { useBatch } from '../api/batches';
import { formsEndpoint } from '../api/forms';
import type { HistorySubject } from '../api/history';
import { dayFilter } from '../../../components/resource-list';
import { formColumns, formDefaultColumns, textFilter } from '../components/form-columns';
import { HistoryDrawer } from '../components/history-drawer';
import { batchLabel } from '../components/parent-batch-select';
import { personFilter } from '../../../components/person-select';
import '../texts';
import { fnNoticeStatusOptions, fnStageOptions } from '../../../lib/status-text';

/**
 * A person the address filters by that this user cannot pick (C and D hold no people picker): the filter still
 * applies, shown as a tag with a button that removes it (a link from the home page counts the forms shared to the
 * inspector). The button is a real one, in the tab order: Ant Design's close icon is not.
 */
const pinnedPersonFilter =
  (selfId: number | undefined, selfLabel: string, removeLabel: string) =>
  ({ value, onChange, placeholder }: FilterControlProps) =>
    value ? (
      <Tag style={{ padding: '0 0 0 8px' }}>
        {placeholder}: {value === String(selfId) ? selfLabel : `№ ${value}`}
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={`${removeLabel}: ${placeholder}`}
          onClick={() => onChange(undefined)}
          style={{ marginInlineStart: 4 }}
        />
      </Tag>
    ) : null;

/** Over a batch's forms: the batch it continues (the spec's fnBase), linked to that batch's forms. */
function ParentBatchLine({ batch }: { batch: number }) {
  const { t } = useTranslation();
  const shown = useBatch(Number.isSafeInteger(batch) && batch > 0 ? batch : null);
  const parent = useBatch(shown.data?.fnBase ?? null);
  if (!shown.data?.fnBase) return null;
  const label = parent.data ? batchLabel(parent.data) : `№ ${shown.data.fnBase}`;
  return (
    <Typography.Paragraph data-testid="fn-parent-batch-line">
      <Link to={`/app/general-fn?batch=${shown.data.fnBase}&order_by=number&order=asc`}>
        {t('fn.parentBatchOf', { label })}
      </Link>
    </Typography.Paragraph>
  );
}

/**
 * `general-fn`: the registry of every form, with every filter in the URL and CSV / Excel of what it selects; with
 * `?batch=` a batch's forms (new-fn links each batch here), printable.
 */
export default function GeneralFnPage() {
  const { t } = useTranslation();
  const [history, setHistory] = useState<HistorySubject | null>(null);
  const me = useCurrentUser();
  const held = me?.permissions ?? [];
  const [search] = useSearchParams();
  const pinnedOperator = search.get('operator') ?? '';
  const pinnedInspector = search.get('inspector') ?? '';
  const batch = search.get('batch');
  const title = batch ? t('fn.batchFormsTitle', { id: batch }) : t('routes.general-fn');
  // The people pickers answer only those who share forms (inspectors) or issue and receive them (operators).
  const seesOperators = hasPermissions(held, ['view_fnbatch']) || hasPermissions(held, ['view_active_fn']);
  const seesInspectors = hasPermissions(held, ['view_active_fn']);

  const declaration = useMemo<ResourceListDeclaration<FnForm>>(() => {
    const filters: ListFilter[] = [
      { name: 'series', label: t('fn.series'), render: textFilter('series', true) },
      { name: 'batch', label: t('fn.batch'), render: textFilter('batch') },
      { name: 'number_from', label: t('fn.numberFrom'), render: textFilter('number_from') },
      { name: 'number_to', label: t('fn.numberTo'), render: textFilter('number_to') },
      { name: 'stage', label: t('fn.stage'), options: fnStageOptions(t) },
      {
        name: 'status',
        label: t('fn.status'),
        options: fnNoticeStatusOptions(t),
      },
      { name: 'region', label: t('fn.region'), ...availableFilter('regions') },
      { name: 'transport_type', label: t('fn.transportType'), ...availableFilter('transport-types') },
      { name: 'valid_to_from', label: t('fn.validToFrom'), render: dayFilter },
      { name: 'valid_to_to', label: t('fn.validToTo'), render: dayFilter },
    ];
    const pinned = pinnedPersonFilter(me?.id, t('fn.you'), t('list.removeFilter'));
    if (seesOperators) filters.push({ name: 'operator', label: t('fn.operator'), ...personFilter('operators') });
    else if (pinnedOperator) filters.push({ name: 'operator', label: t('fn.operator'), render: pinned });
    if (seesInspectors) filters.push({ name: 'inspector', label: t('fn.inspector'), ...personFilter('inspectors') });
    else if (pinnedInspector) filters.push({ name: 'inspector', label: t('fn.inspector'), render: pinned });
    return {
      endpoint: formsEndpoint,
      title: t('routes.general-fn'),
      rowKey: (f) => f.id,
      defaultSort: { orderBy: 'id', order: 'desc' },
      exportColumns: fnFormExportColumns,
      defaultColumns: formDefaultColumns,
      columns: formColumns(t, (f) => (
        <Button
          size="small"
          icon={<HistoryOutlined />}
          onClick={() => setHistory({ kind: 'forms', id: f.id, title: `${f.series} ${f.number}` })}
          aria-label={`${t('fn.history')}: ${f.series} ${f.number}`}
        >
          {t('fn.history')}
        </Button>
      )),
      filters,
    };
  }, [t, seesOperators, seesInspectors, pinnedOperator, pinnedInspector, me?.id]);

  return (
    <div data-testid="general-fn-page">
      <PrintHeader title={title} user={me} />
      <PageHeader title={title} extra={<PrintButton />} />
      {batch && hasPermissions(held, ['view_fnbatch']) && <ParentBatchLine batch={Number(batch)} />}
      <ResourceTable declaration={declaration} />
      <HistoryDrawer subject={history} onClose={() => setHistory(null)} />
    </div>
  );
}
