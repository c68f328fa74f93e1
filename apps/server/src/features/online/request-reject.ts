import type { OnlineRequestKind } from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { onlineCarrierRequests, onlinePaymentRequests } from '../../db/schema';
import { regionScope } from '../../lib/region-scope';
import type { AuthUser } from '../../plugins/auth';
import type { DecisionDeps } from './decision-deps';
import { decide } from './decision-record';
import { findRequest, within } from './request-lists';

/** Rejects a new request of a kind, on its locked row, with the reason the carrier is told. */
export async function rejectRequest<K extends OnlineRequestKind>(
  { db, statusLink }: DecisionDeps,
  kind: K,
  actor: AuthUser,
  id: number,
  reason: string,
) {
  const table = (kind === 'carrier' ? onlineCarrierRequests : onlinePaymentRequests) as K extends 'carrier'
    ? typeof onlineCarrierRequests
    : typeof onlinePaymentRequests;
  const scope = regionScope(actor, table.regionId);
  await db.transaction(async (tx) => {
    const request = await findRequest(tx, table, within(scope, eq(table.id, id)), true);
    await decide(tx, statusLink, kind, request, 'reject', actor, { reason });
  });
}
