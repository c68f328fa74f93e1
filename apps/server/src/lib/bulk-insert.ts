import { getTableColumns, getTableName, is, sql, SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';

/** A prepared text of one table's insert for one set of named columns, and how to read its answer. */
interface InsertText {
  /** Up to the rows' parameter, and after it: `insert ... jsonb_to_recordset(` and `::jsonb) as r(...) returning ...`. */
  head: string;
  tail: string;
  named: [string, PgColumn][];
  /** The answer's columns: database name, property name, column (for its driver value mapping). */
  answer: [string, string, PgColumn][];
}

// By table, then by the named properties joined: the statement's text, built once.
const texts = new WeakMap<PgTable, Map<string, InsertText>>();

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A column default as SQL text: an expression as written, a constant as a literal. */
function defaultText(column: PgColumn, tableName: string): string {
  if (column.generatedIdentity) return `nextval(pg_get_serial_sequence('${tableName}', '${column.name}'))`;
  if (is(column.default, SQL)) {
    const chunks = column.default.queryChunks as { value?: string[] }[];
    if (chunks.some((chunk) => !Array.isArray(chunk.value)))
      throw new Error(`insertAsJson(${tableName}): the default of ${column.name} is not plain SQL text`);
    return chunks.map((chunk) => chunk.value!.join('')).join('');
  }
  const value = column.default;
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value)))
    return `${String(value)}::${column.getSQLType()}`;
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'::${column.getSQLType()}`;
  throw new Error(`insertAsJson(${tableName}): the default of ${column.name} is neither text, a number nor true/false`);
}

function insertText(table: PgTable, keys: string[]): InsertText {
  let byKeys = texts.get(table);
  if (!byKeys) texts.set(table, (byKeys = new Map()));
  const key = keys.join(',');
  const known = byKeys.get(key);
  if (known) return known;
  const tableName = getTableName(table);
  const all = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  const insertable = all.filter(([, c]) => !(c as unknown as { shouldDisableInsert(): boolean }).shouldDisableInsert());
  const named = insertable.filter(([k]) => keys.includes(k));
  const definition = named.map(([, column]) => `${quoted(column.name)} ${column.getSQLType()}`).join(', ');
  const values = insertable.map(([k, column]) =>
    keys.includes(k) ? `r.${quoted(column.name)}` : defaultText(column, tableName),
  );
  const text: InsertText = {
    head:
      `insert into ${quoted(tableName)} (${insertable.map(([, c]) => quoted(c.name)).join(', ')}) ` +
      `select ${values.join(', ')} from jsonb_to_recordset(`,
    tail: `::jsonb) as r(${definition}) returning ${all.map(([, c]) => quoted(c.name)).join(', ')}`,
    named,
    answer: all.map(([k, c]) => [c.name, k, c]),
  };
  byKeys.set(key, text);
  return text;
}

/**
 * Inserts many rows in one statement of one parameter: the rows as a jsonb array, read back by
 * `jsonb_to_recordset`, and answers them as Drizzle maps them (`returning()`). Drizzle's own multi-row insert builds
 * one parameter per row and column (330 for a 10-row payment), and builds its text anew on every call, which costs
 * more of the server's time than the database spends inserting: the text here is built once per table and set of
 * columns. Every row must name the same columns (undefined counts as not named); a column none names takes its
 * default.
 */
export async function insertAsJson<T extends PgTable>(
  executor: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  const keys = Object.keys(rows[0] as object).filter((k) => (rows[0] as Record<string, unknown>)[k] !== undefined);
  const text = insertText(table, keys);
  for (const row of rows) {
    const record = row as Record<string, unknown>;
    const given = Object.keys(record).filter((k) => record[k] !== undefined).length;
    if (text.named.some(([k]) => record[k] === undefined) || given !== text.named.length)
      throw new Error(`insertAsJson(${getTableName(table)}): every row must name the same columns`);
  }
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(text.named.map(([k, column]) => [column.name, (row as Record<string, unknown>)[k]])),
    ),
  );
  const result = (await executor.execute(sql`${sql.raw(text.head)}${json}${sql.raw(text.tail)}`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return result.rows.map((stored) => {
    const row: Record<string, unknown> = {};
    for (const [name, k, column] of text.answer) {
      const value = stored[name];
      row[k] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as T['$inferSelect'];
  });
}
