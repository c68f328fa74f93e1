import { checkAnswerLabels, listMessages, type FnForm, type FnHistoryEntry, type Page } from '@dnx/shared';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { inspectChecks, users } from '../../db/schema';
import { HttpError } from '../../lib/http-errors';
import { pageLink } from '../../lib/list/list-query';

/**
 * A form's history a page at a time (issue 56): its ledger's movements (a handful a form, read whole) with the
 * inspectors' checks (issue 46, inspect_checks: any number) placed among them by time, a check before the first
 * movement after it. Pages are numbered as the lists' (DRF's {count, next, previous, results}); only the checks of
 * the page are read, in (checked_at, recorded_at, id) order by their index, so every row is reachable however many
 * there are.
 */
export async function formHistoryPage(
  db: Executor,
  form: FnForm,
  ledger: FnHistoryEntry[],
  paging: { page: number; perPage: number; currentUrl: string },
): Promise<Page<FnHistoryEntry>> {
  const { page, perPage } = paging;
  const [{ checks }] = (await db
    .select({ checks: count() })
    .from(inspectChecks)
    .where(eq(inspectChecks.formId, form.id))) as [{ checks: number }];
  const total = ledger.length + checks;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  if (page > lastPage) throw new HttpError(404, { detail: listMessages.invalidPage });

  const positions = await ledgerPositions(db, form.id, ledger);
  const start = (page - 1) * perPage;
  const end = Math.min(start + perPage, total);
  const ledgerBefore = positions.filter((p) => p < start).length;
  const ledgerHere = positions.filter((p) => p >= start && p < end).length;
  const pageChecks = await checkEntries(db, form, start - ledgerBefore, end - start - ledgerHere);

  const results: FnHistoryEntry[] = [];
  let nextCheck = 0;
  for (let position = start; position < end; position++) {
    const movement = positions.indexOf(position);
    results.push(movement >= 0 ? ledger[movement]! : pageChecks[nextCheck++]!);
  }
  return {
    count: total,
    next: page < lastPage ? pageLink(paging.currentUrl, page + 1) : null,
    previous: page > 1 ? pageLink(paging.currentUrl, page - 1) : null,
    results,
  };
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Where each movement of the ledger stands in the whole history: its index plus the checks before it (those
 * earlier than it or than any movement before it, as a merge in the ledger's order places them).
 */
async function ledgerPositions(db: Executor, formId: number, ledger: FnHistoryEntry[]): Promise<number[]> {
  if (ledger.length === 0) return [];
  const counted = rowsOf<{ i: number; n: number }>(
    await db.execute(sql`
      SELECT m.i::int AS i, (SELECT count(*)::int FROM inspect_checks c
        WHERE c.form_id = ${formId} AND c.checked_at < m.at) AS n
      FROM unnest(${`{${ledger.map((e) => `"${e.at}"`).join(',')}}`}::timestamptz[]) WITH ORDINALITY AS m(at, i)`),
  );
  const before = new Map(counted.map((r) => [Number(r.i) - 1, Number(r.n)]));
  let placed = 0;
  return ledger.map((_, i) => {
    placed = Math.max(placed, before.get(i) ?? 0);
    return i + placed;
  });
}

/** `limit` checks of the form from `offset` in their order, as timeline entries. */
async function checkEntries(db: Executor, form: FnForm, offset: number, limit: number): Promise<FnHistoryEntry[]> {
  if (limit <= 0) return [];
  const rows = await db
    .select({ check: inspectChecks, email: users.email })
    .from(inspectChecks)
    .leftJoin(users, eq(users.id, inspectChecks.inspectorId))
    .where(eq(inspectChecks.formId, form.id))
    .orderBy(asc(inspectChecks.checkedAt), asc(inspectChecks.recordedAt), asc(inspectChecks.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ check, email }) => checkEntry(form, check, email));
}

/**
 * A check as a timeline entry: who, when, the answer the phone showed (in `reason`, the words), and in `after` the
 * answer, how it was read, the snapshot's time and where, when the person allowed it.
 */
function checkEntry(form: FnForm, check: typeof inspectChecks.$inferSelect, email: string | null): FnHistoryEntry {
  return {
    id: null,
    at: check.checkedAt.toISOString(),
    actor: check.inspectorId,
    actor_email: email,
    movement: 'check',
    batch: form.batch,
    forms: 1,
    number_from: form.number,
    number_to: form.number,
    before: null,
    after: {
      check: check.id,
      answer: check.answer,
      source: check.source,
      snapshot_at: check.snapshotAt?.toISOString() ?? null,
      location:
        check.latitude === null
          ? null
          : { lat: trimDecimal(check.latitude), lon: trimDecimal(check.longitude!), accuracy: check.accuracy },
    },
    reason: checkAnswerLabels[check.answer],
  };
}

/** A decimal as sent, without the column's trailing zeros ("40.6828000" -> "40.6828"). */
const trimDecimal = (value: string) => (value.includes('.') ? value.replace(/\.?0+$/, '') : value);
