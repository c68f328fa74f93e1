import { asc, Column, desc, is, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { azSortKey } from '../az-text';
import type { KeyKind } from './sort-order';
import type { SortValues } from './sql-key';

/** An order field: an expression, ordered by the Azerbaijani alphabet when `text` is set. */
export type OrderDeclaration = SQLWrapper | { expr: SQLWrapper; text: true };

/** One sort value of the order: the ORDER BY expression, the value a cursor keeps, and how a kept value compares. */
export interface SortKey {
  expr: SQL;
  value: SQL;
  seek: (value: string | null) => SQL;
  nullable: boolean;
  /** The value in a form this process can order as the database does (`kind`): kept positions place rows by it. */
  mark: SQL;
  kind: KeyKind;
}

const integerColumns = new Set(['PgSerial', 'PgSmallSerial', 'PgInteger', 'PgSmallInt', 'PgBigInt53', 'PgBigInt64']);
const textColumns = new Set(['PgText', 'PgVarchar', 'PgChar']);

/** A column's sort value as something ordered here as PostgreSQL orders the column; 'unknown' for anything else. */
function markOf(expr: SQLWrapper): { mark: SQL; kind: KeyKind } {
  const type = is(expr, Column) ? expr.columnType : '';
  if (integerColumns.has(type) || type.startsWith('PgBigSerial')) return { mark: sql`(${expr})::text`, kind: 'int' };
  if (type === 'PgNumeric') return { mark: sql`(${expr})::text`, kind: 'decimal' };
  if (type.startsWith('PgTimestamp')) return { mark: sql`extract(epoch from ${expr})::text`, kind: 'decimal' };
  if (type.startsWith('PgDate')) return { mark: sql`(${expr} - date '2000-01-01')::text`, kind: 'int' };
  // false before true: the texts' own byte order.
  if (type === 'PgBoolean') return { mark: sql`(${expr})::text`, kind: 'bytes' };
  if (textColumns.has(type)) return { mark: sql`(${expr})::text`, kind: 'text' };
  return { mark: sql`null`, kind: 'unknown' };
}

const notNullColumn = (expr: SQLWrapper) => is(expr, Column) && expr.notNull;

export const isSqlWrapper = (value: unknown): value is SQLWrapper =>
  typeof value === 'object' && value !== null && 'getSQL' in value;

/** A list query's order: its sort keys (the tie-breaker last, so every position is unique) and direction. */
export interface SortPlan {
  keys: SortKey[];
  descending: boolean;
}

/** The sort keys of an order field and the tie-breaker (one key when the field is the tie-breaker). */
export function sortKeysOf(order: OrderDeclaration, tie: SQLWrapper): SortKey[] {
  const keys: SortKey[] = [];
  if (order !== tie) {
    // Text is kept as written (shorter than its sort key) and keyed again in SQL when compared.
    keys.push(
      isSqlWrapper(order)
        ? {
            expr: sql`${order}`,
            value: sql`(${order})::text`,
            seek: (v) => sql`${v}`,
            nullable: !notNullColumn(order),
            ...markOf(order),
          }
        : {
            expr: azSortKey(order.expr),
            value: sql`(${order.expr})::text`,
            seek: (v) => azSortKey(sql`${v}::text`),
            nullable: !notNullColumn(order.expr),
            // The Azerbaijani sort key under COLLATE "C": ordered by its bytes.
            mark: sql`(${azSortKey(order.expr)})::text`,
            kind: 'bytes',
          },
    );
  }
  keys.push({ expr: sql`${tie}`, value: sql`(${tie})::text`, seek: (v) => sql`${v}`, nullable: false, ...markOf(tie) });
  return keys;
}

/** ORDER BY of a plan; `reversed` gives the exact opposite order (a far page read from the other end). */
export function orderOf(plan: SortPlan, reversed: boolean): SQL[] {
  const by = plan.descending !== reversed ? desc : asc;
  return plan.keys.map((key) => by(key.expr));
}

/**
 * The rows after `values` in the order (`reversed`: before them), and the row itself when `inclusive`. PostgreSQL
 * puts NULLs last ascending and first descending; a row comparison keeps the seek on the sort index.
 */
export function beyond(plan: SortPlan, values: SortValues, reversed: boolean, inclusive: boolean): SQL {
  const descending = plan.descending !== reversed;
  const op = sql.raw(`${descending ? '<' : '>'}${inclusive ? '=' : ''}`);
  const { keys } = plan;
  const compare =
    keys.length === 1
      ? sql`${keys[0]!.expr} ${op} ${keys[0]!.seek(values[0]!)}`
      : sql`(${sql.join(
          keys.map((k) => k.expr),
          sql`, `,
        )}) ${op} (${sql.join(
          keys.map((k, i) => k.seek(values[i]!)),
          sql`, `,
        )})`;
  const first = keys[0]!;
  if (!first.nullable) return compare;
  const tie = keys[keys.length - 1]!;
  if (values[0] === null) {
    const amongNulls = sql`(${first.expr} is null and ${tie.expr} ${op} ${tie.seek(values[keys.length - 1]!)})`;
    return descending ? sql`(${amongNulls} or ${first.expr} is not null)` : amongNulls;
  }
  return descending ? compare : sql`(${compare} or ${first.expr} is null)`;
}
