import type { SignedSnapshot } from '@dnx/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { regionsKey, snapshotJson, snapshotPayload, snapshotRegions, type SnapshotCursors } from './snapshot';
import {
  allMarks,
  changedMarks,
  changedSince,
  cursorUsable,
  deltaSize,
  readPosition,
  snapshotXmin,
  type MarkRow,
  type ReadPosition,
} from './snapshot-repository';
import { signSnapshot, signSnapshotBody, type SignedSnapshotBody } from './signing';
import type { SigningKeys } from './signing-keys';

/**
 * How a snapshot was answered (the metric inspect_snapshots_total): a delta read; a full snapshot read from
 * the database, or from the marks kept (signed again), or the signed answer kept (or being made for another phone).
 */
export const snapshotAnswerKinds = ['delta', 'full_read', 'full_kept', 'full_cached'] as const;
export type SnapshotAnswerKind = (typeof snapshotAnswerKinds)[number];

export type SnapshotConfig = Pick<Config, 'INSPECT_SNAPSHOT_MAX_AGE' | 'INSPECT_DELTA_MAX_CHANGES'>;

/** How many regions' full reads a process keeps (each at most a region's marks). */
const fullReadsKept = 8;
/**
 * How long a signed full snapshot is answered again while no mark changed (ms): its `generatedAt`, which the phone
 * shows as the list's time, is at most this old.
 */
const signedReuseMs = 60_000;

interface KeptFull {
  /** Where the marks were read: their xmin is the full snapshot's cursor. */
  position: ReadPosition;
  marks: MarkRow[];
  signed: { kid: string; at: number; body: SignedSnapshotBody };
}

const readOnly = { isolationLevel: 'repeatable read', accessMode: 'read only' } as const;

/**
 * The signed snapshot of an inspector's regions (issue 46): in full, or the changes since the cursor of the last one.
 * A cursor of other regions, not of this database, or so old that the delta would bring more than
 * INSPECT_DELTA_MAX_CHANGES marks (issue 56: a cursor of the first transaction read every change ever) answers the full snapshot,
 * which is kept: its marks while no mark has changed in a transaction their read did not see (every change writes
 * fn_form_changes or fn_batch_changes), its signed answer for a minute at most. One full read of a region set runs at
 * a time; the phones asking meanwhile get its answer. Lost with the process; never stale.
 */
export function createSnapshotService(
  db: Database,
  keys: SigningKeys,
  cursors: SnapshotCursors,
  config: SnapshotConfig,
) {
  const maxAgeMinutes = config.INSPECT_SNAPSHOT_MAX_AGE;
  const listeners: ((kind: SnapshotAnswerKind) => void)[] = [];
  const answered = (kind: SnapshotAnswerKind) => listeners.forEach((listener) => listener(kind));
  const kept = new Map<string, KeptFull>();
  const running = new Map<string, Promise<SignedSnapshotBody>>();

  async function readAndSign(regions: number[] | null, key: string): Promise<SignedSnapshotBody> {
    const before = kept.get(key);
    const read = await db.transaction(async (tx) => {
      // The first statement fixes the transaction's snapshot: its position and every read below agree.
      const position = await readPosition(tx);
      if (before && !(await changedSince(tx, before.position))) {
        answered('full_kept');
        return { position: before.position, marks: before.marks };
      }
      answered('full_read');
      return { position, marks: await allMarks(tx, regions) };
    }, readOnly);
    const payload = snapshotPayload({
      cursor: cursors.write(read.position.xmin, regions),
      marks: read.marks,
      regions,
      full: true,
      removed: [],
      maxAgeMinutes,
    });
    const { kid, body } = await signSnapshotBody(keys, snapshotJson(payload));
    kept.delete(key);
    kept.set(key, { ...read, signed: { kid, at: Date.now(), body } });
    if (kept.size > fullReadsKept) kept.delete(kept.keys().next().value!);
    return body;
  }

  async function stillSigned(entry: KeptFull | undefined): Promise<boolean> {
    if (!entry || Date.now() - entry.signed.at >= signedReuseMs) return false;
    return entry.signed.kid === (await keys.current()).kid && !(await changedSince(db, entry.position));
  }

  /** The signed full snapshot of the regions. */
  async function full(regions: number[] | null): Promise<SignedSnapshotBody> {
    const key = regionsKey(regions);
    const joined = running.get(key);
    if (joined) {
      answered('full_cached');
      return joined;
    }
    const entry = kept.get(key);
    if (await stillSigned(entry)) {
      answered('full_cached');
      return entry!.signed.body;
    }
    let pending = running.get(key);
    if (pending) answered('full_cached');
    else {
      pending = readAndSign(regions, key).finally(() => running.delete(key));
      running.set(key, pending);
    }
    return pending;
  }

  /** The delta since `since`; null when the cursor is not these regions', not usable, or past the horizon. */
  async function delta(regions: number[] | null, since: string): Promise<SignedSnapshot | null> {
    const from = cursors.read(since, regions);
    if (from === null) return null;
    const payload = await db.transaction(async (tx) => {
      const xmin = await snapshotXmin(tx);
      if (!(await cursorUsable(tx, from))) return null;
      const limit = config.INSPECT_DELTA_MAX_CHANGES;
      if ((await deltaSize(tx, regions, from, xmin, limit)) > limit) return null;
      const changed = await changedMarks(tx, regions, from, xmin);
      return snapshotPayload({
        cursor: cursors.write(xmin, regions),
        regions,
        full: false,
        from: since,
        ...changed,
        maxAgeMinutes,
      });
    }, readOnly);
    if (payload === null) return null;
    answered('delta');
    return signSnapshot(keys, snapshotJson(payload));
  }

  return {
    async snapshot(actor: AuthUser, since: string | undefined): Promise<SignedSnapshot> {
      const regions = snapshotRegions(actor);
      const changes = since === undefined ? null : await delta(regions, since);
      // The server's time of this answer, outside the signature: a kept snapshot gets a fresh one.
      return changes ?? { ...(await full(regions)), serverTime: new Date().toISOString() };
    },
    /** Calls `listener` with how each snapshot was answered (the metric). */
    onAnswer(listener: (kind: SnapshotAnswerKind) => void) {
      listeners.push(listener);
    },
  };
}
