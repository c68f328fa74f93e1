import { displayDateFormat, type AvailableItem, type FieldDefinition } from '@dnx/shared';
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { ReactNode } from 'react';
import { AvailableSelect, searchByLabel, type AvailableParams } from '../../../components/available-select';
import { optionLabel } from '../resource-values';

export interface FieldInputContext {
  disabled?: boolean;
  placeholder?: string;
  /** A reference picker narrowed by other fields (`?brand=`). */
  params?: AvailableParams;
  /** The record's own reference, shown even when no longer active. */
  current?: AvailableItem;
}

const fullWidth = { width: '100%' };

const optionsOf = (field: FieldDefinition) =>
  (field.options ?? []).map((o) => ({ value: o.value, label: optionLabel(field, o.value) }));

/**
 * The control of one form field, by its kind; the form item around it supplies value, change and id.
 * Decimals are typed as text (a comma or a point), dates picked and shown as dd.mm.yyyy.
 */
export function fieldInput(field: FieldDefinition, { disabled, placeholder, params, current }: FieldInputContext) {
  const common = { disabled, placeholder };
  const choice = {
    ...common,
    allowClear: true,
    showSearch: searchByLabel,
    options: optionsOf(field),
    style: fullWidth,
  };
  const controls: Record<FieldDefinition['kind'], () => ReactNode> = {
    text: () => <Input {...common} maxLength={field.max} />,
    textarea: () => <Input.TextArea {...common} rows={3} maxLength={field.max} showCount={Boolean(field.max)} />,
    decimal: () => <Input {...common} inputMode="decimal" />,
    integer: () => <InputNumber {...common} min={0} precision={0} style={fullWidth} />,
    date: () => <DatePicker {...common} format={displayDateFormat} placeholder="dd.mm.yyyy" style={fullWidth} />,
    status: () => (
      <Switch disabled={disabled} checkedChildren={optionLabel(field, 1)} unCheckedChildren={optionLabel(field, 0)} />
    ),
    choice: () => <Select {...choice} />,
    'multi-choice': () => <Select {...choice} mode="multiple" />,
    reference: () =>
      field.reference && <AvailableSelect {...common} resource={field.reference} params={params} current={current} />,
  };
  return controls[field.kind]();
}
