import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

// Only renders conditions to text for the cache key; it never runs anything.
const dialect = new PgDialect();

/**
 * Counts of filtered lists, reused while the table's version (bumped by the database on every write to it) is
 * unchanged: paging through a search counts its rows once, and the answer stays exact.
 */
export function createCountCache(limit = 2_000) {
  const entries = new Map<string, number>();
  return {
    async count(table: string, version: string, where: SQL, countRows: () => Promise<number>): Promise<number> {
      const query = dialect.sqlToQuery(where);
      const key = `${table}\u0000${version}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`;
      const known = entries.get(key);
      if (known !== undefined) return known;
      const counted = await countRows();
      if (entries.size >= limit) entries.clear();
      entries.set(key, counted);
      return counted;
    },
  };
}
