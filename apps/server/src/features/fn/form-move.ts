import {
  fnMessages as m,
  fnStageLabel,
  fnTransition,
  formatFnNumber,
  type FnMovement,
  type FnShare,
} from '@dnx/shared';
import { and, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { fnForms } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, fieldErrors } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { isActiveUserOfRole } from './batch-repository';
import * as repo from './form-repository';
import { formScope, type FormChange } from './form-rules';
import { contiguousRuns, recordMovement } from './ledger';

/**
 * Moves the locked forms (all of them in a stage the movement starts from, else 409 and nothing moves): writes
 * the change, one ledger row per contiguous run of each batch, and one audit row per batch.
 */
export async function moveForms(
  tx: Transaction,
  actor: AuthUser,
  forms: repo.LockedForm[],
  movement: FnMovement,
  change: FormChange,
  options: { reason?: string; accepts?: (form: repo.LockedForm) => boolean; after?: Record<string, unknown> } = {},
): Promise<{ pkList: number[]; count: number }> {
  const transition = fnTransition(movement);
  const accepts = options.accepts ?? ((form: repo.LockedForm) => transition.from.includes(form.stage));
  const refused = forms.filter((form) => !accepts(form));
  if (refused.length > 0)
    throw conflict(m.wrongStage(refused.length, transition.from.map((s) => fnStageLabel(s)).join(', ')));
  const ids = forms.map((f) => f.id);
  await tx
    .update(fnForms)
    .set({ ...change, ...(change.stage ? { stageAt: sql`now()` } : {}), updatedAt: sql`now()` })
    .where(inArray(fnForms.id, ids));
  const byBatch = new Map<number, repo.LockedForm[]>();
  for (const form of forms) byBatch.set(form.batchId, [...(byBatch.get(form.batchId) ?? []), form]);
  const batches = [...byBatch.entries()].sort(([a], [b]) => a - b);
  for (const [batchId, ofBatch] of batches) {
    const first = ofBatch[0]!;
    for (const run of contiguousRuns(ofBatch.map((f) => f.number))) {
      await recordMovement(tx, {
        actor: auditActor(actor),
        movement,
        batchId,
        series: first.series,
        numberFrom: run.from,
        numberTo: run.to,
        forms: run.count,
        before: { stage: first.stage, inspector: first.inspectorId },
        after: options.after ?? { stage: change.stage ?? first.stage },
        reason: options.reason ?? null,
      });
    }
  }
  for (const [batchId, ofBatch] of batches) {
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: 'update',
      resource: 'fn',
      recordId: batchId,
      before: { movement: null, forms: null },
      after: {
        movement,
        forms: ofBatch.length,
        numbers: contiguousRuns(ofBatch.map((f) => f.number)).map((r) =>
          r.from === r.to ? formatFnNumber(r.from) : `${formatFnNumber(r.from)}-${formatFnNumber(r.to)}`,
        ),
        ...(options.reason ? { reason: options.reason } : {}),
      },
    });
  }
  return { pkList: ids, count: ids.length };
}

/** The forms a share or unshare names: by ids (all must be seen) or by a range of one series. */
export async function lockNamedForms(tx: Transaction, actor: AuthUser, input: FnShare, extra?: SQL) {
  if (input.series !== undefined && input.number_from !== undefined && input.number_to !== undefined) {
    const forms = await repo.lockForms(
      tx,
      and(
        eq(fnForms.series, input.series),
        between(fnForms.number, input.number_from, input.number_to),
        formScope(actor),
        extra,
      ),
    );
    if (forms.length === 0) throw fieldErrors({ number_from: [m.rangeEmpty] });
    return forms;
  }
  const ids = [...new Set(input.forms ?? [])];
  const forms = await repo.lockForms(tx, and(inArray(fnForms.id, ids), formScope(actor), extra));
  if (forms.length !== ids.length) throw fieldErrors({ forms: [m.formsNotFound] });
  return forms;
}

/** The inspector must be an active inspector (C) of every region the forms are of. */
export async function checkInspector(tx: Transaction, inspector: number, forms: repo.LockedForm[]) {
  for (const region of new Set(forms.map((f) => f.regionId))) {
    if (!(await isActiveUserOfRole(tx, inspector, 'inspector', region)))
      throw fieldErrors({ inspector: [m.inspectorInvalid] });
  }
}
