import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Azerbaijani text in SQL through the functions of migration 0002 (the twins of shared `azSearchKey`,
 * `azLower` and `azCompare`), so PGlite and PostgreSQL agree without ICU collations.
 */

/** Escapes LIKE's wildcards so a value matches only itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `expr` contains `value`, case-insensitive and Azerbaijani-aware ("ismayil" finds "İsmayıl"). */
export function azContains(expr: SQLWrapper, value: string): SQL {
  return sql`az_fold(${expr}) like '%' || az_fold(${escapeLike(value)}::text) || '%'`;
}

/** An expression already folded by az_fold (a stored search key) contains `value`: folds only the value. */
export function azFoldedContains(foldedExpr: SQLWrapper, value: string): SQL {
  return sql`${foldedExpr} like '%' || az_fold(${escapeLike(value)}::text) || '%'`;
}

/** Equal by the search key: regardless of case, I/İ/ı/i and the letters a Latin keyboard lacks (unique names). */
export function azFoldEquals(expr: SQLWrapper, value: string): SQL {
  return sql`az_fold(${expr}) = az_fold(${value}::text)`;
}

/** Orders text by the Azerbaijani alphabet: the key compared byte by byte. */
export function azSortKey(expr: SQLWrapper): SQL {
  return sql`az_sort_key(${expr}) collate "C"`;
}
