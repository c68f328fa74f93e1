import { maxChecksPerBatch, type InspectCheck, type SignedSnapshot } from '@dnx/shared';
import { ApiError } from '../../lib/api-client';
import { loadJwks, snapshotKid, SnapshotRefused, verifySnapshot } from '../../lib/signatures';
import { postChecks } from './api/checks';
import { fetchSnapshot } from './api/snapshot';
import { applyPayload, ChainBroken, maxKeptDeltas, replaceKeptList, type KeptList } from './kept-list';
import { recordServerTime } from './phone-clock';
import { dropChecks, queuedChecks, storeSignedBody, type QueuedCheck } from './store';

export { SnapshotRefused };

/** A snapshot refused because it is older than the one kept (a replay, or a cache behind): the kept one stays. */
export class SnapshotOlder extends SnapshotRefused {}

/** One signed answer of the server, its clock read (outside the signature) before anything else. */
async function download(since: string | undefined): Promise<unknown> {
  const sentAt = Date.now();
  const body = await fetchSnapshot(since);
  recordServerTime((body as { serverTime?: unknown } | null)?.serverTime, sentAt, Date.now());
  return body;
}

/**
 * Brings the phone's list up to date and keeps it: the changes since its cursor (a full download the first time, for
 * another user, past `maxKeptDeltas`, or when a kept body's key is no longer published), each body's signature
 * checked before anything is stored. A delta that does not continue the kept cursor (`from`) is not applied: a full
 * snapshot is asked instead. A full snapshot older than the kept one is refused (SnapshotOlder), the kept one stays;
 * a delta older than the last body kept breaks the chain and is refused too.
 */
export async function syncSnapshot(
  userId: number,
  kept: KeptList,
  now = () => new Date(),
): Promise<Extract<KeptList, { status: 'ok' }>> {
  const jwks = await loadJwks();
  if (!jwks) throw new SnapshotRefused('no keys');
  const mine = kept.status === 'ok' && kept.meta.userId === userId ? kept : null;
  const published = new Set(jwks.keys.map((key) => key.kid));
  const continuable = mine && mine.bodies <= maxKeptDeltas && mine.kids.every((kid) => published.has(kid));
  const since = continuable ? mine.meta.cursor : undefined;
  let body = await download(since);
  let payload = await verifySnapshot(body, jwks);
  if (!payload.full && (since === undefined || payload.from !== since)) {
    // A delta off the kept cursor: the full snapshot instead, once.
    body = await download(undefined);
    payload = await verifySnapshot(body, jwks);
    if (!payload.full) throw new SnapshotRefused('a delta without its base');
  }
  // A full snapshot older than the full one kept is a replay (or a cache behind). It is measured against the kept
  // full snapshot, not the last delta: the server answers its kept full snapshot as it was signed, and while no mark
  // changed it is current though older than an empty delta since.
  if (mine && payload.full && Date.parse(payload.generatedAt) < Date.parse(mine.baseAt)) {
    throw new SnapshotOlder('older than the kept snapshot');
  }
  const note = { userId, syncedAt: now().toISOString() };
  let list: Extract<KeptList, { status: 'ok' }>;
  try {
    list = applyPayload(payload.full ? null : mine, payload, snapshotKid(body), note);
  } catch (error) {
    if (error instanceof ChainBroken) throw new SnapshotRefused(error.message);
    throw error;
  }
  await storeSignedBody(body as SignedSnapshot, payload.full ? 0 : list.bodies - 1, note);
  replaceKeptList(list);
  return list;
}

/** A 400's reason in words: its `detail`, else the first field's first message. */
function detailOf(error: ApiError): string {
  if (typeof error.body.detail === 'string') return error.body.detail;
  const first = Object.values(error.body).find((value) => Array.isArray(value) && typeof value[0] === 'string');
  return (first as string[] | undefined)?.[0] ?? error.message;
}

/** What sending the queue did: this inspector's checks still queued, those the server answered for now, and the
 * ones it refused for good (dropped), each with the server's reason. */
export interface SendResult {
  pending: number;
  answered: number;
  refused: { id: string; detail: string }[];
}

/**
 * Sends the queued checks of `inspector` (the user of the kept list), 500 at a time, and drops each one only once
 * the server answered for it: recorded now or before, or refused for good (`refused`, with its reason, or a 400 for
 * that check alone). A lost answer sends it again, and the server records it once. Another inspector's checks wait
 * for their own session.
 */
export async function sendQueuedChecks(inspector: number | undefined): Promise<SendResult> {
  const mine = (check: QueuedCheck) => check.userId === undefined || check.userId === inspector;
  const queued = (await queuedChecks()).filter(mine).map(({ userId: _madeBy, ...check }) => check);
  const result: SendResult = { pending: 0, answered: 0, refused: [] };
  const post = async (batch: InspectCheck[]) => {
    const sentAt = Date.now();
    const answer = await postChecks(batch);
    recordServerTime(answer.serverTime, sentAt, Date.now());
    const refused = answer.refused ?? [];
    await dropChecks([...answer.recorded, ...answer.duplicates, ...refused.map((r) => r.id)]);
    result.answered += answer.recorded.length + answer.duplicates.length;
    result.refused.push(...refused);
  };
  for (let i = 0; i < queued.length; i += maxChecksPerBatch) {
    const batch = queued.slice(i, i + maxChecksPerBatch);
    try {
      await post(batch);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 400)) throw error;
      // One check the server cannot read must not hold the others back: each goes alone, and one refused with a
      // 400 as it stands (final for it) is dropped and named.
      for (const check of batch) {
        try {
          await post([check]);
        } catch (single) {
          if (!(single instanceof ApiError && single.status === 400)) throw single;
          await dropChecks([check.id]);
          result.refused.push({ id: check.id, detail: detailOf(single) });
        }
      }
    }
  }
  result.pending = (await queuedChecks()).filter(mine).length;
  return result;
}
