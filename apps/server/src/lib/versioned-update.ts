import { staleVersionCode, versionMessages, type PermissionResource } from '@dnx/shared';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client';
import { recordAudit, type AuditAction, type AuditActor, type AuditSnapshot } from './audit';
import { HttpError, notFound } from './http-errors';

/** 409 `{"detail": ..., "code": "stale_version"}`: the record changed after the editor read it. */
export const staleVersion = () => new HttpError(409, { detail: versionMessages.stale, code: staleVersionCode });

/** The table of an editable record: its id and its `version` column (db/schema/columns.ts `version()`). */
export interface VersionedTable {
  table: PgTable;
  id: PgColumn;
  version: PgColumn;
}

export interface VersionedUpdate<TRecord> {
  target: VersionedTable;
  id: number;
  /** The version the editor read; undefined only for one-field actions that do not need it (a status switch). */
  expectedVersion: number | undefined;
  /** The record as the API reads it, inside the transaction. */
  read(tx: Transaction): Promise<TRecord | null>;
  /** Refuses any change of the record whatever the version (a role group is read-only): throws. */
  guard?(current: TRecord): void;
  /**
   * Checks and writes the change; the row is locked and its version matched. Throws to refuse (400, 409);
   * answers false when there is nothing to write (then neither the version nor the audit trail moves).
   */
  write(tx: Transaction, before: TRecord): Promise<void | false>;
  audit: {
    actor: AuditActor | null;
    action: AuditAction;
    resource: PermissionResource;
    /** The audited fields of a record (the same for before and after). */
    snapshot(record: TRecord): AuditSnapshot;
    detail?: Record<string, unknown>;
  };
}

/**
 * One update of an editable record, inside the caller's transaction: lock the row (`SELECT ... FOR UPDATE`) and
 * read it (the audit's "before"), answer 404 when it is gone and 409 when its version is not the one the editor
 * read, write, bump the version, read it again (the "after") and append the audit row. Concurrent updates
 * of one record therefore queue on the row lock, so each audit row's before is the previous one's after.
 */
export async function updateVersioned<TRecord>(
  tx: Transaction,
  update: VersionedUpdate<TRecord>,
): Promise<{ before: TRecord; after: TRecord }> {
  const { table, id, version } = update.target;
  const [locked] = await tx
    .select({ version: sql<number>`${version}` })
    .from(table)
    .where(eq(id, update.id))
    .for('update');
  // Deleted before the lock, or while this transaction waited for it (the row then no longer qualifies).
  if (!locked) throw notFound();
  // Read after the lock: this statement's snapshot holds every earlier writer's commit, so "before" is exact.
  const before = await update.read(tx);
  if (!before) throw notFound();
  update.guard?.(before);
  if (update.expectedVersion !== undefined && locked.version !== update.expectedVersion) throw staleVersion();
  if ((await update.write(tx, before)) === false) return { before, after: before };
  await tx
    .update(table)
    .set({ [propertyOf(table, version)]: sql`${version} + 1` })
    .where(eq(id, update.id));
  // The row stays locked until commit: nothing can delete it meanwhile.
  const after = await update.read(tx);
  if (!after) throw notFound();
  await recordAudit(tx, {
    actor: update.audit.actor,
    action: update.audit.action,
    resource: update.audit.resource,
    recordId: update.id,
    before: update.audit.snapshot(before),
    after: update.audit.snapshot(after),
    detail: update.audit.detail,
  });
  return { before, after };
}

/**
 * Locks the records' rows until the transaction ends (`SELECT ... FOR UPDATE`, in id order), as an update does:
 * a delete that then reads them records in its audit row what it removes, not what an update replaced meanwhile.
 */
export async function lockRows(tx: Transaction, target: Pick<VersionedTable, 'table' | 'id'>, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .select({ id: target.id })
    .from(target.table)
    .where(inArray(target.id, [...ids]))
    .orderBy(asc(target.id))
    .for('update');
}

// Drizzle's `set` takes the table's property names, not column objects.
function propertyOf(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, c]) => c === column);
  if (!entry) throw new Error(`column ${column.name} is not of the table`);
  return entry[0];
}
