import { type FieldDefinition, type Page, type ResourceRecord } from '@dnx/shared';
import { asc, eq, getTableName, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ChangeFeed } from '../../lib/change-feed';
import { createListCaches, type ListQuery } from '../../lib/list/list-query';
import { resourceWrites } from './resource-writes';
import { defineResourceList, referenceLabelOf, resourceSource, selectionOf } from './resource-list';
import { availableRecords, holderOfRule, labelOf, recordOf, ruleTaken, usageOf } from './resource-queries';
import type { ResourceSpec, ResourceValues, UniqueRule } from './resource-spec';

export { labelOf } from './resource-queries';

export { idsFirstFromOffset } from './resource-list';

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

  const referenceLabel = (field: FieldDefinition) => referenceLabelOf(spec, referenced, field);
  const { list } = defineResourceList(spec, referenceLabel);
  const selection = selectionOf(spec, referenceLabel);

  const toRecord = (row: Record<string, unknown>) => recordOf(fields, row);

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

  const source = (db: Executor) => resourceSource(spec, db, selection, toRecord);

  return {
    list,

    page(
      db: Executor,
      query: ListQuery<typeof list.declaration.spec>,
      currentUrl: string,
    ): Promise<Page<ResourceRecord>> {
      return list.page(query, source(db), { currentUrl, caches });
    },

    /** Every record the query selects, chunk by chunk in its order (the list's export). */
    stream: (db: Executor, query: ListQuery<typeof list.declaration.spec>) => list.stream(query, source(db)),

    count: (db: Executor, query: ListQuery<typeof list.declaration.spec>) => list.count(query, source(db), [], caches),

    async find(db: Executor, recordId: number): Promise<ResourceRecord | null> {
      const [record] = await findMany(db, [recordId]);
      return record ?? null;
    },

    findMany,

    /**
     * Active records as `{id, name}` (and `value`, the `availableValue` field), by name in the Azerbaijani alphabet;
     * narrowed by `availableBy` and `search`.
     */
    available: (db: Executor, query: Record<string, unknown>) => availableRecords(spec, db, query),

    /** The record that holds the rule's value (by the search key when `folded`), or null: an import's match. */
    holderOf: (db: Executor, rule: UniqueRule, values: ResourceValues) => holderOfRule(spec, db, rule, values),

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
    isTaken: (db: Executor, rule: UniqueRule, values: ResourceValues, exceptId?: number) =>
      ruleTaken(spec, db, rule, values, exceptId),

    /** The reference field's record exists. */
    async referenceExists(db: Executor, field: FieldDefinition, targetId: number): Promise<boolean> {
      const target = referenced(field.reference!);
      const rows = await db.select({ id: target.id }).from(target.table).where(eq(target.id, targetId));
      return rows.length > 0;
    },

    ...resourceWrites(spec),

    /** How many rows of each user point at the records: "3 istifadəçi, 2 avtomobil", or null when none. */
    usage: usageOf,

    references,
  };
}

export type ResourceRepository = ReturnType<typeof createResourceRepository>;
