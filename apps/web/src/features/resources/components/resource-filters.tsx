import type { FieldDefinition } from '@dnx/shared';
import { AvailableSelect } from '../../../components/available-select';
import { dayFilter, SearchBox, type FilterControlProps, type ListFilter } from '../../../components/resource-list';
import { optionLabel } from '../resource-values';

/** The filter control of a field that has no fixed options: a picker, a day, or typed text. */
function filterControl(field: FieldDefinition): ListFilter['render'] {
  if (field.kind === 'reference') {
    const resource = field.reference;
    return ({ value, onChange, placeholder }: FilterControlProps) =>
      resource && (
        <AvailableSelect
          resource={resource}
          value={value}
          onChange={(id) => onChange(id === undefined ? undefined : String(id))}
          placeholder={placeholder}
          aria-label={placeholder}
        />
      );
  }
  if (field.kind === 'date') return dayFilter;
  return ({ value, onChange, placeholder }: FilterControlProps) => (
    <SearchBox
      value={value ?? ''}
      onSearch={(text) => onChange(text || undefined)}
      placeholder={placeholder}
      width="100%"
      data-testid={`filter-input-${field.name}`}
    />
  );
}

/** A list filter per `filter` field: options for status and choices, a control for the rest. */
export function resourceFilter(field: FieldDefinition): ListFilter {
  if (field.options) {
    const options = field.options.map((o) => ({ value: String(o.value), label: optionLabel(field, o.value) }));
    return { name: field.name, label: field.label, options };
  }
  return { name: field.name, label: field.label, render: filterControl(field) };
}
