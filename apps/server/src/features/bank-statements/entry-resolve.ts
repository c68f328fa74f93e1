import {
  bankStatementMessages as m,
  moneyToDecimal,
  parseMoney,
  payerNameKey,
  payerVoenPattern,
  type BankEntryResolve,
  type BankMatchState,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../../db/client';
import { bankEntries, bankLinks, bankPayerAccounts, bankRejections } from '../../db/schema';
import { recordAudit, type AuditActor } from '../../lib/audit';
import { uniqueViolation } from '../../lib/db-errors';
import { conflict, fieldErrors, notFound } from '../../lib/http-errors';
import type { EntryRow } from './evidence';
import { entryViews, findEntry } from './repository';
import { linkKeys } from './statement-write';

/**
 * A person's resolution of a credit (issues 48, 56, 57), audited: a link to one payment, to several (a combined
 * transfer), a part of a payment, not ours, a difference accepted, an undo, a suggestion rejected. The entry is read
 * locked in the resolution's transaction, so of two people resolving one credit at once the second waits and then
 * reads it resolved (409), never overwriting the first; each payment a link takes is locked too, so two parts of one
 * payment never add up past its total.
 */

const paid = 3;

interface Decision {
  matchState: BankMatchState;
  paymentId: number | null;
  claimedPaymentId: number | null;
  acceptedDifference: string | null;
  /** The links the resolution writes: payment, the credit's money it takes, whole or a part. */
  links: { paymentId: number; amount: string; whole: boolean }[];
}

interface PaidPayment {
  id: number;
  total: string;
  owner_code: string;
  credited: string;
  whole_linked: boolean;
}

/** A paid payment locked for the resolution, with what credits give it already; a 400 on `field` when not paid. */
async function lockPaid(tx: Executor, paymentId: number, entryId: number, field: string) {
  // The lock first, alone: what credits give is read by the next statement, after a concurrent link's commit. In one
  // statement the sums would be of the snapshot taken before waiting for the lock (two parts both passed on
  // PostgreSQL).
  await tx.execute(sql`select 1 from payments where id = ${paymentId} for update`);
  const result = (await tx.execute(sql`
    select p.id, p.total::text as total, p.owner_code,
      coalesce((select sum(l.amount) from bank_links l where l.payment_id = p.id and l.entry_id <> ${entryId}), 0)::text
        as credited,
      exists (select 1 from bank_links l where l.payment_id = p.id and l.whole and l.entry_id <> ${entryId})
        or exists (select 1 from bank_entries x where x.payment_id = p.id and x.id <> ${entryId}) as whole_linked
    from payments p where p.id = ${paymentId} and p.status = ${paid}`)) as unknown as {
    rows: PaidPayment[];
  };
  const payment = result.rows[0];
  if (!payment) throw fieldErrors({ [field]: [m.paymentNotPaid] });
  return payment;
}

/** A paid payment no other credit gives money to yet (409 when one does). */
async function freePayment(tx: Executor, paymentId: number, entryId: number, field = 'payment_id') {
  const payment = await lockPaid(tx, paymentId, entryId, field);
  if (payment.whole_linked || parseMoney(payment.credited) > 0n) throw conflict(m.paymentTaken);
  return payment;
}

const decision = (matchState: BankMatchState, rest: Partial<Decision> = {}): Decision => ({
  matchState,
  paymentId: null,
  claimedPaymentId: null,
  acceptedDifference: null,
  links: [],
  ...rest,
});

/** Several payments one credit pays: their totals must add up to the credit. */
async function linkSeveral(tx: Executor, before: EntryRow, ids: number[]) {
  const payments: PaidPayment[] = [];
  // In id order, so two people linking overlapping sets lock them in one order.
  for (const id of [...ids].sort((a, b) => a - b)) payments.push(await freePayment(tx, id, before.id, 'payment_ids'));
  const sum = payments.reduce((total, p) => total + parseMoney(p.total), 0n);
  if (sum !== parseMoney(before.amount))
    throw fieldErrors({ payment_ids: [m.combinedSum(moneyToDecimal(sum), before.amount)] });
  return {
    result: decision('matched', { links: payments.map((p) => ({ paymentId: p.id, amount: p.total, whole: true })) }),
    payments,
  };
}

/** A part of what a payment still lacks: the payment may take several credits up to its total. */
async function linkPart(tx: Executor, before: EntryRow, paymentId: number) {
  const payment = await lockPaid(tx, paymentId, before.id, 'payment_id');
  if (payment.whole_linked) throw conflict(m.paymentTaken);
  const left = parseMoney(payment.total) - parseMoney(payment.credited);
  if (parseMoney(before.amount) > left) throw fieldErrors({ payment_id: [m.partTooLarge(moneyToDecimal(left))] });
  const whole = parseMoney(before.amount) === parseMoney(payment.total);
  return {
    result: decision('matched', {
      claimedPaymentId: payment.id,
      links: [{ paymentId: payment.id, amount: before.amount, whole }],
    }),
    payments: [payment],
  };
}

/**
 * What the resolution makes of the credit: a link of the same amount is `matched`; of another amount it stays
 * `amount_differs`, claiming the payment, until a person accepts the difference with a reason (issue 56).
 */
async function decide(tx: Executor, before: EntryRow, input: BankEntryResolve) {
  if (input.action === 'not_ours')
    return { result: decision('not_ours', { claimedPaymentId: before.claimedPaymentId }), payments: [] };
  if (input.action === 'accept_difference') {
    if (before.matchState !== 'amount_differs' || before.claimedPaymentId === null) throw conflict(m.notDiffering);
    const payment = await freePayment(tx, before.claimedPaymentId, before.id);
    const result = decision('matched', {
      paymentId: payment.id,
      claimedPaymentId: payment.id,
      acceptedDifference: moneyToDecimal(parseMoney(payment.total) - parseMoney(before.amount)),
      links: [{ paymentId: payment.id, amount: before.amount, whole: true }],
    });
    return { result, payments: [payment] };
  }
  if (input.action === 'link' && input.payment_ids) return linkSeveral(tx, before, input.payment_ids);
  if (input.action === 'link_part') return linkPart(tx, before, input.payment_id!);
  const payment = await freePayment(tx, input.payment_id!, before.id);
  const same = parseMoney(payment.total) === parseMoney(before.amount);
  const result = same
    ? decision('matched', {
        paymentId: payment.id,
        claimedPaymentId: payment.id,
        links: [{ paymentId: payment.id, amount: before.amount, whole: true }],
      })
    : decision('amount_differs', { claimedPaymentId: payment.id });
  return { result, payments: [payment] };
}

/**
 * A confirmation teaches (issue 57): the payer's account and its name variant belong to the payment's VÖEN. Used as
 * payer evidence for a credit that names no receipt, never alone (matching.ts rule b, suggestions.ts).
 */
async function learn(tx: Executor, before: EntryRow, payments: PaidPayment[]) {
  const voens = new Set(payments.map((p) => p.owner_code).filter((code) => payerVoenPattern.test(code)));
  if (before.payerAccount === '' || voens.size !== 1) return;
  await tx
    .insert(bankPayerAccounts)
    .values({
      account: before.payerAccount,
      voen: [...voens][0]!,
      nameKey: payerNameKey(before.payerName),
      learntFrom: before.id,
    })
    .onConflictDoNothing();
}

const undoable = (before: EntryRow) =>
  before.matchState !== 'no_payment' || before.resolvedAt !== null || before.claimedPaymentId !== null;

/**
 * Undo: the credit's links (automatic or a person's) and its resolution are taken back, and it is open again; each
 * payment undone is remembered as rejected for it, so no automatic pass links it there again.
 */
async function undo(tx: Transaction, actor: AuditActor, before: EntryRow, reason: string) {
  if (!undoable(before)) throw conflict(m.nothingToUndo);
  const links = await tx.delete(bankLinks).where(eq(bankLinks.entryId, before.id)).returning();
  const undone = new Set([
    ...links.map((l) => l.paymentId),
    ...(before.claimedPaymentId ? [before.claimedPaymentId] : []),
  ]);
  for (const paymentId of undone)
    await tx
      .insert(bankRejections)
      .values({ entryId: before.id, paymentId, reason, createdBy: actor.id })
      .onConflictDoNothing();
  await tx
    .update(bankEntries)
    .set({
      matchState: 'no_payment',
      paymentId: null,
      claimedPaymentId: null,
      acceptedDifference: null,
      resolutionReason: reason,
      resolvedBy: null,
      resolvedAt: null,
    })
    .where(eq(bankEntries.id, before.id));
  return { payment_ids: [...undone] };
}

/** A suggestion rejected: the payment is never suggested for the credit again, nor linked to it automatically. */
async function reject(tx: Transaction, actor: AuditActor, before: EntryRow, paymentId: number, reason: string) {
  if (before.matchState === 'matched' || before.matchState === 'not_ours') throw conflict(m.notOpen);
  await tx
    .insert(bankRejections)
    .values({ entryId: before.id, paymentId, reason, createdBy: actor.id })
    .onConflictDoNothing();
  if (before.claimedPaymentId === paymentId)
    await tx
      .update(bankEntries)
      .set({ matchState: 'no_payment', claimedPaymentId: null })
      .where(eq(bankEntries.id, before.id));
}

/** The resolution's audit row: the credit's state and payments before and after. */
function audit(
  tx: Transaction,
  actor: AuditActor,
  before: EntryRow,
  input: BankEntryResolve,
  after: Record<string, unknown>,
) {
  return recordAudit(tx, {
    actor,
    action: 'update',
    resource: 'bankstatement',
    recordId: before.id,
    before: {
      match_state: before.matchState,
      payment_id: before.paymentId ?? before.claimedPaymentId,
      reason: before.resolutionReason,
    },
    after: { ...after, reason: input.reason },
    detail: { statement_id: before.statementId, action: input.action },
  });
}

async function resolveLocked(tx: Transaction, actor: AuditActor, before: EntryRow, input: BankEntryResolve) {
  if (input.action === 'undo') {
    const undone = await undo(tx, actor, before, input.reason);
    return audit(tx, actor, before, input, { match_state: 'no_payment', payment_id: null, undone: undone.payment_ids });
  }
  if (input.action === 'reject') {
    await reject(tx, actor, before, input.payment_id!, input.reason);
    return audit(tx, actor, before, input, { match_state: before.matchState, rejected_payment_id: input.payment_id });
  }
  if (before.matchState === 'matched') throw conflict(m.alreadyResolved);
  const accepting = input.action === 'accept_difference' && before.matchState === 'amount_differs';
  if (before.resolvedAt !== null && !accepting) throw conflict(m.resolvedMeanwhile);
  const { result, payments } = await decide(tx, before, input);
  const { links, ...state } = result;
  await tx
    .update(bankEntries)
    .set({ ...state, resolutionReason: input.reason, resolvedBy: actor.id, resolvedAt: new Date() })
    .where(eq(bankEntries.id, before.id));
  for (const link of links)
    await tx.insert(bankLinks).values({
      entryId: before.id,
      ...link,
      rule: 'person',
      payerRule: before.payerCode !== '' ? 'debtor_id' : 'not_given',
      createdBy: actor.id,
    });
  // A person's choice outranks a rejection made earlier.
  for (const link of links)
    await tx.execute(sql`delete from bank_rejections where entry_id = ${before.id} and payment_id = ${link.paymentId}`);
  if (links.length > 0) await learn(tx, before, payments);
  return audit(tx, actor, before, input, {
    match_state: result.matchState,
    payment_id: result.paymentId ?? result.claimedPaymentId,
    ...(links.length > 1 ? { payment_ids: links.map((l) => l.paymentId) } : {}),
    ...(links.some((l) => !l.whole) ? { part: links[0]!.amount } : {}),
    ...(result.acceptedDifference !== null ? { accepted_difference: result.acceptedDifference } : {}),
  });
}

/** A person's resolution of a credit; answers the credit as it is then. */
export async function resolveEntry(db: Database, actor: AuditActor, entryId: number, input: BankEntryResolve) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(bankEntries).where(eq(bankEntries.id, entryId)).for('update');
      if (!before) throw notFound();
      if (before.direction !== 'credit') throw conflict(m.notCredit);
      await resolveLocked(tx, actor, before, input);
    });
  } catch (err) {
    if (linkKeys.has(uniqueViolation(err) ?? '')) throw conflict(m.paymentTaken);
    throw err;
  }
  return (await entryViews(db, [(await findEntry(db, entryId))!]))[0]!;
}
