import type { FieldDefinition } from '@dnx/shared';
import { availableFilter } from '../../../components/available-select';
import { dayFilter, SearchBox, type FilterControlProps, type ListFilter } from '../../../components/resource-list';
import { optionLabel } from '../resource-values';

/** The filter control of a field that has no fixed options and is no reference: a day, or typed text. */
function filterControl(field: FieldDefinition): ListFilter['render'] {
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

/** A list filter per `filter` field: options for status and choices, a picker for a reference, a control for the rest. */
export function resourceFilter(field: FieldDefinition): ListFilter {
  if (field.options) {
    const options = field.options.map((o) => ({ value: String(o.value), label: optionLabel(field, o.value) }));
    return { name: field.name, label: field.label, options };
  }
  if (field.kind === 'reference' && field.reference)
    return { name: field.name, label: field.label, ...availableFilter(field.reference) };
  return { name: field.name, label: field.label, render: filterControl(field) };
}
