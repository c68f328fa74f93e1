import {
  fnBatchListQuerySchema,
  onlineCarrierListQuerySchema,
  onlinePaymentListQuerySchema,
  onlinePermissions,
  type LiveCounters,
} from '@dnx/shared';
import type { AuthUser } from '../../plugins/auth';
import type { createBatchService } from '../fn';
import type { onlineRequestLists } from '../online';

/** Where the menu's counts are read: the lists' own counts. */
export interface CounterSources {
  online: ReturnType<typeof onlineRequestLists>;
  batches: ReturnType<typeof createBatchService>;
}

const isOperatorOnly = (reader: AuthUser) => !reader.isNational && reader.groups.some((g) => g.code === 'operator');

/**
 * The menu's counts a reader may see (issue 47), each asked through its list's own count with the reader's scope;
 * `memo` shares one count among the readers of one scope in a round.
 */
export async function countersFor(
  reader: AuthUser,
  memo: Map<string, Promise<number>>,
  { online, batches }: CounterSources,
): Promise<LiveCounters> {
  const scope = reader.isNational ? 'all' : `region:${reader.regionId}`;
  const once = (key: string, count: () => Promise<number>) => {
    let known = memo.get(key);
    if (!known) memo.set(key, (known = count()));
    return known;
  };
  const counters: LiveCounters = {};
  if (reader.permissions.has(onlinePermissions.carrier.view))
    counters.onlineCarriersWaiting = await once(`carriers:${scope}`, () =>
      online.countCarriers(reader, onlineCarrierListQuerySchema.parse({ status: '1' })),
    );
  if (reader.permissions.has(onlinePermissions.payment.view))
    counters.onlinePaymentsWaiting = await once(`payments:${scope}`, () =>
      online.countPayments(reader, onlinePaymentListQuerySchema.parse({ status: '1' })),
    );
  if (counters.onlineCarriersWaiting !== undefined || counters.onlinePaymentsWaiting !== undefined)
    counters.onlineRequestsWaiting = (counters.onlineCarriersWaiting ?? 0) + (counters.onlinePaymentsWaiting ?? 0);
  if (reader.permissions.has('view_fnbatch')) {
    // An operator counts the batches issued to them; whoever else reads batches, every batch waiting in scope.
    const operator = isOperatorOnly(reader) ? String(reader.id) : undefined;
    counters.batchesToAccept = await once(`batches:${scope}:${operator ?? ''}`, () =>
      batches.count(reader, fnBatchListQuerySchema.parse({ status: 'issued', ...(operator ? { operator } : {}) })),
    );
  }
  return counters;
}
