import type { PermissionResource } from '@dnx/shared';
import type { Transaction } from '../db/client';
import { auditLog, type AuditChange } from '../db/schema';

/** Who made a change: the signed-in user, or null for the system. */
export interface AuditActor {
  id: number;
  email: string;
}

export type AuditAction =
  'create' | 'update' | 'delete' | 'activate' | 'deactivate' | 'set_password' | 'change_password';

/** A record's audited fields: plain values (ids as numbers, dates as yyyy-mm-dd or ISO text, arrays of ids). */
export type AuditSnapshot = Record<string, unknown>;

export interface AuditEntry {
  actor: AuditActor | null;
  action: AuditAction;
  resource: PermissionResource;
  recordId: number | string;
  /** The record before the change; null or absent when it is created. */
  before?: AuditSnapshot | null;
  /** The record after the change; null or absent when it is deleted. */
  after?: AuditSnapshot | null;
}

// Secrets never reach the audit trail, whatever a caller passes in.
const secretField = /password|hash|secret|token/i;

function comparable(value: unknown): string {
  return JSON.stringify(value instanceof Date ? value.toISOString() : (value ?? null));
}

function plain(value: unknown): unknown {
  if (value === undefined) return null;
  return value instanceof Date ? value.toISOString() : value;
}

/** The fields that differ between two snapshots, each with its value before and after; secrets left out. */
export function auditChanges(
  before: AuditSnapshot | null | undefined,
  after: AuditSnapshot | null | undefined,
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (secretField.test(key)) continue;
    const old = before?.[key];
    const now = after?.[key];
    if (before && after && comparable(old) === comparable(now)) continue;
    changes[key] = { before: plain(old), after: plain(now) };
  }
  return changes;
}

/**
 * Appends one row to the audit trail inside the transaction of the change, so both are kept or neither
 * (it takes a transaction, not the database, so it cannot be written beside the change by mistake).
 * An update that changed nothing writes nothing; other actions (a password set) are written even without fields.
 */
export async function recordAudit(tx: Transaction, entry: AuditEntry): Promise<void> {
  const changes = auditChanges(entry.before, entry.after);
  if (entry.action === 'update' && Object.keys(changes).length === 0) return;
  await tx.insert(auditLog).values({
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    resource: entry.resource,
    recordId: String(entry.recordId),
    changes,
  });
}
