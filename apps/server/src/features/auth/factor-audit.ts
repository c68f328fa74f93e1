import type { Database } from '../../db/client';
import { recordAuditEvent, type AuditActor } from '../../lib/audit';

/** Every enrolment, use, failure, reset and recovery of a second factor is an audit event. */
export const factorEvent = (
  db: Database,
  actor: AuditActor,
  action: 'mfa_enrol' | 'mfa_verify' | 'mfa_recovery' | 'mfa_step_up' | 'mfa_reset' | 'mfa_remove',
  result: 'success' | 'failure',
  detail: Record<string, unknown> = {},
  target: AuditActor = actor,
) =>
  recordAuditEvent(db, {
    actor,
    action,
    result,
    resource: 'user',
    recordId: target.id,
    objectName: target.email,
    detail,
  });
