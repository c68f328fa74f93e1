import { maxChecksPerBatch } from '@dnx/shared';
import { ApiError } from '../../lib/api-client';
import { loadJwks, SnapshotRefused, verifySnapshot } from '../../lib/signatures';
import { postChecks } from './api/checks';
import { fetchSnapshot } from './api/snapshot';
import { applySnapshot, dropChecks, queuedChecks, snapshotMeta, type QueuedCheck, type SnapshotMeta } from './store';

export { SnapshotRefused };

/**
 * Brings the phone's snapshot up to date: the changes since its cursor (a full download the first time, for another
 * user, or when the server finds the cursor unusable), each body's signature checked before anything is stored.
 */
export async function syncSnapshot(userId: number, now = () => new Date()): Promise<SnapshotMeta> {
  const jwks = await loadJwks();
  if (!jwks) throw new SnapshotRefused('no keys');
  const kept = await snapshotMeta();
  const since = kept && kept.userId === userId ? kept.cursor : undefined;
  const payload = await verifySnapshot(await fetchSnapshot(since), jwks);
  // A delta needs the snapshot it continues.
  if (!payload.full && since === undefined) throw new SnapshotRefused('a delta without its base');
  return applySnapshot(payload, userId, now());
}

/**
 * Sends the queued checks of the inspector whose snapshot the phone keeps (the signed-in one, once synced), 500 at a
 * time, and drops each one only once the server answered for it (recorded now or before): a lost answer sends it
 * again, and the server records it once. Another inspector's checks wait for their own session. Returns how many
 * of this inspector's checks are still queued.
 */
export async function sendQueuedChecks(): Promise<number> {
  const inspector = (await snapshotMeta())?.userId;
  const mine = (check: QueuedCheck) => check.userId === undefined || check.userId === inspector;
  const queued = (await queuedChecks()).filter(mine).map(({ userId: _madeBy, ...check }) => check);
  for (let i = 0; i < queued.length; i += maxChecksPerBatch) {
    const batch = queued.slice(i, i + maxChecksPerBatch);
    try {
      const result = await postChecks(batch);
      await dropChecks([...result.recorded, ...result.duplicates]);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) throw error;
      // One refused check must not hold the others back: each goes alone, and one the server refuses as it stands
      // (a 400 is final for it) is dropped.
      for (const check of batch) {
        try {
          const result = await postChecks([check]);
          await dropChecks([...result.recorded, ...result.duplicates]);
        } catch (single) {
          if (single instanceof ApiError && single.status === 400) await dropChecks([check.id]);
          else throw single;
        }
      }
    }
  }
  return (await queuedChecks()).filter(mine).length;
}
