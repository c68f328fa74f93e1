import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, AuditResult, PermissionResource } from '@dnx/shared';
import type { Database, Transaction } from '../db/client';
import { auditLog, type AuditChange } from '../db/schema';
import { defineHashChain } from './hash-chain';
import { markIdempotentEffect } from './idempotency';

/** Who made a change: the signed-in user, or null for the system. */
export interface AuditActor {
  id: number;
  email: string;
}

export type { AuditAction, AuditResult };

/** The audit trail's hash chain (lib/hash-chain.ts); the search key is derived by the database. */
export const auditChain = defineHashChain(auditLog, { derived: ['searchKey'], optional: ['requestId'] });

/** Where a request comes from, as the audit trail records it. */
export interface AuditClient {
  ip: string;
  userAgent: string | null;
  /** The request's id (plugins/request-id.ts); absent outside a request. */
  requestId?: string | null;
}

// The client of the request being served, so every row written on its behalf names it without each service passing it.
const currentClient = new AsyncLocalStorage<AuditClient>();

/** The id of the request being served (X-Request-Id); null outside a request. */
export const currentRequestId = (): string | null => currentClient.getStore()?.requestId ?? null;
/** The address and User-Agent of the request being served, when there is one. */
export const currentClientInfo = (): { ip: string | null; userAgent: string | null } => {
  const client = currentClient.getStore();
  return { ip: client?.ip ?? null, userAgent: client?.userAgent ?? null };
};

/** Runs the rest of a request with its client known to `recordAudit` (plugins/audit-context.ts). */
export function withAuditClient<T>(client: AuditClient, run: () => T): T {
  return currentClient.run(client, run);
}

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
  /** What made the change besides a request (the import that wrote it). */
  detail?: Record<string, unknown>;
}

/** A sign-in, sign-out, password reset or refused request: no record changed, but who tried what from where. */
export interface AuditEvent {
  /** The signed-in user, or the account the event concerns; null when the e-mail tried names none. */
  actor: AuditActor | null;
  /** The e-mail tried when no account matched (never a password or a token). */
  email?: string;
  action: AuditAction;
  result: AuditResult;
  resource: PermissionResource | 'route';
  recordId?: number | string | null;
  objectName?: string | null;
  /** The route and permissions of a denial, the reason of a failure: never a secret. */
  detail?: Record<string, unknown>;
  /** Absent: the client of the request being served. */
  client?: AuditClient;
}

// The field a record is known by, for searching the trail by name.
const nameFields = ['name', 'email', 'registration_number', 'identity_fin_code', 'voen'];

function objectName(...snapshots: (AuditSnapshot | null | undefined)[]): string | null {
  for (const snapshot of snapshots) {
    for (const field of nameFields) {
      const value = snapshot?.[field];
      if (typeof value === 'string' && value !== '') return value;
    }
  }
  return null;
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
  // The change an idempotent request makes marks its key, in this transaction (lib/idempotency.ts).
  await markIdempotentEffect(tx, entry.resource, String(entry.recordId));
  const client = currentClient.getStore();
  await auditChain.append(tx, {
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor?.email ?? null,
    action: entry.action,
    resource: entry.resource,
    recordId: String(entry.recordId),
    changes,
    objectName: objectName(entry.after, entry.before),
    result: 'success',
    ip: client?.ip ?? null,
    userAgent: client?.userAgent ?? null,
    requestId: client?.requestId ?? null,
    detail: entry.detail ?? null,
  });
}

/** Appends an event in a transaction of its own: it is kept whether or not what it describes succeeded. */
export async function recordAuditEvent(db: Database, event: AuditEvent): Promise<void> {
  const client = event.client ?? currentClient.getStore();
  await db.transaction(async (tx) => {
    await auditChain.append(tx, {
      actorId: event.actor?.id ?? null,
      actorEmail: event.actor?.email ?? event.email ?? null,
      action: event.action,
      resource: event.resource,
      recordId: event.recordId === undefined || event.recordId === null ? null : String(event.recordId),
      changes: {},
      objectName: event.objectName ?? null,
      result: event.result,
      ip: client?.ip ?? null,
      userAgent: client?.userAgent ?? null,
      requestId: client?.requestId ?? null,
      detail: event.detail ?? null,
    });
  });
}
