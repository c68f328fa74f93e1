import { checkAnswerLabels, type InspectCheck, type InspectChecksResult } from '@dnx/shared';
import { and, eq, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnForms, inspectChecks } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import type { AuthUser } from '../../plugins/auth';

/**
 * The checks an inspector's phone sends once it is online (issue 46): each recorded once by its id (the phone's
 * UUID, the table's key), with the form it names, into the audit trail. Two posts of one batch at once record it
 * once: the second waits on the first's keys and finds them taken.
 */
export async function recordChecks(
  db: Database,
  actor: AuthUser,
  checks: InspectCheck[],
): Promise<InspectChecksResult> {
  // One id sent twice in one batch is one check.
  const unique = [...new Map(checks.map((c) => [c.id, c])).values()];
  return db.transaction(async (tx) => {
    const named = await tx
      .select({ id: fnForms.id, series: fnForms.series, number: fnForms.number })
      .from(fnForms)
      .where(or(...unique.map((c) => and(eq(fnForms.series, c.series), eq(fnForms.number, Number(c.number))))));
    const formOf = new Map(named.map((f) => [`${f.series}-${f.number}`, f.id]));
    const inserted = await tx
      .insert(inspectChecks)
      .values(
        unique.map((c) => ({
          id: c.id,
          formId: formOf.get(`${c.series}-${Number(c.number)}`) ?? null,
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
      .returning({ id: inspectChecks.id, formId: inspectChecks.formId });
    const recorded = new Set(inserted.map((r) => r.id));
    for (const c of unique.filter((c) => recorded.has(c.id))) {
      await recordAudit(tx, {
        actor,
        action: 'create',
        resource: 'fn',
        recordId: formOf.get(`${c.series}-${Number(c.number)}`) ?? `${c.series}-${c.number}`,
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
    return {
      recorded: unique.filter((c) => recorded.has(c.id)).map((c) => c.id),
      duplicates: unique.filter((c) => !recorded.has(c.id)).map((c) => c.id),
      refused: [],
      serverTime: new Date().toISOString(),
    };
  });
}
