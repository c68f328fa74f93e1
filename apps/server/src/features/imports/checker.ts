import {
  azSearchKey,
  cellInput,
  cellText,
  fieldInputSchema,
  optionLabel,
  importMessages as m,
  resourceInputSchema,
  type FieldDefinition,
  type ImportResource,
  type ResourceRecord,
} from '@dnx/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { columnsByLabel, importRowPages, type CheckedRow, type Importer, type TemplateColumn } from './importer';
import { resourceParts } from '../resources';
import { specOf } from '../resources';

/**
 * The check of one import row for a resource (issue 28): its cells read back as the API's input (the inverse of the
 * list's cells), references found by name, the API's own rules and messages, then matched on the resource's natural
 * key (its first unique rule: VÖEN, FIN, plate, name) as new, changed (which fields), unchanged or in error.
 */

/** A value a template's example row shows for a field: its own example, else one of its kind. */
function exampleOf(field: FieldDefinition): string {
  if (field.example)
    return /^\d{4}-\d{2}-\d{2}$/.test(field.example) ? field.example.split('-').reverse().join('.') : field.example;
  switch (field.kind) {
    case 'decimal':
      return '1,5';
    case 'integer':
      return '18';
    case 'date':
      return '15.01.2026';
    case 'status':
    case 'choice':
    case 'multi-choice':
      return optionLabel(field, field.options?.[0]?.value);
    case 'reference':
      return `(${field.label}: siyahıdakı ad)`;
    default:
      return field.label;
  }
}

/** A list's template: its fields a person writes, each with an example. */
export const resourceTemplate = (resource: ImportResource): TemplateColumn[] =>
  specOf(resource)
    .definition.fields.filter((f) => !f.readOnly)
    .map((field) => ({ label: field.label, example: exampleOf(field) }));

/** A spreadsheet hands a formula-looking text back with the apostrophe the export put before it. */
const unescape = (text: string) => (/^'[=+\-@]/.test(text) ? text.slice(1) : text);

/** A value as compared: decimals without trailing zeros, lists in order, nothing as ''. */
function comparable(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'decimal') {
    const text = String(value);
    return /^-?\d+(\.\d+)?$/.test(text) ? text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : text;
  }
  if (field.kind === 'multi-choice' && Array.isArray(value)) return value.map(String).sort().join(',');
  return String(value);
}

/** Every reference field's names, folded (and narrowed by what narrows them: a model by its brand), to their ids. */
async function referenceNames(
  app: FastifyInstance,
  db: Executor,
  fields: FieldDefinition[],
): Promise<Map<string, Map<string, number[]>>> {
  const references = new Map<string, Map<string, number[]>>();
  for (const field of fields.filter((f) => f.kind === 'reference')) {
    const target = specOf(field.reference!);
    const byName = new Map<string, number[]>();
    for (const row of await resourceParts(app, target).repo.labels(db)) {
      const scope = (target.definition.availableBy ?? []).map((name) => row[name]).join('|');
      const name = `${azSearchKey(row.label)}|${scope}`;
      const ids = byName.get(name);
      if (ids) ids.push(row.id);
      else byName.set(name, [row.id]);
    }
    references.set(field.name, byName);
  }
  return references;
}

/** The first message of each field the rules refuse (one without a path is the key's), beside those found before. */
function firstIssues(
  issues: { path: PropertyKey[]; message: string }[],
  keyField: string,
  errors: Record<string, string[]>,
) {
  for (const issue of issues) {
    const field = String(issue.path[0] ?? keyField);
    if (!errors[field]) errors[field] = [issue.message];
  }
}

/** The fields a row changes on its record: each with the record's cell before and the row's text after. */
function changesOf(
  fields: FieldDefinition[],
  values: Record<string, unknown>,
  existing: ResourceRecord,
  after: (field: FieldDefinition) => string,
) {
  return fields
    .filter((field) => comparable(field, values[field.name]) !== comparable(field, existing[field.name]))
    .map((field) => ({
      field: field.name,
      label: field.label,
      before: String(cellText(field, existing)),
      after: after(field),
    }));
}

/** An import's new and changed rows written: new ones in one statement per page, changed ones at their version. */
async function applyRows(
  service: ReturnType<typeof resourceParts>['service'],
  ...[tx, importId, actor, progress]: Parameters<Importer['apply']>
) {
  const detail = { import: importId };
  let done = 0;
  for await (const rows of importRowPages(tx, importId, ['new', 'changed'])) {
    const created = rows.filter((r) => r.recordId === null);
    if (created.length > 0)
      await service.createManyIn(
        tx,
        actor,
        created.map((r) => r.values!),
        detail,
      );
    for (const r of rows.filter((r) => r.recordId !== null))
      await service.updateIn(tx, actor, r.values!, { id: r.recordId!, version: r.recordVersion! }, detail);
    done += rows.length;
    await progress(done);
  }
}

export async function createResourceImporter(
  app: FastifyInstance,
  db: Executor,
  resource: ImportResource,
): Promise<Importer> {
  const spec = specOf(resource);
  const { definition } = spec;
  const { repo, service } = resourceParts(app, spec);
  const fields = definition.fields.filter((f) => !f.readOnly);
  const keyRule = spec.unique[0]!;
  const keyFields = [keyRule.field, ...(keyRule.within ?? [])];
  const schema = resourceInputSchema(definition);
  // Each key field with its own rule, to match a row by the key as the rules normalize it.
  const keys = keyFields.map((name) => {
    const field = definition.fields.find((f) => f.name === name)!;
    return { name, field, rule: fieldInputSchema(field) };
  });
  // References that narrow others (a brand) first: the narrowed one (a model) is looked up within them.
  const narrowed = (field: FieldDefinition) =>
    field.kind === 'reference' && !!specOf(field.reference!).definition.availableBy?.length;
  const ordered = [...fields].sort((a, b) => Number(narrowed(a)) - Number(narrowed(b)));

  const references = await referenceNames(app, db, fields);

  /** A reference's id by the name in the cell (null when empty), or its error. */
  function reference(field: FieldDefinition, text: string, raw: Record<string, unknown>) {
    if (text === '') return { value: null };
    const scope = (specOf(field.reference!).definition.availableBy ?? []).map((name) => raw[name]).join('|');
    const ids = references.get(field.name)!.get(`${azSearchKey(text)}|${scope}`) ?? [];
    return ids.length === 1 ? { value: ids[0] } : { error: m.referenceUnknown(field.label, text) };
  }

  return {
    /** The column of each field in the header (by its label, any case); the missing key columns as an error. */
    columnsOf: (header) =>
      columnsByLabel(
        header.map(unescape),
        fields.map((f) => ({ key: f.name, label: f.label, required: keyFields.includes(f.name) })),
      ),

    async check(cells, row, columns, seen): Promise<CheckedRow> {
      const text = (name: string) => unescape(cells[columns.get(name)!] ?? '').trim();
      const errors: Record<string, string[]> = {};
      const raw: Record<string, unknown> = {};
      for (const field of ordered) {
        if (!columns.has(field.name)) continue;
        if (field.kind !== 'reference') {
          raw[field.name] = cellInput(field, text(field.name));
          continue;
        }
        const found = reference(field, text(field.name), raw);
        if ('error' in found) errors[field.name] = [found.error!];
        else raw[field.name] = found.value;
      }
      const key = keyFields.map((name) => (columns.has(name) ? text(name) : '')).join(' / ');
      const base = { row, key, cells, values: null, changes: [], recordId: null, recordVersion: null };

      // Matched on the natural key as the rules normalize it (a plate's case, a name's letters).
      const keyValues: Record<string, unknown> = {};
      for (const { name, rule } of keys) {
        const parsedKey = rule.safeParse(raw[name]);
        keyValues[name] = parsedKey.success ? parsedKey.data : raw[name];
      }
      const recordId = keyFields.every((name) => keyValues[name] !== undefined && keyValues[name] !== '')
        ? await repo.holderOf(db, keyRule, keyValues)
        : null;
      const existing: ResourceRecord | null = recordId === null ? null : await repo.find(db, recordId);
      // A column the file lacks keeps the record's value (or takes the field's default for a new one).
      const input: Record<string, unknown> = {};
      for (const field of fields)
        input[field.name] = columns.has(field.name) ? raw[field.name] : existing?.[field.name];
      const parsed = schema.safeParse(input);
      if (!parsed.success) firstIssues(parsed.error.issues, keyRule.field, errors);
      const seenKey = JSON.stringify(keys.map(({ name, field }) => comparable(field, keyValues[name])));
      const earlier = seen.get(seenKey);
      if (earlier !== undefined && Object.keys(errors).length === 0) errors[keyRule.field] = [m.duplicateKey(earlier)];
      else if (earlier === undefined) seen.set(seenKey, row);
      if (Object.keys(errors).length > 0) return { ...base, outcome: 'error', errors };

      const values = parsed.data as Record<string, unknown>;
      const problems = await service.problems(db, values, existing);
      if (Object.keys(problems).length > 0) return { ...base, outcome: 'error', errors: problems };
      if (!existing) return { ...base, outcome: 'new', values, errors: {} };
      const changes = changesOf(fields, values, existing, (field) => (columns.has(field.name) ? text(field.name) : ''));
      return {
        ...base,
        outcome: changes.length > 0 ? 'changed' : 'unchanged',
        values: changes.length > 0 ? values : null,
        changes,
        recordId: existing.id,
        recordVersion: existing.version,
        errors: {},
      };
    },

    /** New records in one statement per batch; changed ones each at the version the check read. */
    apply: (tx, importId, actor, progress) => applyRows(service, tx, importId, actor, progress),
  };
}
