import type { FnMovement } from '@dnx/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { fnForms } from '../../db/schema';
import { auditActor } from '../../lib/grants';
import type { AuthUser } from '../../plugins/auth';
import { contiguousRuns, recordMovement } from '../fn';
import type { LockedForm } from './payment-repository';

/** One form's move: the ledger's before and after. */
export interface FormMove {
  form: LockedForm;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * One ledger row per contiguous run of forms of one batch that move alike (the same `after`), appended in the
 * transaction that moves them (written as it commits, with its audit row: lib/hash-chain.ts).
 */
export async function ledger(
  tx: Transaction,
  actor: AuthUser,
  movement: FnMovement,
  moves: FormMove[],
  reason: string | null = null,
) {
  const groups = new Map<string, FormMove[]>();
  for (const move of moves) {
    const key = JSON.stringify([move.form.batchId, move.before, move.after]);
    groups.set(key, [...(groups.get(key) ?? []), move]);
  }
  const ordered = [...groups.values()].sort((a, b) => a[0]!.form.batchId - b[0]!.form.batchId);
  for (const group of ordered) {
    const first = group[0]!;
    for (const run of contiguousRuns(group.map((g) => g.form.number))) {
      await recordMovement(tx, {
        actor: auditActor(actor),
        movement,
        batchId: first.form.batchId,
        series: first.form.series,
        numberFrom: run.from,
        numberTo: run.to,
        forms: run.count,
        before: first.before,
        after: first.after,
        reason,
      });
    }
  }
}

/**
 * The notice status of a payment's forms (2 insured, 3 not fully insured) with the ledger's movement, for the
 * forms whose status changes.
 */
export async function setNoticeStatus(
  tx: Transaction,
  actor: AuthUser,
  paymentId: number,
  forms: LockedForm[],
  status: 2 | 3,
  movement: 'submit' | 'insure',
) {
  const moving = forms.filter((f) => f.status !== status);
  if (moving.length === 0) return;
  await tx
    .update(fnForms)
    .set({ status, updatedAt: sql`now()` })
    .where(
      inArray(
        fnForms.id,
        moving.map((f) => f.id),
      ),
    );
  await ledger(
    tx,
    actor,
    movement,
    moving.map((form) => ({
      form,
      before: { stage: form.stage, status: form.status },
      after: { stage: form.stage, status, payment: paymentId },
    })),
  );
}

/** The forms a payment now holds: stage used, its id; the ledger's `use`. */
export async function useForms(tx: Transaction, actor: AuthUser, paymentId: number, forms: LockedForm[]) {
  if (forms.length === 0) return;
  await tx
    .update(fnForms)
    .set({ stage: 'used', paymentId, stageAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      inArray(
        fnForms.id,
        forms.map((f) => f.id),
      ),
    );
  await ledger(
    tx,
    actor,
    'use',
    forms.map((form) => ({
      form,
      before: { stage: form.stage, status: form.status },
      after: { stage: 'used', status: form.status, payment: paymentId },
    })),
  );
}

/** Forms let go by a payment (cancelled, or taken out of it): back to the stage they were used from, status 0. */
export async function releaseForms(tx: Transaction, actor: AuthUser, forms: LockedForm[], reason: string) {
  if (forms.length === 0) return;
  const ids = forms.map((f) => f.id);
  await tx
    .update(fnForms)
    .set({
      stage: sql`case when ${fnForms.inspectorId} is null then 'active' else 'shared' end`,
      status: 0,
      paymentId: null,
      validFrom: null,
      validTo: null,
      stageAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(inArray(fnForms.id, ids));
  await ledger(
    tx,
    actor,
    'release',
    forms.map((form) => ({
      form,
      before: { stage: form.stage, status: form.status, payment: form.paymentId },
      after: { stage: form.inspectorId === null ? 'active' : 'shared', status: 0, payment: null },
    })),
    reason,
  );
}
