import { type OnlineRequestKind } from '@dnx/shared';
import type { TFunction } from 'i18next';
import { availableFilter } from '../../../components/available-select';
import { SearchBox, type FilterControlProps, type ResourceListDeclaration } from '../../../components/resource-list';
import { OnlineStatusTag } from './status-tag';
import { onlineStatusOptions } from '../../../lib/status-text';

/** A text filter (a VÖEN) applied as it is typed, like the list's search. */
export const textFilter =
  (testId: string) =>
  ({ value, onChange, placeholder }: FilterControlProps) => (
    <SearchBox
      value={value ?? ''}
      onSearch={(text) => onChange(text.trim() || undefined)}
      placeholder={placeholder}
      width="100%"
      data-testid={testId}
    />
  );

// A national user (A) reviews every region's requests, so may filter by one; a regional user sees one region.
export { useNationalUser } from '../../../lib/current-user';

type ReviewRow = { status: number; created_at: string };
type Column<T> = ResourceListDeclaration<T>['columns'][number];
type Filter = NonNullable<ResourceListDeclaration<unknown>['filters']>[number];

/** The columns both request lists have: the status (a tag on screen) and when the request came. */
export function reviewColumns<T extends ReviewRow>(kind: OnlineRequestKind, t: TFunction): Column<T>[] {
  return [
    {
      key: 'status',
      title: t('online.status'),
      sortKey: 'status',
      render: (r) => <OnlineStatusTag kind={kind} status={r.status} />,
    },
    { key: 'created_at', title: t('online.createdAt'), sortKey: 'created_at' },
  ];
}

/** The filters both request lists have: status, the VÖEN (under its list's name), and the region for A. */
export function reviewFilters(
  kind: OnlineRequestKind,
  t: TFunction,
  national: boolean,
  voen: { name: string; testId: string },
): Filter[] {
  return [
    {
      name: 'status',
      label: t('online.status'),
      options: onlineStatusOptions(t, kind),
    },
    { name: voen.name, label: t('online.voen'), render: textFilter(voen.testId) },
    ...(national ? [{ name: 'region', label: t('online.region'), ...availableFilter('regions') }] : []),
  ];
}
