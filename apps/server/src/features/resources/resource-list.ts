import {
  normalizeDecimal,
  resourceListSpec,
  searchFieldsOf,
  type FieldDefinition,
  type ListFilterKind,
  type ResourceRecord,
} from '@dnx/shared';
import { eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  applyList,
  countWithSnapshot,
  defineList,
  listCounts,
  listReads,
  type FilterDeclaration,
  type ListSource,
  type OrderDeclaration,
} from '../../lib/list/list-query';
import { labelOf } from './resource-queries';
import type { ResourceSpec } from './resource-spec';

/** `exact` filters read a query string: a value that cannot be the column's finds nothing (as Django's would). */
function exactFilter(field: FieldDefinition, column: PgColumn): FilterDeclaration<ListFilterKind> {
  const none = sql`false`;
  switch (field.kind) {
    case 'status':
    case 'integer':
      return (value) => (/^\d{1,9}$/.test(String(value)) ? eq(column, Number(value)) : none);
    case 'decimal':
      return (value) => {
        const normalized = normalizeDecimal(String(value), field.scale ?? 4);
        return normalized === null ? none : eq(column, normalized);
      };
    case 'choice':
      return (value) => {
        const option = field.options?.find((o) => String(o.value) === String(value));
        return option ? eq(column, option.value) : none;
      };
    case 'multi-choice':
      // One chosen value: the records whose list holds it.
      return (value) => sql`${String(value)}::text = any(${column})`;
    default:
      return column;
  }
}

/** The referenced record's label, for `<name>_name` and for ordering by a reference. */
export function referenceLabelOf(
  spec: ResourceSpec,
  referenced: (key: string) => ResourceSpec,
  field: FieldDefinition,
): SQL {
  const target = referenced(field.reference!);
  return sql`(select ${labelOf(target)} from ${target.table} where ${target.id} = ${spec.columns[field.name]!})`;
}

/** The list of a resource from its spec: its filters, its orders (a reference by its label) and its search. */
export function defineResourceList(spec: ResourceSpec, referenceLabel: (field: FieldDefinition) => SQL) {
  const { definition, id } = spec;
  const fields = definition.fields;
  const column = (name: string) => spec.columns[name]!;
  const listSpec = resourceListSpec(definition);
  const filters: Record<string, FilterDeclaration<ListFilterKind>> = { id };
  for (const field of fields) {
    if (!field.filter) continue;
    filters[field.name] =
      field.kind === 'text' || field.kind === 'textarea' ? column(field.name) : exactFilter(field, column(field.name));
  }
  const orderBy: Record<string, OrderDeclaration> = { id };
  for (const field of fields) {
    if (!field.sortable) continue;
    const sortKey = spec.sortKeys?.[field.name];
    if (sortKey) orderBy[field.name] = sql`${sortKey} collate "C"`;
    else if (field.kind === 'reference') orderBy[field.name] = { expr: referenceLabel(field), text: true };
    else if (field.kind === 'text' || field.kind === 'textarea')
      orderBy[field.name] = { expr: column(field.name), text: true };
    else orderBy[field.name] = column(field.name);
  }
  const list = defineList({
    spec: listSpec,
    filters,
    orderBy,
    search: searchFieldsOf(definition).map((f) => column(f.name)),
    ...(spec.searchKey ? { searchKey: spec.searchKey } : {}),
    defaultOrderBy: definition.defaultOrder.order_by,
    tieBreaker: id,
  });
  return { list, listSpec };
}

/** The columns a record is read with: each field, and each reference's label as `<name>_name`. */
export function selectionOf(spec: ResourceSpec, referenceLabel: (field: FieldDefinition) => SQL) {
  const { definition, id } = spec;
  const column = (name: string) => spec.columns[name]!;
  const selection: Record<string, SQL | PgColumn> = { id, version: spec.version };
  for (const field of definition.fields) {
    selection[field.name] = column(field.name);
    if (field.kind === 'reference') selection[`${field.name}_name`] = referenceLabel(field);
  }
  return selection;
}

/** From this OFFSET on, a page's ids are read from the sort index before the rows (see `rows` below). */
export const idsFirstFromOffset = 100;

/**
 * Where a resource's list reads: its count (the trigger-kept counter for a whole counted table), its rows (a deep
 * page's ids first from the sort index) and the columns a kept figure probes.
 */
export function resourceSource(
  spec: ResourceSpec,
  db: Executor,
  selection: Record<string, SQL | PgColumn>,
  toRecord: (row: Record<string, unknown>) => ResourceRecord,
): ListSource<ResourceRecord> {
  const { table, id } = spec;
  const tableName = getTableName(table);
  const select = (reader: Executor) => reader.select(selection).from(table).$dynamic();
  return {
    ...listCounts((where) =>
      // Counted tables keep their total in a trigger-kept counter; counting 100,000 rows takes 20 ms.
      !where && spec.rowCounter
        ? db
            .select({ n: sql<number>`n`.mapWith(Number), snapshot: countWithSnapshot.snapshot })
            .from(sql`row_counts`)
            .where(sql`table_name = ${tableName}`)
        : db.select(countWithSnapshot).from(table).where(where),
    ),
    rows: async (where, order, window) => {
      // Near the start a page is read in one plain query: the cheapest to plan and run. Deeper, the page's
      // ids come first from the sort index alone (the OFFSET then walks only the index), then their rows.
      if (!window || window.offset < idsFirstFromOffset)
        return (await applyList(select(db), where, order, window)).map(toRecord);
      const pageIds = applyList(db.select({ id }).from(table).$dynamic(), where, order, window);
      return (
        await select(db)
          .where(inArray(id, pageIds))
          .orderBy(...order)
      ).map(toRecord);
    },
    ...listReads(db, (columns) => db.select(columns).from(table).$dynamic()),
  };
}
