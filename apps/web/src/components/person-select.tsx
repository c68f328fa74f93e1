import type { Operator } from '@dnx/shared';
import { Select } from 'antd';
import { searchByLabel } from './available-select';
import type { ListFilter } from './resource-list';
import { peopleChoices, personLabel, useInspectors, useOperators } from '../lib/people-by-role';

export interface PersonSelectProps {
  /** Inspectors (role C, forms are shared to them) or operators (role F, batches are issued to them). */
  kind: 'inspectors' | 'operators';
  /** Only this region's people; absent: every one the user may see (a regional user: their region). */
  region?: number;
  value?: number | string;
  onChange?: (value: number | undefined) => void;
  placeholder: string;
  id?: string;
  allowClear?: boolean;
  'data-testid'?: string;
}

const label = (person: Operator) => `${personLabel(person)}${person.region_name ? ` · ${person.region_name}` : ''}`;

/** An inspector or an operator, searched by name, e-mail or region; a filter's text value is read as the id. */
export function PersonSelect({
  kind,
  region,
  value,
  onChange,
  placeholder,
  allowClear = true,
  ...rest
}: PersonSelectProps) {
  const inspectors = useInspectors(region, kind === 'inspectors');
  const operators = useOperators(region, kind === 'operators');
  const people = kind === 'inspectors' ? inspectors : operators;
  const id = value === undefined || value === '' ? undefined : Number(value);
  return (
    <Select<number>
      id={rest.id}
      allowClear={allowClear}
      showSearch={searchByLabel}
      value={people.isSuccess ? id : undefined}
      onChange={(v?: number) => onChange?.(v)}
      placeholder={placeholder}
      aria-label={placeholder}
      loading={people.isLoading}
      options={(people.data ?? []).map((person) => ({ value: person.id, label: label(person) }))}
      style={{ width: '100%', minWidth: 220 }}
      data-testid={rest['data-testid']}
    />
  );
}

/** A list filter by an inspector or an operator: the picker, and the people it offers for checking a saved view. */
export const personFilter = (kind: PersonSelectProps['kind']): Pick<ListFilter, 'render' | 'choices'> => ({
  render: ({ value, onChange, placeholder }) => (
    <PersonSelect
      kind={kind}
      value={value}
      onChange={(v) => onChange(v === undefined ? undefined : String(v))}
      placeholder={placeholder}
      data-testid={`filter-select-${kind}`}
    />
  ),
  choices: peopleChoices(kind),
});
