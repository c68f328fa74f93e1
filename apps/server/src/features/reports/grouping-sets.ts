import { sql, type SQL } from 'drizzle-orm';
import type { PaymentFigures } from './report-repository';

/**
 * The SQL of the payments' figures for several groupings in one pass (`group by grouping sets`), as the summaries
 * (report-figures.ts) and their oracle on the base tables (report-base-figures-test-kit.ts) both read them. The grouped
 * rows have the dimensions as columns d0, d1, … and the figures as tax, payments (the summaries'; the base tables
 * count rows), mdssh and itsda; `sets` are groupings by indexes into the dimensions. A set counts a payment once
 * in each of its groups: by the rows its flag `first<n>` marks, the first of each partition the caller names.
 */

type Sets = readonly (readonly number[])[];

/** A dimension's column in the grouped rows, by its index. */
export const dimensionColumn = (index: number) => sql.raw(`d${index}`);

/** Per set, `row_number() over (partition by …) = 1 as first<n>`: whether a row is the first of its partition. */
export const firstFlags = (sets: Sets, partition: (set: readonly number[]) => SQL[]) =>
  sql.join(
    sets.map(
      (set, n) =>
        sql`row_number() over (partition by ${sql.join(partition(set), sql`, `)}) = 1 as ${sql.raw(`first${n}`)}`,
    ),
    sql`, `,
  );

/**
 * The select list: a group's set (`set`, its index in `sets`), its key (`key`: every dimension joined by `|`, `*`
 * for one its set leaves out), its tax, and each set's once-per-payment figures (`payments<n>`, `mdssh<n>`,
 * `itsda<n>`: grouping() may not stand inside an aggregate, so each set's are summed and its own are read).
 * `payments` counts a set's payments among the rows its flag marks.
 */
export function setFigures(dimensionCount: number, sets: Sets, payments: (first: SQL) => SQL): SQL {
  const dimensions = Array.from({ length: dimensionCount }, (_d, i) => dimensionColumn(i));
  const keyOf = sql.join(
    dimensions.map((d) => sql`coalesce(${d}, '*')`),
    sql` || '|' || `,
  );
  const setIndex =
    sets.length === 1
      ? sql`0`
      : sql`case ${sql.join(
          sets.map(
            (set, n) =>
              sql`when ${sql.join(
                dimensions.map((d, i) => sql`grouping(${d}) = ${sql.raw(set.includes(i) ? '0' : '1')}`),
                sql` and `,
              )} then ${sql.raw(String(n))}`,
          ),
          sql` `,
        )} end`;
  const perSet = sets.map((_set, n) => {
    const first = sql.raw(`first${n}`);
    return sql`${payments(first)} as ${sql.raw(`payments${n}`)},
      coalesce(sum(mdssh) filter (where ${first}), 0)::numeric(16, 2)::text as ${sql.raw(`mdssh${n}`)},
      coalesce(sum(itsda) filter (where ${first}), 0)::numeric(16, 2)::text as ${sql.raw(`itsda${n}`)}`;
  });
  return sql`${setIndex} as set, ${dimensionCount ? keyOf : sql`''`} as key,
        coalesce(sum(tax), 0)::numeric(16, 2)::text as tax, ${sql.join(perSet, sql`, `)}`;
}

/** `grouping sets ((d0, d1), (d0), …)`: the sets as the grouped rows' columns. */
export const groupingSets = (sets: Sets) =>
  sql`grouping sets (${sql.join(
    sets.map((set) => sql`(${sql.join(set.map(dimensionColumn), sql`, `)})`),
    sql`, `,
  )})`;

/** A row `setFigures` selects. */
export type SetRow = { set: number; key: string; tax: string } & Record<string, string | number>;

/** The figures per set, each by its group's key: the set's dimensions joined by `|` (as `groupKey` joins them). */
export function figuresBySet(rows: readonly SetRow[], sets: Sets): Map<string, PaymentFigures>[] {
  const result = sets.map(() => new Map<string, PaymentFigures>());
  for (const row of rows) {
    const parts = row.key.split('|');
    result[row.set]!.set(sets[row.set]!.map((i) => parts[i]).join('|'), {
      payments: row[`payments${row.set}`] as number,
      tax: row.tax,
      mdssh: row[`mdssh${row.set}`] as string,
      itsda: row[`itsda${row.set}`] as string,
    });
  }
  return result;
}
