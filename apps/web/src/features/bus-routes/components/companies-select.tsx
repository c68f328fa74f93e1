import type { BusRoute } from '@dnx/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchByLabel, useAvailable } from '../../../components/available-select';

/** The route's companies, a multiple choice among the active ones (and those the route names). */
export function CompaniesSelect({
  value,
  onChange,
  current = [],
  disabled,
  ...rest
}: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  current?: BusRoute['route_companies'];
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation();
  const companies = useAvailable('route-companies', undefined, !disabled);
  const options = (companies.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  // A company the route names that is no longer active still shows by its name.
  for (const c of current) if (!options.some((o) => o.value === c.id)) options.push({ value: c.id, label: c.name });
  return (
    <Select<number[]>
      {...rest}
      mode="multiple"
      allowClear
      showSearch={searchByLabel}
      disabled={disabled}
      value={value ?? []}
      onChange={(ids) => onChange?.(ids)}
      options={options}
      loading={companies.isLoading && !disabled}
      placeholder={t('busRoutes.companiesPlaceholder')}
      notFoundContent={companies.isError ? t('resources.unavailable') : undefined}
      style={{ width: '100%' }}
    />
  );
}
