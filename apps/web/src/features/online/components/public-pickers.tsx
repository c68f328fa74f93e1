import { Select, type SelectProps } from 'antd';
import { searchByLabel } from '../../../components/available-select';
import { usePublicRegions, usePublicTransportTypes } from '../api/public-references';

type PickerProps = Omit<SelectProps<number>, 'options' | 'loading' | 'showSearch'>;

/** The regions a request may go to (the public list: no sign-in). */
export function PublicRegionSelect(props: PickerProps) {
  const regions = usePublicRegions();
  return (
    <Select<number>
      {...props}
      showSearch={searchByLabel}
      loading={regions.isLoading}
      options={(regions.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
    />
  );
}

/** The transport types a carrier may ask marks for (the public list). */
export function PublicTransportTypeSelect(props: PickerProps) {
  const types = usePublicTransportTypes();
  return (
    <Select<number>
      {...props}
      showSearch={searchByLabel}
      loading={types.isLoading}
      options={(types.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
    />
  );
}
