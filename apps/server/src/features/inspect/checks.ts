import {
  checkAnswerLabels,
  inspectMessages as m,
  maxChecksOfMarkPerDay,
  type InspectCheck,
  type InspectChecksResult,
} from '@dnx/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { fnBatches, fnForms, inspectChecks } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';
import { checksLeftOfForms, timeRefusal, type CheckRulesConfig } from './check-rules';
import { snapshotRegions } from './snapshot';

/**
 * The checks an inspector's phone sends once it is online (issue 46): each recorded once by its id (the phone's
 * UUID, the table's key), with the form it names, into the audit trail. Bounded (issue 56): a check of a mark outside
 * the person's regions (the snapshot's rule), dated outside the window the clock skew and the snapshot's maximum age
 * allow, or past `maxChecksOfMarkPerDay` of one mark, is refused with its reason and written nowhere. A number that
 * names no form is recorded with no form: it is in no form's history and tells that someone showed a forged mark.
 * One person's posts take turns (an advisory lock), so two at once record a batch once and count the day's limit
 * together.
 */
export async function recordChecks(
  db: Database,
  actor: AuthUser,
  checks: InspectCheck[],
  config: CheckRulesConfig,
): Promise<InspectChecksResult> {
  const regions = snapshotRegions(actor);
  // One id sent twice in one batch with one body is one check; with two bodies the later is refused (none is lost
  // unsaid).
  const { unique, clashes } = oneBodyPerId(checks);
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`inspect:checks:${actor.id}`}))`);
    const kept = await keptChecks(
      tx,
      unique.map((c) => c.id),
    );
    const formOf = await formsNamed(
      tx,
      unique.filter((c) => !kept.has(c.id)),
    );
    const left = await checksLeftOfForms(tx, actor.id, [...new Set([...formOf.values()].map((f) => f.id))]);
    const now = Date.now();
    const refused: InspectChecksResult['refused'] = clashes.map((c) => ({ id: c.id, detail: m.checkIdTaken }));
    const accepted: { check: InspectCheck; formId: number | null }[] = [];
    for (const check of unique) {
      if (kept.has(check.id)) continue;
      const form = formOf.get(keyOf(check));
      const detail =
        timeRefusal(check, now, config) ??
        (form && regions !== null && !regions.includes(form.regionId) ? m.checkOutsideRegion : null) ??
        (form && left.get(form.id)! <= 0 ? m.tooManyChecksOfMark(maxChecksOfMarkPerDay) : null);
      if (detail !== null) {
        refused.push({ id: check.id, detail });
        continue;
      }
      if (form) left.set(form.id, left.get(form.id)! - 1);
      accepted.push({ check, formId: form?.id ?? null });
    }
    const recorded = await insertChecks(tx, actor, accepted);
    // Another post of the same ids (another person's: one person's posts take turns) committed meanwhile.
    const taken = await keptChecks(
      tx,
      accepted.filter(({ check }) => !recorded.has(check.id)).map(({ check }) => check.id),
    );
    for (const [id, row] of taken) kept.set(id, row);
    // Recorded before by this person with this body: a phone sending again. Any other use of the id is refused, so
    // the phone shows why instead of dropping its finding as sent, and the id's other owner stays unsaid.
    const duplicates: string[] = [];
    for (const check of unique.filter((c) => kept.has(c.id)))
      if (sameCheck(kept.get(check.id)!, actor.id, check)) duplicates.push(check.id);
      else refused.push({ id: check.id, detail: m.checkIdTaken });
    return {
      recorded: accepted.filter(({ check }) => recorded.has(check.id)).map(({ check }) => check.id),
      duplicates,
      refused,
      serverTime: new Date().toISOString(),
    };
  });
}

/** The checks of one batch by id, the first body of each; a later one with another body is a clash. */
function oneBodyPerId(checks: InspectCheck[]) {
  const byId = new Map<string, InspectCheck>();
  const clashes: InspectCheck[] = [];
  for (const check of checks) {
    const first = byId.get(check.id);
    if (!first) byId.set(check.id, check);
    else if (bodyOf(first) !== bodyOf(check)) clashes.push(check);
  }
  return { unique: [...byId.values()], clashes };
}

type KeptCheck = typeof inspectChecks.$inferSelect;

/**
 * What makes a check the same check, as the phone sent it or as it is kept: its mark, time, answer, source and
 * snapshot.
 */
const bodyOf = (c: InspectCheck | KeptCheck) =>
  JSON.stringify([
    c.series,
    Number(c.number),
    new Date(c.checkedAt).getTime(),
    c.answer,
    c.source,
    c.snapshotAt && new Date(c.snapshotAt).getTime(),
  ]);

const sameCheck = (kept: KeptCheck, inspectorId: number, check: InspectCheck) =>
  kept.inspectorId === inspectorId && bodyOf(kept) === bodyOf(check);

/** The recorded checks of these ids, by id. */
async function keptChecks(tx: Transaction, ids: string[]): Promise<Map<string, KeptCheck>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select().from(inspectChecks).where(inArray(inspectChecks.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const keyOf = (c: { series: string; number: string | number }) => `${c.series}-${Number(c.number)}`;

/** The forms the checks name, with their batch's region, by series and number. */
async function formsNamed(tx: Transaction, checks: InspectCheck[]) {
  if (checks.length === 0) return new Map<string, { id: number; regionId: number }>();
  const named = await tx
    .select({ id: fnForms.id, series: fnForms.series, number: fnForms.number, regionId: fnBatches.regionId })
    .from(fnForms)
    .innerJoin(fnBatches, eq(fnBatches.id, fnForms.batchId))
    .where(or(...checks.map((c) => and(eq(fnForms.series, c.series), eq(fnForms.number, Number(c.number))))));
  return new Map(named.map((f) => [keyOf(f), { id: f.id, regionId: f.regionId }]));
}

/** Writes the accepted checks (a key taken meanwhile is skipped) and their audit rows; the ids written. */
async function insertChecks(
  tx: Transaction,
  actor: AuthUser,
  accepted: { check: InspectCheck; formId: number | null }[],
): Promise<Set<string>> {
  if (accepted.length === 0) return new Set();
  const inserted = await tx
    .insert(inspectChecks)
    .values(
      accepted.map(({ check: c, formId }) => ({
        id: c.id,
        formId,
        series: c.series,
        number: Number(c.number),
        inspectorId: actor.id,
        checkedAt: new Date(c.checkedAt),
        answer: c.answer,
        source: c.source,
        snapshotAt: c.snapshotAt === null ? null : new Date(c.snapshotAt),
        latitude: c.location?.lat ?? null,
        longitude: c.location?.lon ?? null,
        accuracy: c.location?.accuracy ?? null,
      })),
    )
    .onConflictDoNothing({ target: inspectChecks.id })
    .returning({ id: inspectChecks.id });
  const recorded = new Set(inserted.map((r) => r.id));
  for (const { check: c, formId } of accepted.filter(({ check }) => recorded.has(check.id))) {
    await recordAudit(tx, {
      actor,
      action: 'create',
      resource: 'fn',
      recordId: formId ?? `${c.series}-${c.number}`,
      after: {
        check: c.id,
        series: c.series,
        number: c.number,
        answer: c.answer,
        source: c.source,
        checked_at: c.checkedAt,
        snapshot_at: c.snapshotAt,
        location: c.location,
      },
      detail: { inspect_check: c.id, answer: checkAnswerLabels[c.answer] },
    });
  }
  return recorded;
}
