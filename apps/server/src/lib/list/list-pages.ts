import { createHash } from 'node:crypto';
import { allRowsLimit, listMessages, type Page } from '@dnx/shared';
import { and, type SQL } from 'drizzle-orm';
import { HttpError } from '../http-errors';
import type { ListCaches } from './live-lists';
import { positionStep } from './kept-figures';
import type { ListSource } from './list-source';
import { beyond, orderOf, type SortPlan } from './sort-plan';
import type { SortValues } from './sql-key';

/** The pages of a list by keyset (cursors) and the links of both kinds of page. */

type CursorPosition =
  { kind: 'first' } | { kind: 'last' } | { kind: 'after'; values: SortValues } | { kind: 'before'; values: SortValues };

const cursorError = () => new HttpError(400, { cursor: [listMessages.cursorInvalid] });
// A checksum over the list query and the position: an altered cursor, or one from other filters or order, is refused.
const checksum = (signature: string, payload: string) =>
  createHash('sha256').update(signature).update('\u0002').update(payload).digest('base64url').slice(0, 16);

/** The opaque `cursor` of a link: `first`, `last`, or base64url JSON of the position and its checksum. */
export function encodeCursor(position: CursorPosition, signature: string): string {
  if (position.kind === 'first' || position.kind === 'last') return position.kind;
  const payload = JSON.stringify([position.kind === 'after' ? 'a' : 'b', ...position.values]);
  return `${Buffer.from(payload).toString('base64url')}.${checksum(signature, payload)}`;
}

/** Reads a cursor strictly: anything this list did not make for this query is a 400 `cursor` field error. */
export function decodeCursor(cursor: string, signature: string, keyCount: number): CursorPosition {
  if (cursor === 'first') return { kind: 'first' };
  if (cursor === 'last') return { kind: 'last' };
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{16})$/.exec(cursor);
  if (!match) throw cursorError();
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  if (checksum(signature, payload) !== match[2]) throw cursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw cursorError();
  }
  if (!Array.isArray(parsed) || parsed.length !== keyCount + 1) throw cursorError();
  const [direction, ...values] = parsed as unknown[];
  if (direction !== 'a' && direction !== 'b') throw cursorError();
  if (!values.every((v) => v === null || typeof v === 'string') || values[keyCount - 1] === null) throw cursorError();
  return { kind: direction === 'a' ? 'after' : 'before', values: values as SortValues };
}

/** A value the database cannot read as its column's type (SQLSTATE class 22) came from a cursor: a 400, not a 500. */
async function refusingBadValues<R>(run: () => Promise<R>): Promise<R> {
  try {
    return await run();
  } catch (error) {
    for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
      const code = (e as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('22')) throw cursorError();
    }
    throw error;
  }
}

/** The current URL with `cursor` in place of `page`. */
export function cursorLink(currentUrl: string, cursor: string): string {
  const url = new URL(currentUrl);
  url.searchParams.delete('page');
  url.searchParams.set('cursor', cursor);
  return url.toString();
}

/** DRF's links: the current URL with `page` replaced, and without it for the first page. */
export function pageLink(currentUrl: string, page: number): string {
  const url = new URL(currentUrl);
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/**
 * A page by keyset: the sort values of up to per_page + 1 rows from the cursor's row (index only), then the rows
 * of exactly that range. Consecutive pages meet at their boundary rows, so a walk misses and repeats no row even
 * while others write; a row written meanwhile inside a range shows on that page.
 */
export async function cursorPage<T>(
  plan: SortPlan,
  condition: SQL | undefined,
  source: ListSource<T>,
  counted: () => Promise<number>,
  options: { perPage: number; cursor: string; signature: string; currentUrl: string },
): Promise<Page<T>> {
  const { perPage, signature, currentUrl } = options;
  const position = decodeCursor(options.cursor, signature, plan.keys.length);
  const forward = position.kind === 'first' || position.kind === 'after';
  const readOrder = orderOf(plan, !forward);
  const from =
    position.kind === 'after' || position.kind === 'before'
      ? beyond(plan, position.values, !forward, false)
      : undefined;
  const values = plan.keys.map((k) => k.value);
  const [count, keys] = await Promise.all([
    counted(),
    refusingBadValues(() => source.keys(and(condition, from), values, readOrder, { limit: perPage + 1, offset: 0 })),
  ]);
  const more = keys.length > perPage;
  const edge = more ? keys[perPage - 1]! : undefined;
  // Up to and including the page's last row in reading order: not beyond it.
  const until = edge ? beyond(plan, edge, forward, true) : undefined;
  // Read with a limit, so the planner walks the sort index from the cursor (an unbounded range of a row comparison
  // was planned as a scan of the table: p50 68 ms at a million drivers); the limit leaves room for rows written
  // into the range meanwhile, and a range that fills it is read again whole, so none is cut off.
  const range = and(condition, from, until);
  const bound = { limit: keys.length + 100, offset: 0 };
  let rows = await refusingBadValues(() => source.rows(range, readOrder, bound));
  if (rows.length >= bound.limit) rows = await refusingBadValues(() => source.rows(range, readOrder, null));
  const results = forward ? rows : rows.reverse();
  const link = (next: CursorPosition) => cursorLink(currentUrl, encodeCursor(next, signature));
  const nearest = keys[0];
  if (forward) {
    return {
      count,
      next: edge ? link({ kind: 'after', values: edge }) : null,
      previous:
        position.kind === 'first' ? null : link(nearest ? { kind: 'before', values: nearest } : { kind: 'last' }),
      results,
    };
  }
  return {
    count,
    next: position.kind === 'last' ? null : link(nearest ? { kind: 'after', values: nearest } : { kind: 'first' }),
    previous: edge ? link({ kind: 'before', values: edge }) : null,
    results,
  };
}

/**
 * Every row the query selects (`no_page`): counted first (the count is kept between writes), then read with a limit,
 * so rows written in between cannot make the answer larger than the bound either; `unbounded` (the spec's users
 * list) answers them all however many.
 */
export async function allRows<T>(
  condition: SQL | undefined,
  order: SQL[],
  source: ListSource<T>,
  counted: () => Promise<number>,
  unbounded: boolean,
): Promise<Page<T>> {
  if (unbounded) {
    const results = await source.rows(condition, order, null);
    return { count: results.length, next: null, previous: null, results };
  }
  const tooMany = (n: number) => new HttpError(400, { no_page: [listMessages.allTooMany(n)] });
  const total = await counted();
  if (total > allRowsLimit) throw tooMany(total);
  const results = await source.rows(condition, order, { limit: allRowsLimit + 1, offset: 0 });
  if (results.length > allRowsLimit) throw tooMany(await source.count(condition));
  return { count: results.length, next: null, previous: null, results };
}

/**
 * A numbered page. A page past the end answers 404 `{"detail": "Invalid page."}`, as DRF's paginator does. With
 * `caches` a deep page seeks from the nearest kept position; without, a page past the middle is read from the other
 * end.
 */
export async function numberedPage<T>(
  plan: SortPlan,
  condition: SQL | undefined,
  source: ListSource<T>,
  counted: () => Promise<number>,
  options: { perPage: number; pageNumber: number; signature: string; currentUrl: string; caches?: ListCaches },
): Promise<Page<T>> {
  const { perPage, pageNumber, caches } = options;
  const order = orderOf(plan, false);
  const count = await counted();
  const lastPage = Math.max(1, Math.ceil(count / perPage));
  if (pageNumber > lastPage) throw new HttpError(404, { detail: listMessages.invalidPage });
  const offset = (pageNumber - 1) * perPage;
  const end = Math.min(offset + perPage, count);
  const read = async (): Promise<T[]> => {
    // Near either end the OFFSET is short anyway; kept positions serve what lies farther than one step from both.
    if (caches && Math.min(offset, count - end) >= positionStep) {
      const found = await caches.position(
        {
          signature: options.signature,
          where: condition,
          orderBy: order,
          values: plan.keys.map((k) => k.value),
          marks: plan.keys.map((k) => k.mark),
          kinds: plan.keys.map((k) => k.kind),
          descending: plan.descending,
        },
        source,
        offset,
      );
      // The nearest position at or before the page's first row, then a short OFFSET from it.
      if (found)
        return source.rows(found.from ? and(condition, beyond(plan, found.from, false, true)) : condition, order, {
          limit: perPage,
          offset: found.skip,
        });
    }
    // Without positions a page past the middle is read from the other end in the opposite order: an OFFSET walks
    // the rows it skips, so page 5,000 of 5,001 skips a handful instead of 99,980.
    return offset > count - end
      ? (await source.rows(condition, orderOf(plan, true), { limit: end - offset, offset: count - end })).reverse()
      : source.rows(condition, order, { limit: perPage, offset });
  };
  const results = await read();
  return {
    count,
    next: pageNumber < lastPage ? pageLink(options.currentUrl, pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageLink(options.currentUrl, pageNumber - 1) : null,
    results,
  };
}

/**
 * Every row the query selects, in its order, `chunk` rows at a time by keyset (an export): each chunk is two short
 * indexed reads, so memory holds one chunk whatever the count. Not one snapshot: a row written during the walk shows
 * where the order puts it when the walk gets there, and no unchanged row is missed or repeated.
 */
export async function* streamRows<T>(
  plan: SortPlan,
  condition: SQL | undefined,
  source: ListSource<T>,
  chunk: number,
): AsyncGenerator<T[]> {
  const order = orderOf(plan, false);
  const values = plan.keys.map((k) => k.value);
  let from: SQL | undefined;
  for (;;) {
    const keys = await source.keys(and(condition, from), values, order, { limit: chunk, offset: 0 });
    const last = keys.at(-1);
    if (!last) return;
    yield await source.rows(and(condition, from, beyond(plan, last, true, true)), order, null);
    if (keys.length < chunk) return;
    from = beyond(plan, last, false, false);
  }
}
