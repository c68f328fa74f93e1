import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useCurrentUser } from '../../lib/current-user';
import { useLiveEvents } from '../../lib/live';

/**
 * How a list takes the changes others make (issue 47): `in-place` shows the fresh page at once, new and changed
 * rows marked for a moment; `bar` keeps the rows where the reader has them (changed ones updated in place) and says
 * "3 new, show" until asked, for lists where rows moving under the reader would be worse (payments, online requests).
 */
export type LiveMode = 'in-place' | 'bar';

/** What a row shown went through: new or changed (marked briefly), or gone from the list (kept, dimmed, until the
 * reader moves on). */
export type RowMark = 'new' | 'changed' | 'left' | 'deleted';

export interface LivePage<Row> {
  rows: Row[];
  count: number;
}

/** The changes others made since the rows shown were taken: the ids named, `all` after a bulk change. */
export interface PendingChanges {
  ids: Set<number> | 'all';
  deleted: Set<number>;
}

export interface LiveDiff<Row> {
  /** The rows to show now. */
  rows: Row[];
  marks: Map<number, RowMark>;
  /** Rows the fresh page has that are held back (bar mode): how many the bar offers. */
  held: number;
}

const named = (pending: PendingChanges, id: number) => pending.ids === 'all' || pending.ids.has(id);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The page to show after a quiet refetch of the same page: `fresh` against what is `shown`. A row of the fresh page
 * that was not shown is new when a change named it (not one that merely moved up from the next page); a row shown
 * that the fresh page lacks is kept, marked, when a change named it (deleted, or no longer in the filter); a row
 * pushed to the next page just goes. In `bar` mode new rows are held, and the rows shown keep their places.
 */
export function diffPage<Row>(
  shown: readonly Row[],
  fresh: LivePage<Row>,
  shownCount: number,
  pending: PendingChanges,
  rowKey: (row: Row) => number,
  mode: LiveMode,
): LiveDiff<Row> {
  const marks = new Map<number, RowMark>();
  const freshById = new Map(fresh.rows.map((row) => [rowKey(row), row]));
  const shownIds = new Set(shown.map(rowKey));
  const gone = (row: Row): Row[] => {
    const id = rowKey(row);
    if (!named(pending, id)) return [];
    marks.set(id, pending.deleted.has(id) ? 'deleted' : 'left');
    return [row];
  };
  const newRows = fresh.rows.filter((row) => !shownIds.has(rowKey(row)) && named(pending, rowKey(row)));
  const held = mode === 'bar' ? Math.max(newRows.length, fresh.count - shownCount) : 0;
  if (mode === 'bar' && held > 0) {
    // The reader's rows stay put: each takes its fresh content, or is marked gone.
    const rows = shown.flatMap((row) => {
      const next = freshById.get(rowKey(row));
      // Not on the fresh page: gone when a change named it, else only pushed down by the rows held.
      if (!next) return named(pending, rowKey(row)) ? gone(row) : [row];
      if (!same(next, row)) marks.set(rowKey(row), 'changed');
      return [next];
    });
    return { rows, marks, held };
  }
  const rows: Row[] = [];
  for (const row of fresh.rows) {
    const id = rowKey(row);
    const before = shownIds.has(id) ? shown.find((r) => rowKey(r) === id) : undefined;
    if (before === undefined) {
      if (named(pending, id)) marks.set(id, 'new');
    } else if (!same(before, row)) marks.set(id, 'changed');
    rows.push(row);
  }
  // A row gone keeps its place among the fresh ones (after the row that preceded it), marked.
  shown.forEach((row, index) => {
    if (freshById.has(rowKey(row))) return;
    const kept = gone(row);
    if (kept.length === 0) return;
    const before = shown
      .slice(0, index)
      .reverse()
      .find((r) => rows.includes(freshById.get(rowKey(r)) ?? r));
    const at = before === undefined ? 0 : rows.findIndex((r) => rowKey(r) === rowKey(before)) + 1;
    rows.splice(at, 0, row);
  });
  return { rows, marks, held: 0 };
}

/** How long a new or changed row stays marked. */
export const markMs = 6_000;

interface Shown<Row> {
  key: string;
  data: LivePage<Row>;
  rows: Row[];
  /** When the rows shown were answered. */
  at: number;
}

/**
 * Whether this tab's own save succeeded after `at`: a list's rows are then taken as the fresh page gives them, even
 * when a change feed event (which names no writer for some tables, the forms') came in between: a form one annulled
 * leaves the list, it is not kept marked "left" as another's change would be.
 */
const ownWriteSince = (queryClient: QueryClient, at: number) =>
  queryClient
    .getMutationCache()
    .getAll()
    .some((mutation) => mutation.state.status === 'success' && mutation.state.submittedAt >= at);

const emptyPending = (): PendingChanges => ({ ids: new Set(), deleted: new Set() });

/**
 * The rows a list shows, following others' changes (see `diffPage`): `data` is the query's page for `queryKey`;
 * a change of the list's `resource` by someone else marks what it names and makes the next fetch quiet.
 */
export function useLiveRows<Row>(
  resource: string,
  queryKey: string,
  data: LivePage<Row> | undefined,
  /** When the query last answered (`dataUpdatedAt`): an answer equal to the last keeps its object, not its time. */
  updatedAt: number,
  rowKey: (row: Row) => number,
  mode: LiveMode,
) {
  const me = useCurrentUser()?.id ?? null;
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingChanges>(emptyPending);
  const [shown, setShown] = useState<Shown<Row> | null>(null);
  const [marks, setMarks] = useState<Map<number, RowMark>>(new Map());
  const [held, setHeld] = useState<{ page: LivePage<Row>; count: number } | null>(null);

  useLiveEvents((event) => {
    if (event.type === 'reset') {
      setPending((current) => ({ ids: 'all', deleted: current.deleted }));
      return;
    }
    if (event.type !== 'change' || event.data.resource !== resource) return;
    // One's own change (this tab's save) shows as any reload after it does: no marks, nothing held back.
    if (event.data.by !== null && event.data.by === me) return;
    const { ids, op } = event.data;
    setPending((current) => ({
      ids: ids === null || current.ids === 'all' ? 'all' : new Set([...current.ids, ...ids]),
      deleted: op === 'delete' && ids ? new Set([...current.deleted, ...ids]) : current.deleted,
    }));
  });
  const liveFetch = pending.ids === 'all' || pending.ids.size > 0;

  // Fresh data: the first page or another query is taken as it is; a quiet refetch of the same page is compared.
  const [seen, setSeen] = useState<{ data: LivePage<Row> | undefined; at: number }>({ data: undefined, at: 0 });
  if (data !== seen.data || updatedAt !== seen.at) {
    setSeen({ data, at: updatedAt });
    if (data !== undefined) {
      const quiet = shown !== null && shown.key === queryKey && liveFetch && !ownWriteSince(queryClient, shown.at);
      if (!quiet) {
        setShown({ key: queryKey, data, rows: data.rows, at: updatedAt });
        setMarks(new Map());
        setHeld(null);
      } else {
        const diff = diffPage(shown.rows, data, shown.data.count, pending, rowKey, mode);
        setShown({ key: queryKey, data: diff.held > 0 ? shown.data : data, rows: diff.rows, at: updatedAt });
        setMarks(diff.marks);
        setHeld(diff.held > 0 ? { page: data, count: diff.held } : null);
      }
      setPending(emptyPending());
    }
  }

  // New and changed rows are marked for a moment; rows gone stay marked until the reader moves on.
  useEffect(() => {
    if (![...marks.values()].some((m) => m === 'new' || m === 'changed')) return;
    const timer = setTimeout(
      () => setMarks((current) => new Map([...current].filter(([, m]) => m === 'left' || m === 'deleted'))),
      markMs,
    );
    return () => clearTimeout(timer);
  }, [marks]);

  /** The bar's "show": the held page replaces the rows, its new rows marked. */
  const showHeld = useCallback(() => {
    if (!held || !shown) return;
    const diff = diffPage(
      shown.rows,
      held.page,
      held.page.count,
      { ids: 'all', deleted: new Set() },
      rowKey,
      'in-place',
    );
    const marked = new Map([...diff.marks].filter(([, m]) => m === 'new'));
    setShown({ key: shown.key, data: held.page, rows: held.page.rows, at: shown.at });
    setMarks(marked);
    setHeld(null);
  }, [held, shown, rowKey]);

  const current = shown && shown.key === queryKey ? shown : null;
  return {
    /** The rows to show (the query's until the first live change). */
    rows: current?.rows ?? data?.rows ?? [],
    marks: current ? marks : new Map<number, RowMark>(),
    /** How many new rows the bar offers (0: no bar). */
    held: current && held ? held.count : 0,
    showHeld,
    /** A refetch caused by someone else's change: the table does not spin for it. */
    liveFetch,
  };
}
