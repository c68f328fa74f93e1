import { azSearchKey, type AvailableItem, type ResourceKey } from '@dnx/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../lib/api-client';
import { availableLabel } from './available-label';
import type { FilterChoices, ListFilter } from './resource-list/types';

/** What narrows a picker: `?brand=3` for the models of one brand. */
export type AvailableParams = Record<string, number | undefined>;

/** `GET /api/<resource>/available/`: the active items of a resource, for pickers and filters. */
export const availableQuery = (resource: ResourceKey, params: AvailableParams = {}) =>
  queryOptions({
    queryKey: [resource, 'available', params],
    queryFn: ({ signal }) => apiRequest<AvailableItem[]>(`/api/${resource}/available/`, { query: params, signal }),
    staleTime: 5 * 60_000,
    // A missing endpoint is not something a retry fixes.
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });

/** A reference filter's choices: the ids of the items the picker offers. */
export const availableChoices =
  (resource: ResourceKey, params?: AvailableParams): FilterChoices =>
  async (client) =>
    (await client.fetchQuery(availableQuery(resource, params))).map((item) => String(item.id));

export function useAvailable(resource: ResourceKey, params?: AvailableParams, enabled = true) {
  return useQuery({ ...availableQuery(resource, params), enabled });
}

/** A select's search by its labels, Azerbaijani-aware: "Ismayilli" finds "İsmayıllı". */
export const searchByLabel = {
  filterOption: (input: string, option?: { label?: unknown }) =>
    azSearchKey(String(option?.label ?? '')).includes(azSearchKey(input)),
};

export interface AvailableSelectProps {
  resource: ResourceKey;
  params?: AvailableParams;
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  /** The record's own choice when it is no longer active (so not among the available ones): shown by its name. */
  current?: AvailableItem;
  id?: string;
  status?: 'error' | 'warning' | '';
  'aria-label'?: string;
}

/** A searchable picker of a resource's active items (Azerbaijani-aware: "Ismayilli" finds "İsmayıllı"). */
export function AvailableSelect({
  resource,
  params,
  value,
  onChange,
  allowClear = true,
  disabled = false,
  current,
  ...rest
}: AvailableSelectProps) {
  const { t } = useTranslation();
  const items = useAvailable(resource, params, !disabled);
  const numeric = value === null || value === undefined || value === '' ? undefined : Number(value);
  const options = (items.data ?? []).map((r) => ({ value: r.id, label: availableLabel(r) }));
  if (current && !options.some((o) => o.value === current.id))
    options.unshift({ value: current.id, label: availableLabel(current) });
  return (
    <Select<number>
      {...rest}
      showSearch={searchByLabel}
      allowClear={allowClear}
      disabled={disabled}
      value={numeric}
      onChange={(v?: number) => onChange?.(v)}
      loading={items.isLoading && !disabled}
      notFoundContent={items.isError ? t('resources.unavailable') : undefined}
      options={options}
      style={{ width: '100%' }}
    />
  );
}

/**
 * A list filter by one of a resource's active items (a region, a transport type): its picker, and its choices for
 * checking a saved view's value.
 */
export const availableFilter = (resource: ResourceKey): Pick<ListFilter, 'render' | 'choices'> => ({
  render: ({ value, onChange, placeholder }) => (
    <AvailableSelect
      resource={resource}
      value={value}
      onChange={(v) => onChange(v === undefined ? undefined : String(v))}
      placeholder={placeholder}
      aria-label={placeholder}
    />
  ),
  choices: availableChoices(resource),
});
