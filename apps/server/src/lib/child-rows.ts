import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Transaction } from '../db/client';

/**
 * Replaces a record's child rows by the list given, in its order: the children of a record edited as a whole (a
 * route's stops and companies; any later record with ordered children). The rows get `parent` and `position`
 * (0, 1, ...) set here, in the caller's transaction, so a failed save leaves the old children.
 */
export async function replaceChildRows(
  tx: Transaction,
  child: { table: PgTable; parent: PgColumn; parentKey: string; positionKey: string },
  parentId: number,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  await tx.delete(child.table).where(eq(child.parent, parentId));
  if (rows.length === 0) return;
  await tx
    .insert(child.table)
    .values(
      rows.map((row, position) => ({ ...row, [child.parentKey]: parentId, [child.positionKey]: position })) as never,
    );
}
