import { getTableColumns, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { insertAsJson } from '../../lib/bulk-insert';
import type { ResourceSpec, ResourceValues } from './resource-spec';

/** A resource's writes of its own table: one record, many in one statement, an update, a delete of many. */
export function resourceWrites(spec: ResourceSpec) {
  const { definition, table, id } = spec;
  const column = (name: string) => spec.columns[name]!;
  const fields = definition.fields;
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

  return {
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
  };
}
