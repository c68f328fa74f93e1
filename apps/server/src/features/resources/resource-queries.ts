import { normalizeDecimal, type FieldDefinition, type ResourceRecord } from '@dnx/shared';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { azContains, azFoldEquals, azSortKey } from '../../lib/az-text';
import type { ResourceSpec, ResourceValues, UniqueRule, Usage } from './resource-spec';

/** A resource's reads beside its list (issue 42): pickers, a rule's holder, usage, a row as the API reads it. */

/** What names a record in pickers and `<reference>_name`. */
export function labelOf(spec: ResourceSpec): SQL {
  return spec.label ?? sql`${spec.columns[spec.definition.labelField]!}`;
}

/** A row as the API reads it: exact decimals in their shortest form, the creation time as ISO text. */
export function recordOf(fields: readonly FieldDefinition[], row: Record<string, unknown>): ResourceRecord {
  const record: ResourceRecord = { id: row.id as number, version: row.version as number };
  for (const field of fields) {
    const value = row[field.name];
    if (field.kind === 'decimal')
      record[field.name] = normalizeDecimal(String(value), field.scale ?? 4) ?? String(value);
    else if (value instanceof Date) record[field.name] = value.toISOString();
    else record[field.name] = value;
    if (field.kind === 'reference') record[`${field.name}_name`] = row[`${field.name}_name`] ?? null;
  }
  return record;
}

/**
 * Active records as `{id, name}` (and `value`, the `availableValue` field), by name in the Azerbaijani alphabet;
 * narrowed by `availableBy` and `search`.
 */
export async function availableRecords(spec: ResourceSpec, db: Executor, query: Record<string, unknown>) {
  const { definition, table, id } = spec;
  const fields = definition.fields;
  const column = (name: string) => spec.columns[name]!;
  const label = labelOf(spec);
  const conditions: (SQL | undefined)[] = [];
  if (spec.columns.status) conditions.push(eq(column('status'), 1));
  for (const name of definition.availableBy ?? []) {
    if (typeof query[name] === 'number') conditions.push(eq(column(name), query[name]));
  }
  const words = typeof query.search === 'string' ? query.search.split(/\s+/).filter(Boolean) : [];
  for (const word of words) conditions.push(azContains(label, word));
  const valueField = fields.find((field) => field.name === definition.availableValue);
  const rows = await db
    .select({ id, name: sql<string>`${label}`, ...(valueField ? { value: column(valueField.name) } : {}) })
    .from(table)
    .where(and(...conditions))
    .orderBy(azSortKey(label), asc(id));
  return rows.map((row) => ({
    id: row.id as number,
    name: row.name,
    ...(valueField ? { value: normalizeDecimal(String(row.value), valueField.scale ?? 4) ?? String(row.value) } : {}),
  }));
}

/** The record that holds the rule's value (by the search key when `folded`), or null: an import's match. */
export async function holderOfRule(
  spec: ResourceSpec,
  db: Executor,
  rule: UniqueRule,
  values: ResourceValues,
): Promise<number | null> {
  const { table, id } = spec;
  const column = (name: string) => spec.columns[name]!;
  const value = String(values[rule.field]);
  const rows = await db
    .select({ id })
    .from(table)
    .where(
      and(
        rule.folded ? azFoldEquals(column(rule.field), value) : eq(column(rule.field), value),
        ...(rule.within ?? []).map((name) => eq(column(name), values[name])),
      ),
    )
    .limit(1);
  return (rows[0]?.id as number | undefined) ?? null;
}

/** Another record already holds the rule's value (by the search key when `folded`). */
export async function ruleTaken(
  spec: ResourceSpec,
  db: Executor,
  rule: UniqueRule,
  values: ResourceValues,
  exceptId?: number,
): Promise<boolean> {
  const { table, id } = spec;
  const column = (name: string) => spec.columns[name]!;
  const value = String(values[rule.field]);
  const conditions = [
    rule.folded ? azFoldEquals(column(rule.field), value) : eq(column(rule.field), value),
    ...(rule.within ?? []).map((name) => eq(column(name), values[name])),
    exceptId === undefined ? undefined : ne(id, exceptId),
  ];
  const rows = await db
    .select({ id })
    .from(table)
    .where(and(...conditions))
    .limit(1);
  return rows.length > 0;
}

/** How many rows of each user point at the records: "3 istifadəçi, 2 avtomobil", or null when none. */
export async function usageOf(db: Executor, usages: readonly Usage[], ids: readonly number[]): Promise<string | null> {
  const parts: string[] = [];
  for (const usage of usages) {
    const [row] = await db
      .select({ n: count() })
      .from(usage.table)
      .where(inArray(usage.column, [...ids]));
    if (row!.n > 0) parts.push(`${row!.n} ${usage.noun}`);
  }
  return parts.length > 0 ? parts.join(', ') : null;
}
