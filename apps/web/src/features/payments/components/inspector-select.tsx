import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { searchByLabel } from '../../../components/available-select';

export interface InspectorOption {
  value: number;
  label: string;
}

/**
 * A row's inspector, among the payment region's inspectors (`options`). A saved inspector the list does not name
 * (a user who may not read it) still shows, by number.
 */
export function InspectorSelect(props: {
  id: string;
  value: number | null;
  onChange: (inspector: number | null) => void;
  options: readonly InspectorOption[];
  loading: boolean;
  /** Why the list is empty: no region chosen yet, or the list is not open to the user. */
  notFound?: string;
  disabled?: boolean;
  placeholder?: string;
  'data-testid'?: string;
}) {
  const { t } = useTranslation();
  const { value } = props;
  const options = [...props.options];
  if (value !== null && !props.loading && !options.some((o) => o.value === value))
    options.unshift({ value, label: t('payments.inspectorNumber', { id: value }) });
  return (
    <Select<number>
      id={props.id}
      // Not the bare number while the names load.
      value={props.loading ? undefined : (value ?? undefined)}
      onChange={(v?: number) => props.onChange(v ?? null)}
      allowClear
      showSearch={searchByLabel}
      options={options}
      loading={props.loading}
      disabled={props.disabled}
      placeholder={props.placeholder}
      notFoundContent={props.notFound}
      style={{ width: '100%' }}
      data-testid={props['data-testid']}
    />
  );
}
