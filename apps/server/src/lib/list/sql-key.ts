import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// Renders conditions and orders to text for cache keys and cursor checksums; it never runs anything.
const dialect = new PgDialect();

/** A condition or order as text with its parameters: equal texts select the same rows in the same order. */
export function sqlKey(expression: SQL): string {
  const query = dialect.sqlToQuery(expression);
  return `${query.sql}\u0000${JSON.stringify(query.params)}`;
}

/** A row's place in a list's order: its sort values as text (null for a NULL), the tie-breaker last. */
export type SortValues = (string | null)[];
