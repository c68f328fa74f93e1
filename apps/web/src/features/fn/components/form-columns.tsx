import { type FnForm } from '@dnx/shared';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { SearchBox, type FilterControlProps, type ListColumn } from '../../../components/resource-list';
import { fnNoticeStatusText, fnStageText } from '../../../lib/status-text';

const stageColor: Record<string, string> = {
  new: 'default',
  active: 'blue',
  shared: 'geekblue',
  used: 'gold',
  paid: 'green',
  voided: 'red',
};

/** A text filter of a form list (series upper-cased as typed, numbers as 6 digits). */
export const textFilter =
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

/**
 * The columns the form lists show until the person chooses (issue 29): all but the batch, which the series and
 * number name and the batch screens show, so that the lists fit 1280 px.
 */
export const formDefaultColumns: readonly string[] = [
  'series',
  'number',
  'stage',
  'status',
  'inspector',
  'valid_from',
  'valid_to',
  'void_reason',
  'updated_at',
];

/**
 * The columns of the form lists (general-fn, active-fn, paid-fn), the row actions last; their text is the shared
 * export table's (`fnFormExportColumns`), which the lists declare.
 */
export function formColumns(
  t: TFunction,
  actions: (form: FnForm) => ReactNode,
  options: { sortable?: boolean } = {},
): ListColumn<FnForm>[] {
  const sortable = options.sortable ?? true;
  const sort = (key: string) => (sortable ? key : undefined);
  return [
    { key: 'series', title: t('fn.series'), sortKey: sort('series') },
    { key: 'number', title: t('fn.number'), sortKey: sort('number') },
    { key: 'batch', title: t('fn.batch') },
    {
      key: 'stage',
      title: t('fn.stage'),
      sortKey: sort('stage'),
      render: (f) => <Tag color={stageColor[f.stage]}>{fnStageText(t, f.stage)}</Tag>,
    },
    {
      key: 'status',
      title: t('fn.status'),
      value: (f) =>
        f.annulled ? `${fnNoticeStatusText(t, f.status)} (${t('fn.annulled')})` : fnNoticeStatusText(t, f.status),
    },
    { key: 'inspector', title: t('fn.inspector') },
    { key: 'valid_from', title: t('fn.validFrom') },
    { key: 'valid_to', title: t('fn.validTo') },
    { key: 'void_reason', title: t('fn.reason') },
    { key: 'updated_at', title: t('fn.updatedAt'), sortKey: sort('updated_at') },
    { key: 'actions', title: t('list.actions'), screenOnly: true, render: actions },
  ];
}
