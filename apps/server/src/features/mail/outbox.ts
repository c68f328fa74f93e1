import { and, asc, eq, inArray, lte, or, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { currentRequestId } from '../../lib/audit';
import type { MailMessage } from '../../lib/mailer';

/** What a mail is about (the administrators' list names it). */
export type MailKind =
  | 'password_reset'
  | 'online_submitted'
  | 'online_decision'
  | 'chain_check'
  | 'expiry_reminder'
  | 'report_subscription'
  | 'mfa_recovery'
  | 'mfa_reset'
  | 'new_device';

/**
 * Puts a mail in the outbox in the caller's transaction: it is sent (by the worker, sender.ts) exactly when the change
 * that causes it commits, and is never lost to an SMTP outage or a restart.
 */
export async function enqueueMail(tx: Transaction, kind: MailKind, message: MailMessage): Promise<number> {
  const [mail] = await tx
    .insert(mailOutbox)
    .values({ kind, ...message, requestId: currentRequestId() })
    .returning({ id: mailOutbox.id });
  return mail!.id;
}

export interface ClaimedMail extends MailMessage {
  id: number;
  attempts: number;
}

/**
 * Claims up to `limit` mails that are due and not claimed (or whose claim ran out: its process died), for
 * `leaseSeconds`; several processes claiming at once each get others (SKIP LOCKED).
 */
export async function claimDueMails(db: Database, limit: number, leaseSeconds: number): Promise<ClaimedMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, 'pending'),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(inArray(mailOutbox.id, due))
    .returning({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      attachments: mailOutbox.attachments,
      attempts: mailOutbox.attempts,
    });
}

/** Sent: the body is emptied (a reset link is a credential), the record of who got what when stays. */
export async function markMailSent(db: Database, id: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      attempts: sql`${mailOutbox.attempts} + 1`,
      claimedUntil: null,
      lastError: null,
      text: '',
      html: '',
      attachments: null,
    })
    .where(eq(mailOutbox.id, id));
}

/** Not sent: tried again after `retryAfterSeconds`, or given up (`failed`) after the last attempt allowed. */
export async function markMailFailed(
  db: Database,
  id: number,
  error: string,
  retryAfterSeconds: number | null,
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: retryAfterSeconds === null ? 'failed' : 'pending',
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${retryAfterSeconds ?? 0})`,
      claimedUntil: null,
      lastError: error.slice(0, 1_000),
    })
    .where(eq(mailOutbox.id, id));
}

/** An administrator's retry of a failed mail: due now, its attempts counted afresh. False when it is not failed. */
export async function retryMail(db: Database, id: number): Promise<boolean> {
  const retried = await db
    .update(mailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimedUntil: null })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
    .returning({ id: mailOutbox.id });
  return retried.length === 1;
}

/** Mails waiting (due or not) and given up, for the metrics. */
export async function outboxDepth(db: Database): Promise<{ pending: number; failed: number }> {
  const result = await db.execute(
    sql`select count(*) filter (where status = 'pending')::int as pending,
               count(*) filter (where status = 'failed')::int as failed
        from ${mailOutbox} where status in ('pending', 'failed')`,
  );
  return (result as unknown as { rows: { pending: number; failed: number }[] }).rows[0]!;
}
