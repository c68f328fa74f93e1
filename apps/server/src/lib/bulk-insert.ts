import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/**
 * Inserts many rows in one statement of one parameter: the rows as a jsonb array, read back by
 * `jsonb_to_recordset`, and answers them as Drizzle maps them (`returning`). Drizzle's own multi-row insert builds
 * one parameter per row and column (330 for a 10-row payment), which costs more of the server's time than the
 * database spends inserting. Every row must name the same columns; a column none names takes its default.
 */
export async function insertAsJson<T extends PgTable>(
  executor: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>).filter(
    ([, column]) => !(column as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert(),
  );
  const named = columns.filter(([key]) => (rows[0] as Record<string, unknown>)[key] !== undefined);
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    if (named.some(([key]) => record[key] === undefined) || Object.keys(record).length !== named.length)
      throw new Error(`insertAsJson(${getTableName(table)}): every row must name the same columns`);
  }
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(named.map(([key, column]) => [column.name, (row as Record<string, unknown>)[key]])),
    ),
  );
  const definition = named.map(([, column]) => `${JSON.stringify(column.name)} ${column.getSQLType()}`).join(', ');
  const values = columns.map(([key, column]) => {
    if (named.some(([k]) => k === key)) return sql`r.${sql.identifier(column.name)}`;
    if (column.generatedIdentity) return sql`nextval(pg_get_serial_sequence(${getTableName(table)}, ${column.name}))`;
    if (is(column.default, SQL)) return column.default;
    if (column.default !== undefined) return sql`${sql.param(column.default, column)}::${sql.raw(column.getSQLType())}`;
    return sql`null`;
  });
  return (await executor
    .insert(table)
    .select(
      sql`select ${sql.join(values, sql`, `)} from jsonb_to_recordset(${json}::jsonb) as r(${sql.raw(definition)})`,
    )
    .returning()) as T['$inferSelect'][];
}
