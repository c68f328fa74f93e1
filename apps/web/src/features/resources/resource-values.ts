import {
  apiDateFormat,
  findResource,
  type FieldDefinition,
  type ResourceDefinition,
  type ResourceRecord,
} from '@dnx/shared';
import dayjs, { type Dayjs } from 'dayjs';

export { cellText, formatDecimal, optionLabel } from '@dnx/shared';

/** What a resource's declaration says about its list and form, and how values travel between form and API. */

export const editableFields = (resource: ResourceDefinition) => resource.fields.filter((f) => !f.readOnly);
export const listFields = (resource: ResourceDefinition) => resource.fields.filter((f) => f.list);
/** The columns shown until the person chooses: every `list` field but the `listHidden` ones (absent: all). */
export function defaultListColumns(resource: ResourceDefinition): string[] | undefined {
  const fields = listFields(resource);
  return fields.some((f) => f.listHidden) ? fields.filter((f) => !f.listHidden).map((f) => f.name) : undefined;
}
export const filterFields = (resource: ResourceDefinition) => resource.fields.filter((f) => f.filter);
export const hasSearch = (resource: ResourceDefinition) => resource.fields.some((f) => f.search);

/** The value of a form field: text as typed, a date picker's day, a picker's id, the categories' list. */
export type FormValue = string | number | null | undefined | Dayjs | readonly (string | number)[];
export type ResourceFormValues = Record<string, FormValue>;

function emptyFormValue(field: FieldDefinition): FormValue {
  if (field.default !== undefined) return field.default;
  switch (field.kind) {
    case 'status':
      return 1;
    case 'multi-choice':
      return [];
    case 'text':
    case 'textarea':
    case 'decimal':
      return '';
    default:
      return undefined;
  }
}

function toFormValue(field: FieldDefinition, value: unknown): FormValue {
  if (value === null || value === undefined) return emptyFormValue(field);
  switch (field.kind) {
    case 'date':
      return dayjs(String(value), apiDateFormat);
    case 'decimal':
      return String(value).replace('.', ',');
    case 'multi-choice':
      return Array.isArray(value) ? (value as (string | number)[]) : [];
    default:
      return value as FormValue;
  }
}

/** The form's first values: the record's to edit, or empty ones with status 1 (spec section 9) to create. */
export function initialFormValues(resource: ResourceDefinition, record?: ResourceRecord): ResourceFormValues {
  return Object.fromEntries(
    editableFields(resource).map((f) => [f.name, record ? toFormValue(f, record[f.name]) : emptyFormValue(f)]),
  );
}

/** A form value as the API takes it: a day as yyyy-mm-dd, nothing chosen as null, empty text as "". */
export function toApiValue(field: FieldDefinition, value: unknown): unknown {
  if (field.kind === 'date') return dayjs.isDayjs(value) && value.isValid() ? value.format(apiDateFormat) : null;
  if (value !== null && value !== undefined) return value;
  return field.kind === 'text' || field.kind === 'textarea' || field.kind === 'decimal' ? '' : null;
}

export function toApiInput(resource: ResourceDefinition, values: ResourceFormValues): Record<string, unknown> {
  return Object.fromEntries(editableFields(resource).map((f) => [f.name, toApiValue(f, values[f.name])]));
}

/**
 * The form fields a reference picker is narrowed by: the names the referenced resource's `available/` takes
 * (`availableBy`) that this form also has. An automobile's model picker lists the chosen brand's models.
 */
export function pickerDependencies(resource: ResourceDefinition, field: FieldDefinition): string[] {
  if (field.kind !== 'reference' || !field.reference) return [];
  const names = new Set(editableFields(resource).map((f) => f.name));
  return (findResource(field.reference)?.availableBy ?? []).filter((name) => name !== field.name && names.has(name));
}

/** The record's own choice of a reference, by name, for a picker that no longer lists it (an inactive brand). */
export function currentReference(field: FieldDefinition, record: ResourceRecord | undefined) {
  const id = record?.[field.name];
  const name = record?.[`${field.name}_name`];
  return typeof id === 'number' && typeof name === 'string' ? { id, name } : undefined;
}
