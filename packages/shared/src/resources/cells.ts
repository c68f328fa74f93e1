import { defineExportColumns, type ExportColumns } from '../api/list-export';
import { formatDate } from '../format/date';
import type { FieldDefinition, ResourceDefinition, ResourceRecord } from './define';

/** How a resource's record reads in its list and its export: one text per field, the same on both sides. */

export function optionLabel(field: FieldDefinition, value: unknown): string {
  const option = field.options?.find((o) => String(o.value) === String(value));
  return option ? option.label : value === null || value === undefined ? '' : String(value);
}

/**
 * Azerbaijani number format (decisions.md section 6): thousands with dots, decimals after a comma:
 * "1234.5" shows "1.234,5". Two-place decimals (rates, tonnes) keep both places: "1.8" shows "1,80".
 */
export function formatDecimal(value: unknown, scale?: number): string {
  if (value === null || value === undefined || value === '') return '';
  const match = /^(-?)(\d+)(?:[.,](\d+))?$/.exec(String(value).trim());
  if (!match) return String(value);
  const [, sign, whole = '', fraction = ''] = match;
  const places = scale === 2 ? fraction.padEnd(2, '0') : fraction;
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${places ? `,${places}` : ''}`;
}

/** A field of a record as the list shows and exports it. */
export function cellText(field: FieldDefinition, record: ResourceRecord): string | number {
  const value = record[field.name];
  switch (field.kind) {
    case 'reference':
      return String(record[`${field.name}_name`] ?? '');
    case 'status':
    case 'choice':
      return optionLabel(field, value);
    case 'multi-choice':
      return Array.isArray(value) ? value.map((v) => optionLabel(field, v)).join(', ') : '';
    case 'date':
      return formatDate(typeof value === 'string' ? value : null);
    case 'decimal':
      return formatDecimal(value, field.scale);
    case 'integer':
      return typeof value === 'number' ? value : '';
    default:
      return value === null || value === undefined ? '' : String(value);
  }
}

/** A resource's export columns: its list's columns first (as the screen orders them), then its other fields. */
export function resourceExportColumns(resource: ResourceDefinition): ExportColumns<ResourceRecord> {
  const fields = [...resource.fields.filter((f) => f.list), ...resource.fields.filter((f) => !f.list)];
  return defineExportColumns(
    Object.fromEntries(
      fields.map((field) => [
        field.name,
        { header: field.label, value: (record: ResourceRecord) => cellText(field, record), width: 20 },
      ]),
    ),
  );
}

/**
 * A cell's text as the field's API input: the inverse of `cellText`, so a list's export imports back unchanged
 * (issue 28). Decimals in the Azerbaijani format ("1.234,5") or plain ("1234.5"); dates as dd.mm.yyyy or ISO;
 * choices by their label or value. What does not fit is passed on as it is, for the field's rule to refuse with
 * its own message. A reference is the name as written (the server looks it up).
 */
export function cellInput(field: FieldDefinition, text: string): unknown {
  const value = text.trim();
  switch (field.kind) {
    case 'decimal': {
      if (/^-?\d{1,3}(\.\d{3})+(,\d+)?$/.test(value) || value.includes(','))
        return value.replace(/\./g, '').replace(',', '.');
      return value;
    }
    case 'integer':
      return /^\d{1,9}$/.test(value) ? Number(value) : value === '' ? '' : value;
    case 'date': {
      const day = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
      return day ? `${day[3]}-${day[2]!.padStart(2, '0')}-${day[1]!.padStart(2, '0')}` : value;
    }
    case 'status':
    case 'choice':
      return value === '' ? undefined : optionValue(field, value);
    case 'multi-choice':
      return value === ''
        ? []
        : value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => optionValue(field, part));
    default:
      return value;
  }
}

/** The option a label (any case) or a value names; the text itself when none does. */
function optionValue(field: FieldDefinition, text: string): unknown {
  const lower = text.toLocaleLowerCase('az');
  const option = field.options?.find(
    (o) => o.label.toLocaleLowerCase('az') === lower || String(o.value).toLocaleLowerCase('az') === lower,
  );
  return option ? option.value : text;
}
