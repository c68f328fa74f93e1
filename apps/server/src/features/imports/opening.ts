import { openingColumns } from '@dnx/shared';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/client';
import { columnsByLabel, type Importer } from './importer';
import { applyOpening } from './opening-apply';
import { checkOpeningRow } from './opening-check';
import { checkOpeningAcrossRows } from './opening-finish';
import { loadOpeningReferences } from './opening-references';

/**
 * The import of opening balances (issue 28, shared imports/opening.ts): each row is a run of numbers of one batch in
 * one state, or one paid form with its payment. A row is checked alone here (its batch's fields, users, references,
 * the payment's fields and the validity its date gives); `finish` checks across rows (a batch's rows agree and give
 * each number once, one payment per receipt); `apply` writes batches, forms and payments as they stood, every
 * movement in the ledger as "opening".
 */
export async function createOpeningImporter(app: FastifyInstance, db: Executor): Promise<Importer> {
  const refs = await loadOpeningReferences(db);
  return {
    columnsOf: (header) => columnsByLabel(header, openingColumns),
    check: (cells, row, columns) => checkOpeningRow(db, refs, cells, row, columns),
    finish: (importId) => checkOpeningAcrossRows(db, importId),
    apply: (tx, importId, actor, progress) => applyOpening(refs, tx, importId, actor, progress),
  };
}
