import { markKey, type Jwks, type SnapshotMark, type SnapshotPayload } from '@dnx/shared';
import { snapshotKid, storedJwks, verifySnapshot } from '../../lib/signatures';
import { clearSnapshotStore, keptBodies, type LocalNote, type SnapshotMeta } from './store';

/**
 * The list the phone answers from: only ever marks whose signature it checked. `none`: nothing kept; `failed`: what
 * was kept did not pass its check again (changed in storage, or no key to check it with) and was dropped.
 */
export type KeptList =
  | { status: 'none' }
  | { status: 'failed' }
  | {
      status: 'ok';
      meta: SnapshotMeta;
      marks: ReadonlyMap<string, SnapshotMark>;
      /** How many signed bodies are kept (the full snapshot and its deltas): the next delta's place. */
      bodies: number;
      /** The keys that signed them: a kept body whose key is no longer published starts a full download. */
      kids: readonly string[];
      /** When the full snapshot under the deltas was made: a full snapshot older than it is refused. */
      baseAt: string;
    };

export const noList: KeptList = { status: 'none' };

/** Past this many deltas on one full snapshot the next sync asks for a full one (the chain is checked each start). */
export const maxKeptDeltas = 50;

/** A chain that does not hold: a delta that does not continue the body before it, or goes back in time. */
export class ChainBroken extends Error {}

/**
 * Applies a verified payload onto the list it continues (a full one onto nothing): the marks and what the phone
 * says of them. A delta must name the cursor of `onto` as its `from`, and no body may be older than the one before.
 */
export function applyPayload(
  onto: Extract<KeptList, { status: 'ok' }> | null,
  payload: SnapshotPayload,
  kid: string,
  note: LocalNote,
): Extract<KeptList, { status: 'ok' }> {
  if (!payload.full && (!onto || payload.from !== onto.meta.cursor)) throw new ChainBroken('a delta off its base');
  if (onto && Date.parse(payload.generatedAt) < Date.parse(onto.meta.generatedAt))
    throw new ChainBroken('older than the kept snapshot');
  const marks = new Map(payload.full || !onto ? [] : onto.marks);
  for (const mark of payload.marks) marks.set(markKey(mark[0], mark[1]), mark);
  for (const [series, number] of payload.removed) marks.delete(markKey(series, number));
  return {
    status: 'ok',
    meta: {
      cursor: payload.cursor,
      generatedAt: payload.generatedAt,
      regions: payload.regions,
      maxAgeMinutes: payload.maxAgeMinutes,
      userId: note.userId,
      marks: marks.size,
      syncedAt: note.syncedAt,
    },
    marks,
    bodies: payload.full || !onto ? 1 : onto.bodies + 1,
    kids: payload.full || !onto ? [kid] : [...onto.kids, kid],
    baseAt: payload.full || !onto ? payload.generatedAt : onto.baseAt,
  };
}

/**
 * Checks every kept body again (signature, shape, and the chain: a full snapshot, then deltas each continuing the
 * one before) and builds the list from them; anything that fails drops the kept snapshot whole.
 */
export async function verifyKept(jwks: Jwks | null): Promise<KeptList> {
  const { bodies, note } = await keptBodies();
  if (bodies.length === 0 && !note) return noList;
  try {
    if (!jwks || !note || bodies.length === 0) throw new ChainBroken('nothing to check it with');
    let list: Extract<KeptList, { status: 'ok' }> | null = null;
    for (const body of bodies) list = applyPayload(list, await verifySnapshot(body, jwks), snapshotKid(body), note);
    if (!list) throw new ChainBroken('empty');
    return list;
  } catch {
    await clearSnapshotStore();
    return { status: 'failed' };
  }
}

let kept: Promise<KeptList> | null = null;

/** The list of this page: checked once from storage when first asked, then replaced by each sync. */
export function keptList(): Promise<KeptList> {
  kept ??= verifyKept(storedJwks());
  return kept;
}

export function replaceKeptList(list: KeptList): void {
  kept = Promise.resolve(list);
}

/**
 * Sign-out forgets the snapshot (the marks: plates and payers of a region) on this device: the next person on a
 * shared phone cannot read them, and an inspector who signs in again downloads a full one. The checks not yet sent
 * stay, to be sent at the next sync: a check made is never lost.
 */
export async function forgetSnapshot(): Promise<void> {
  kept = Promise.resolve(noList);
  await clearSnapshotStore();
}
