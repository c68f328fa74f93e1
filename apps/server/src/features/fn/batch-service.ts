import type {
  DeleteMultipleResponse,
  FnBatch,
  FnBatchCreate,
  FnBatchListQuery,
  FnBatchUpdate,
  Page,
} from '@dnx/shared';
import type { Database } from '../../db/client';
import type { ListCaches } from '../../lib/list/list-query';
import type { AuthUser } from '../../plugins/auth';
import { acceptBatch } from './batch-accept';
import { createBatch } from './batch-create';
import { deleteBatches } from './batch-delete';
import * as repo from './batch-repository';
import { batchScope, visibleBatch } from './batch-rules';
import { updateBatch } from './batch-update';
import { batchTimeline } from './ledger';

export { batchSnapshot } from './batch-rules';

/**
 * The form batches (the spec's base fn, "new fn"): list, read, create (batch-create.ts), edit while new
 * (batch-update.ts), delete while new (batch-delete.ts), accept (batch-accept.ts); the checks they share in
 * batch-rules.ts.
 */
export function createBatchService(db: Database, caches?: ListCaches) {
  return {
    count: (actor: AuthUser, query: FnBatchListQuery): Promise<number> =>
      repo.batchList.count(query, repo.batchSource(db), [batchScope(actor)], caches),

    list: (actor: AuthUser, query: FnBatchListQuery, currentUrl: string): Promise<Page<FnBatch>> =>
      repo.batchList.page(query, repo.batchSource(db), { currentUrl, scope: [batchScope(actor)], caches }),

    /** Every batch the list selects with `query`, chunk by chunk in its order (the list's export). */
    stream: (actor: AuthUser, query: FnBatchListQuery): AsyncIterable<FnBatch[]> =>
      repo.batchList.stream(query, repo.batchSource(db), { scope: [batchScope(actor)] }),

    read: (actor: AuthUser, id: number) => visibleBatch(db, actor, id),

    history: async (actor: AuthUser, id: number) => {
      await visibleBatch(db, actor, id);
      return batchTimeline(db, id);
    },

    create: (actor: AuthUser, input: FnBatchCreate): Promise<FnBatch> => createBatch(db, actor, input),
    update: (actor: AuthUser, id: number, input: FnBatchUpdate): Promise<FnBatch> => updateBatch(db, actor, id, input),
    deleteMany: (actor: AuthUser, ids: readonly number[]): Promise<DeleteMultipleResponse> =>
      deleteBatches(db, actor, ids),
    accept: (actor: AuthUser, id: number): Promise<FnBatch> => acceptBatch(db, actor, id),
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
