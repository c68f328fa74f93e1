import { azSearchKey, importMessages, type ImportOutcome } from '@dnx/shared';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { importRows } from '../../db/schema';
import type { AuditActor } from '../../lib/audit';

/**
 * What an import of one kind does (issue 28): a list's records (checker.ts) or the opening balances of forms and
 * payments (opening.ts). The service reads the file, keeps each checked row and runs the apply; the importer knows
 * the columns, the rules and how its rows are written.
 */
export interface Importer {
  /** The column of each field in the header; the missing required columns as an error. */
  columnsOf(header: readonly string[]): Map<string, number> | string;
  /** Checks one row (`seen`: what the file's earlier rows keyed, to refuse a record given twice). */
  check(cells: string[], row: number, columns: Map<string, number>, seen: Map<string, number>): Promise<CheckedRow>;
  /**
   * The rules across rows, once every row of the import is kept (a batch's numbers each given once, one payment per
   * receipt): the rows they put in error, with the messages by field.
   */
  finish?(importId: number): Promise<Map<number, Record<string, string[]>>>;
  /** Writes the import's new and changed rows in `tx`, audited with the import; `progress` after each batch. */
  apply(tx: Transaction, importId: number, actor: AuditActor, progress: (done: number) => Promise<void>): Promise<void>;
}

/** A column of a kind's template: its header and the example row's value. */
export interface TemplateColumn {
  label: string;
  example: string;
}

export interface CheckedRow {
  row: number;
  outcome: ImportOutcome;
  key: string;
  recordId: number | null;
  recordVersion: number | null;
  /** What the row gives, checked (new, changed; an importer's cross-row rules may read it on rows in error too). */
  values: Record<string, unknown> | null;
  changes: { field: string; label: string; before: string; after: string }[];
  errors: Record<string, string[]>;
  cells: string[];
}

export const importBatchSize = 500;

/** A column an importer reads: its key, its header, and whether a file must have it. */
export interface ImportColumn {
  key: string;
  label: string;
  required: boolean;
}

/** The column of each field in the header, by its label in any case; the missing required ones as the error. */
export function columnsByLabel(
  header: readonly string[],
  fields: readonly ImportColumn[],
): Map<string, number> | string {
  const folded = header.map((h) => azSearchKey(h));
  const columns = new Map<string, number>();
  for (const field of fields) {
    const index = folded.indexOf(azSearchKey(field.label));
    if (index >= 0) columns.set(field.key, index);
  }
  const missing = fields.filter((f) => f.required && !columns.has(f.key));
  return missing.length > 0 ? importMessages.headerMissing(missing.map((f) => f.label).join(', ')) : columns;
}

/** An import's rows of the outcomes given, in the file's order, a batch at a time. */
export async function* importRowPages(db: Executor, importId: number, outcomes: readonly ImportOutcome[]) {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(importRows)
      .where(
        and(eq(importRows.importId, importId), inArray(importRows.outcome, [...outcomes]), gt(importRows.row, after)),
      )
      .orderBy(asc(importRows.row))
      .limit(importBatchSize);
    if (rows.length === 0) return;
    yield rows;
    after = rows.at(-1)!.row;
  }
}
