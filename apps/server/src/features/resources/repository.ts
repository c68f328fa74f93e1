import {
  normalizeDecimal,
  resourceListSpec,
  searchFieldsOf,
  type FieldDefinition,
  type ListFilterKind,
  type Page,
  type ResourceRecord,
} from '@dnx/shared';
import { and, asc, count, eq, getTableColumns, getTableName, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { type PgColumn, type PgInsertValue, type PgTable, type PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { azContains, azFoldEquals, azSortKey } from '../../lib/az-text';
import { insertAsJson } from '../../lib/bulk-insert';
import type { ChangeFeed } from '../../lib/change-feed';
import {
  applyList,
  countWithSnapshot,
  createListCaches,
  defineList,
  listCounts,
  listReads,
  type ListSource,
  type FilterDeclaration,
  type ListQuery,
  type OrderDeclaration,
} from '../../lib/list/list-query';
import type { ResourceSpec, ResourceValues, UniqueRule, Usage } from './resource-spec';

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

/** From this OFFSET on, a page's ids are read from the sort index before the rows (see `rows` below). */
export const idsFirstFromOffset = 100;

/** Generic Drizzle access to one resource's table, built from its spec. */
export function createResourceRepository(
  spec: ResourceSpec,
  referenced: (key: string) => ResourceSpec,
  changes: ChangeFeed,
) {
  const { definition, table, id } = spec;
  const column = (name: string) => spec.columns[name]!;
  const fields = definition.fields;
  const references = fields.filter((f) => f.kind === 'reference');

  /** The referenced record's label, for `<name>_name` and for ordering by a reference. */
  const referenceLabel = (field: FieldDefinition): SQL => {
    const target = referenced(field.reference!);
    return sql`(select ${labelOf(target)} from ${target.table} where ${target.id} = ${column(field.name)})`;
  };

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

  const selection: Record<string, SQL | PgColumn> = { id, version: spec.version };
  for (const field of fields) {
    selection[field.name] = column(field.name);
    if (field.kind === 'reference') selection[`${field.name}_name`] = referenceLabel(field);
  }

  /** A row as the API reads it: exact decimals in their shortest form, the creation time as ISO text. */
  function toRecord(row: Record<string, unknown>): ResourceRecord {
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

  // Drizzle writes by the table's property names; the spec maps API fields to column objects.
  const propertyOf = new Map(Object.entries(getTableColumns(table)).map(([key, col]) => [col as PgColumn, key]));
  function toRow(values: ResourceValues): Record<string, unknown> {
    const row: Record<string, unknown> = {};
    for (const field of fields) {
      if (field.readOnly || !(field.name in values)) continue;
      row[propertyOf.get(column(field.name))!] = values[field.name];
    }
    return row;
  }

  const select = (db: Executor) => db.select(selection).from(table).$dynamic();

  async function findMany(db: Executor, ids: readonly number[]): Promise<ResourceRecord[]> {
    if (ids.length === 0) return [];
    const rows = await select(db)
      .where(inArray(id, [...ids]))
      .orderBy(asc(id));
    return rows.map(toRecord);
  }

  const tableName = getTableName(table);
  // Counts and page positions of this table's lists, kept across writes; the tables whose names an order reads
  // come along (a renamed brand reorders automobiles).
  const caches = createListCaches(changes, [
    tableName,
    ...new Set(references.map((field) => getTableName(referenced(field.reference!).table))),
  ]);

  const source = (db: Executor): ListSource<ResourceRecord> => ({
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
  });

  return {
    list,

    page(db: Executor, query: ListQuery<typeof listSpec>, currentUrl: string): Promise<Page<ResourceRecord>> {
      return list.page(query, source(db), { currentUrl, caches });
    },

    /** Every record the query selects, chunk by chunk in its order (the list's export). */
    stream: (db: Executor, query: ListQuery<typeof listSpec>) => list.stream(query, source(db)),

    count: (db: Executor, query: ListQuery<typeof listSpec>) => list.count(query, source(db), [], caches),

    async find(db: Executor, recordId: number): Promise<ResourceRecord | null> {
      const [record] = await findMany(db, [recordId]);
      return record ?? null;
    },

    findMany,

    /**
     * Active records as `{id, name}` (and `value`, the `availableValue` field), by name in the Azerbaijani alphabet;
     * narrowed by `availableBy` and `search`.
     */
    async available(db: Executor, query: Record<string, unknown>) {
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
        ...(valueField
          ? { value: normalizeDecimal(String(row.value), valueField.scale ?? 4) ?? String(row.value) }
          : {}),
      }));
    },

    /** The record that holds the rule's value (by the search key when `folded`), or null: an import's match. */
    async holderOf(db: Executor, rule: UniqueRule, values: ResourceValues): Promise<number | null> {
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
    },

    /** The id and label of every record, for matching names to ids (an import's references). */
    labels: (db: Executor) =>
      db
        .select({
          id,
          label: sql<string>`${labelOf(spec)}`,
          // The references that narrow a name (a model's brand): a name is unique only within them.
          ...Object.fromEntries((definition.availableBy ?? []).map((name) => [name, column(name)])),
        })
        .from(table) as unknown as Promise<({ id: number; label: string } & Record<string, unknown>)[]>,

    /** Another record already holds the rule's value (by the search key when `folded`). */
    async isTaken(db: Executor, rule: UniqueRule, values: ResourceValues, exceptId?: number): Promise<boolean> {
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
    },

    /** The reference field's record exists. */
    async referenceExists(db: Executor, field: FieldDefinition, targetId: number): Promise<boolean> {
      const target = referenced(field.reference!);
      const rows = await db.select({ id: target.id }).from(target.table).where(eq(target.id, targetId));
      return rows.length > 0;
    },

    async insert(db: Executor, values: ResourceValues): Promise<number> {
      const [row] = await db
        .insert(table)
        .values(toRow(values) as PgInsertValue<PgTable>)
        .returning({ id });
      return row!.id as number;
    },

    /** Many records in one statement (an import's new rows), their ids in the given order. */
    async insertMany(db: Executor, many: readonly ResourceValues[]): Promise<number[]> {
      const idKey = propertyOf.get(id)!;
      const rows = await insertAsJson(db, table, many.map(toRow) as PgInsertValue<PgTable>[]);
      return rows.map((row) => (row as Record<string, unknown>)[idKey] as number);
    },

    async update(db: Executor, recordId: number, values: ResourceValues) {
      await db
        .update(table)
        .set(toRow(values) as PgUpdateSetSource<PgTable>)
        .where(eq(id, recordId));
    },

    async deleteMany(db: Executor, ids: readonly number[]) {
      await db.delete(table).where(inArray(id, [...ids]));
    },

    /** How many rows of each user point at the records: "3 istifadəçi, 2 avtomobil", or null when none. */
    async usage(db: Executor, usages: readonly Usage[], ids: readonly number[]): Promise<string | null> {
      const parts: string[] = [];
      for (const usage of usages) {
        const [row] = await db
          .select({ n: count() })
          .from(usage.table)
          .where(inArray(usage.column, [...ids]));
        if (row!.n > 0) parts.push(`${row!.n} ${usage.noun}`);
      }
      return parts.length > 0 ? parts.join(', ') : null;
    },

    references,
  };
}

/** What names a record in pickers and `<reference>_name`. */
export function labelOf(spec: ResourceSpec): SQL {
  return spec.label ?? sql`${spec.columns[spec.definition.labelField]!}`;
}

export type ResourceRepository = ReturnType<typeof createResourceRepository>;
