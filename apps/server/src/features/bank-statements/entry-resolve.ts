import { bankStatementMessages as m, type BankEntryResolve, type BankMatchState } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bankEntries } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { conflict, fieldErrors, notFound } from '../../lib/http-errors';
import { entryView, findEntry, findPaidPayment } from './repository';

/** A person's resolution of a credit left unmatched: linked to a paid payment, or not ours; audited. */
export async function resolveEntry(db: Database, actor: AuditActor, entryId: number, input: BankEntryResolve) {
  const before = await findEntry(db, entryId);
  if (!before) throw notFound();
  if (before.direction !== 'credit') throw conflict(m.notCredit);
  if (before.matchState === 'matched') throw conflict(m.alreadyResolved);
  let state: BankMatchState = 'not_ours';
  let paymentId: number | null = null;
  if (input.action === 'link') {
    const payment = await findPaidPayment(db, input.payment_id!);
    if (!payment) throw fieldErrors({ payment_id: [m.paymentNotPaid] });
    state = 'matched';
    paymentId = payment.id;
  }
  try {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(bankEntries)
        .set({
          matchState: state,
          paymentId,
          claimedPaymentId: paymentId ?? before.claimedPaymentId,
          resolutionReason: input.reason,
          resolvedBy: actor.id,
          resolvedAt: new Date(),
        })
        .where(eq(bankEntries.id, entryId))
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'update',
        resource: 'bankstatement',
        recordId: entryId,
        before: { match_state: before.matchState, payment_id: before.paymentId },
        after: { match_state: updated!.matchState, payment_id: updated!.paymentId, reason: input.reason },
        detail: { statement_id: before.statementId },
      });
    });
  } catch (err) {
    if (uniqueViolation(err) === 'bank_entries_payment_id_key') throw conflict(m.paymentTaken);
    throw err;
  }
  return entryView((await findEntry(db, entryId))!);
}
