import {
  bankStatementMessages as m,
  moneyToDecimal,
  parseMoney,
  type BankEntryResolve,
  type BankMatchState,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { bankEntries, bankLinks } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { conflict, fieldErrors, notFound } from '../../lib/http-errors';
import { entryView, findEntry, findPaidPayment } from './repository';
import { linkKeys } from './statement-write';

type EntryRow = NonNullable<Awaited<ReturnType<typeof findEntry>>>;

interface Decision {
  matchState: BankMatchState;
  paymentId: number | null;
  claimedPaymentId: number | null;
  acceptedDifference: string | null;
}

/** A paid payment's row, or a 400 on `payment_id`; 409 when another credit is linked to it. */
async function paidPayment(tx: Executor, paymentId: number, entryId: number) {
  const payment = await findPaidPayment(tx, paymentId);
  if (!payment) throw fieldErrors({ payment_id: [m.paymentNotPaid] });
  const linked = (await tx.execute(
    sql`select 1 from bank_entries where payment_id = ${paymentId} and id <> ${entryId}
      union all select 1 from bank_links where payment_id = ${paymentId} and whole and entry_id <> ${entryId} limit 1`,
  )) as unknown as { rows: unknown[] };
  if (linked.rows.length > 0) throw conflict(m.paymentTaken);
  return payment;
}

/**
 * What the resolution makes of the credit: a link of the same amount is `matched`; of another amount it stays
 * `amount_differs`, claiming the payment, until a person accepts the difference with a reason (issue 56).
 */
async function decide(tx: Executor, before: EntryRow, input: BankEntryResolve): Promise<Decision> {
  if (input.action === 'not_ours')
    return {
      matchState: 'not_ours',
      paymentId: null,
      claimedPaymentId: before.claimedPaymentId,
      acceptedDifference: null,
    };
  if (input.action === 'accept_difference') {
    if (before.matchState !== 'amount_differs' || before.claimedPaymentId === null) throw conflict(m.notDiffering);
    const payment = await paidPayment(tx, before.claimedPaymentId, before.id);
    const difference = parseMoney(payment.total) - parseMoney(before.amount);
    return {
      matchState: 'matched',
      paymentId: payment.id,
      claimedPaymentId: payment.id,
      acceptedDifference: moneyToDecimal(difference),
    };
  }
  const payment = await paidPayment(tx, input.payment_id!, before.id);
  const same = parseMoney(payment.total) === parseMoney(before.amount);
  return {
    matchState: same ? 'matched' : 'amount_differs',
    paymentId: same ? payment.id : null,
    claimedPaymentId: payment.id,
    acceptedDifference: null,
  };
}

/**
 * A person's resolution of a credit left open (audited): linked to a paid payment, not ours, or its difference
 * accepted. The entry is read locked in the resolution's transaction (issue 56): of two people resolving one credit
 * at once, the second waits and then reads it resolved (409), never overwriting the first. A person's resolution is
 * final, but for accepting the difference of a link it left open.
 */
export async function resolveEntry(db: Database, actor: AuditActor, entryId: number, input: BankEntryResolve) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(bankEntries).where(eq(bankEntries.id, entryId)).for('update');
      if (!before) throw notFound();
      if (before.direction !== 'credit') throw conflict(m.notCredit);
      if (before.matchState === 'matched') throw conflict(m.alreadyResolved);
      const accepting = input.action === 'accept_difference' && before.matchState === 'amount_differs';
      if (before.resolvedAt !== null && !accepting) throw conflict(m.resolvedMeanwhile);
      const decision = await decide(tx, { ...before, resolvedByEmail: null }, input);
      await tx
        .update(bankEntries)
        .set({ ...decision, resolutionReason: input.reason, resolvedBy: actor.id, resolvedAt: new Date() })
        .where(eq(bankEntries.id, entryId));
      if (decision.paymentId !== null)
        await tx.insert(bankLinks).values({
          entryId,
          paymentId: decision.paymentId,
          amount: before.amount,
          whole: true,
          rule: 'person',
          payerRule: before.payerCode !== '' ? 'debtor_id' : 'not_given',
          createdBy: actor.id,
        });
      await recordAudit(tx, {
        actor,
        action: 'update',
        resource: 'bankstatement',
        recordId: entryId,
        before: {
          match_state: before.matchState,
          payment_id: before.paymentId ?? before.claimedPaymentId,
          reason: before.resolutionReason,
        },
        after: {
          match_state: decision.matchState,
          payment_id: decision.paymentId ?? decision.claimedPaymentId,
          reason: input.reason,
          ...(decision.acceptedDifference !== null ? { accepted_difference: decision.acceptedDifference } : {}),
        },
        detail: { statement_id: before.statementId, action: input.action },
      });
    });
  } catch (err) {
    if (linkKeys.has(uniqueViolation(err) ?? '')) throw conflict(m.paymentTaken);
    throw err;
  }
  return entryView((await findEntry(db, entryId))!);
}
