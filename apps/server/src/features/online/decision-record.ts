import {
  findOnlineTransition,
  onlineMessages as m,
  type OnlineAction,
  type OnlineRequestKind,
  type OnlineStatus,
} from '@dnx/shared';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { onlineCarrierRequests, onlinePaymentRequests } from '../../db/schema';
import { recordAudit } from '../../lib/audit';
import { auditActor } from '../../lib/grants';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { enqueueMail } from '../mail';
import type { DecisionDeps } from './decision-deps';
import { decisionMail } from './mail';
import type { CarrierRequestRow, PaymentRequestRow } from './request-lists';

/** A decision on a request's locked row: its new status, the audit row and the requester's mail, in `tx`. */
export async function decide<T extends CarrierRequestRow | PaymentRequestRow>(
  tx: Transaction,
  statusLink: DecisionDeps['statusLink'],
  kind: OnlineRequestKind,
  row: T | null,
  action: OnlineAction,
  actor: AuthUser,
  set: Record<string, unknown>,
): Promise<OnlineStatus> {
  if (!row) throw notFound();
  const transition = findOnlineTransition(kind, row.status, action);
  if (!transition) throw conflict(m.alreadyDecided);
  const table = kind === 'carrier' ? onlineCarrierRequests : onlinePaymentRequests;
  await tx
    .update(table)
    .set({
      ...set,
      status: transition.to,
      decidedBy: actor.id,
      decidedAt: sql`now()`,
      version: sql`${table.version} + 1`,
    })
    .where(eq(table.id, row.id));
  await recordAudit(tx, {
    actor: auditActor(actor),
    action: 'update',
    resource: kind === 'carrier' ? 'onlinecarrier' : 'onlinepayment',
    recordId: row.id,
    before: { status: row.status, code: row.code },
    after: { status: transition.to, code: row.code, action, ...('reason' in set ? { reason: set.reason } : {}) },
  });
  // The requester is told in the same transaction: the outbox sends it once the decision has committed.
  const email = 'ownerEmail' in row ? row.ownerEmail : row.email;
  const reason = 'reason' in set ? String(set.reason) : null;
  const decision = action === 'approve' || action === 'accept' ? action : 'reject';
  await enqueueMail(tx, 'online_decision', decisionMail(email, kind, decision, row.code, reason, statusLink(row.code)));
  return transition.to;
}
