import type { BankBulkConfirm, BankSuggestion } from '@dnx/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bankEntries, bankStatements } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';
import { HttpError, notFound } from '../../lib/http-errors';
import { resolveEntry } from './entry-resolve';
import { suggestionsFor } from './suggestions';

/** A bulk confirmation looks at this many open credits of a statement at most; a second click takes the next. */
export const bulkConfirmMax = 500;

/** A best suggestion a bulk confirmation may take: a whole link of the credit's amount, alone at the top. */
function confirmable(best: BankSuggestion | undefined, next: BankSuggestion | undefined, minScore: number) {
  return (
    best !== undefined &&
    best.action === 'link' &&
    best.score >= minScore &&
    best.payment.total === best.evidence.amount &&
    (next === undefined || next.score < best.score)
  );
}

/**
 * Bulk confirm (issue 57): the best suggestion of each open credit of the statement, when it is a whole link of the
 * credit's amount at or above `min_score`, alone at the top, and no other credit's best is the same payment. Each is
 * a person's link of its own (audited, learnt from, its own transaction), so one refused (409: linked meanwhile) is
 * skipped and the rest stand.
 */
export async function confirmSuggestions(
  db: Database,
  actor: AuditActor,
  statementId: number,
  input: BankBulkConfirm,
  windowDays: number,
) {
  const [statement] = await db
    .select({ id: bankStatements.id })
    .from(bankStatements)
    .where(eq(bankStatements.id, statementId));
  if (!statement) throw notFound();
  const open = await db
    .select()
    .from(bankEntries)
    .where(
      and(
        eq(bankEntries.statementId, statementId),
        eq(bankEntries.direction, 'credit'),
        inArray(bankEntries.matchState, ['no_payment', 'contested']),
        isNull(bankEntries.resolvedBy),
      ),
    )
    .orderBy(asc(bankEntries.position))
    .limit(bulkConfirmMax);
  const picked = new Map<number, number>();
  const wanted = new Map<number, number>();
  for (const entry of open) {
    const [best, next] = await suggestionsFor(db, entry, windowDays);
    if (!confirmable(best, next, input.min_score)) continue;
    picked.set(entry.id, best!.payment.id);
    wanted.set(best!.payment.id, (wanted.get(best!.payment.id) ?? 0) + 1);
  }
  let confirmed = 0;
  for (const [entryId, paymentId] of picked) {
    if (wanted.get(paymentId)! > 1) continue;
    try {
      await resolveEntry(db, actor, entryId, { action: 'link', payment_id: paymentId, reason: input.reason });
      confirmed += 1;
    } catch (err) {
      if (!(err instanceof HttpError) || err.statusCode !== 409) throw err;
    }
  }
  return { confirmed, skipped: open.length - confirmed };
}
