import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { fnForms } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import * as repo from './form-repository';
import { moveForms } from './form-move';
import { formScope } from './form-rules';

/** Voids a spoiled, lost or stolen form with a reason; it is never deleted. */
export const voidForm = (db: Database, actor: AuthUser, id: number, reason: string) =>
  db.transaction(async (tx) => {
    const forms = await repo.lockForms(tx, and(eq(fnForms.id, id), formScope(actor)));
    if (forms.length === 0) throw notFound();
    await moveForms(tx, actor, forms, 'void', { stage: 'voided', inspectorId: null, voidReason: reason }, { reason });
    return (await repo.findForm(tx, eq(fnForms.id, id)))!;
  });

/** The spec's paid-fn soft delete (A only): the form stays paid, annulled, out of the paid count. */
export const annulForms = (db: Database, actor: AuthUser, pkList: readonly number[], reason: string) =>
  db.transaction(async (tx) => {
    const ids = [...new Set(pkList)];
    const forms = await repo.lockForms(tx, and(inArray(fnForms.id, ids), formScope(actor)));
    if (forms.length !== ids.length) throw notFound();
    return moveForms(
      tx,
      actor,
      forms,
      'annul',
      { annulled: true, annulReason: reason },
      {
        reason,
        accepts: (form) => form.stage === 'paid' && !form.annulled,
        after: { stage: 'paid', annulled: true },
      },
    );
  });
