import { formatFnNumber, inspectMessages as m, type SignedSnapshot, type SnapshotPayload } from '@dnx/shared';
import type { Database, Transaction } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import {
  allMarks,
  changedMarks,
  changedSince,
  cursorUsable,
  markTuple,
  snapshotXmin,
  type MarkRow,
  type RemovedRow,
} from './snapshot-repository';
import { signSnapshot } from './signing';
import type { SigningKeys } from './signing-keys';

/**
 * The signed snapshot of the marks of an inspector's regions (issue 46): in full, or the changes since the cursor of
 * the last one. The cursor is `v1.{xmin}.{regions}`: a cursor of other regions (the person moved) or not of this
 * database answers in full.
 */

/** The regions a person's snapshot covers: null for every region (a national user). */
export function snapshotRegions(actor: AuthUser): number[] | null {
  if (actor.isNational) return null;
  if (actor.regionId === null) throw new HttpError(403, { detail: m.noRegion });
  return [actor.regionId];
}

const regionsKey = (regions: number[] | null) => (regions === null ? 'all' : regions.join('-'));

/** A cursor's xid when it is one of these regions' cursors; null otherwise. */
export function readCursor(cursor: string | undefined, regions: number[] | null): string | null {
  const match = /^v1\.(\d{1,20})\.([a-z0-9-]{1,200})$/.exec(cursor ?? '');
  return match && match[2] === regionsKey(regions) ? match[1]! : null;
}

/** The payload as JSON text: what is signed, byte for byte. */
export function snapshotJson(payload: SnapshotPayload): string {
  return JSON.stringify(payload);
}

/** The payload of marks read (the 100,000-mark size test builds it from synthetic rows). */
export function snapshotPayload(input: {
  xmin: string;
  regions: number[] | null;
  full: boolean;
  /** The cursor a delta continues from; absent or null for a full snapshot. */
  from?: string | null;
  marks: MarkRow[];
  removed: RemovedRow[];
  maxAgeMinutes: number;
  at?: Date;
}): SnapshotPayload {
  return {
    v: 1,
    cursor: `v1.${input.xmin}.${regionsKey(input.regions)}`,
    full: input.full,
    from: input.full ? null : (input.from ?? null),
    generatedAt: (input.at ?? new Date()).toISOString(),
    regions: input.regions ?? [],
    maxAgeMinutes: input.maxAgeMinutes,
    marks: input.marks.map(markTuple),
    removed: input.removed.map((r) => [r.series, formatFnNumber(r.number)]),
  };
}

/** How many regions' full reads a process keeps (each at most a region's marks). */
const fullReadsKept = 8;

export function createSnapshotService(db: Database, keys: SigningKeys, maxAgeMinutes: number) {
  // The last full read of each region set and the xmin it was read at: while no mark has changed in a transaction at
  // or above that xmin, it is still the state (every change writes fn_form_changes), and its xmin still the cursor.
  // Many phones of one region syncing in full in the morning then cost one read. Lost with the process; never stale.
  const fullReads = new Map<string, { xmin: string; marks: MarkRow[] }>();
  async function fullRead(tx: Transaction, regions: number[] | null, xmin: string) {
    const key = regionsKey(regions);
    const kept = fullReads.get(key);
    if (kept && !(await changedSince(tx, kept.xmin))) return kept;
    const read = { xmin, marks: await allMarks(tx, regions) };
    fullReads.delete(key);
    fullReads.set(key, read);
    if (fullReads.size > fullReadsKept) fullReads.delete(fullReads.keys().next().value!);
    return read;
  }

  return {
    async snapshot(actor: AuthUser, since: string | undefined): Promise<SignedSnapshot> {
      const regions = snapshotRegions(actor);
      const payload = await db.transaction(
        async (tx) => {
          // The first statement fixes the transaction's snapshot: its xmin and every read below agree.
          const xmin = await snapshotXmin(tx);
          const from = readCursor(since, regions);
          if (from !== null && (await cursorUsable(tx, from))) {
            const changed = await changedMarks(tx, regions, from, xmin);
            return snapshotPayload({ xmin, regions, full: false, from: since, ...changed, maxAgeMinutes });
          }
          const full = await fullRead(tx, regions, xmin);
          return snapshotPayload({ ...full, regions, full: true, removed: [], maxAgeMinutes });
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return signSnapshot(keys, snapshotJson(payload));
    },
  };
}
