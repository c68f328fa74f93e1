import { queryOptions, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { azSearchKey } from '@dnx/shared';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../lib/api-client';

export interface AvailableRegion {
  id: number;
  name: string;
}

/** `GET /api/regions/available/`: active regions for pickers (the regions resource serves it). */
export const availableRegionsQuery = queryOptions({
  queryKey: ['regions', 'available'],
  queryFn: ({ signal }) => apiRequest<AvailableRegion[]>('/api/regions/available/', { signal }),
  staleTime: 5 * 60_000,
  // No regions endpoint on this server (yet) is not something a retry fixes.
  retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
});

export function useAvailableRegions() {
  return useQuery(availableRegionsQuery);
}

export interface RegionSelectProps {
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  id?: string;
  status?: 'error' | 'warning' | '';
  'aria-label'?: string;
}

/** A searchable region picker (Azerbaijani-aware search: "Ismayilli" finds "İsmayıllı"). */
export function RegionSelect({ value, onChange, placeholder, allowClear = true, ...rest }: RegionSelectProps) {
  const { t } = useTranslation();
  const regions = useAvailableRegions();
  const numeric = value === null || value === undefined || value === '' ? undefined : Number(value);
  return (
    <Select<number>
      {...rest}
      showSearch={{
        filterOption: (input, option) => azSearchKey(String(option?.label ?? '')).includes(azSearchKey(input)),
      }}
      allowClear={allowClear}
      value={numeric}
      onChange={(v?: number) => onChange?.(v)}
      loading={regions.isLoading}
      placeholder={placeholder ?? t('users.region')}
      notFoundContent={regions.isError ? t('users.regionsUnavailable') : undefined}
      options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      style={{ width: '100%' }}
    />
  );
}
