import { formatFnNumber, inspectMessages as m, type SignedSnapshot, type SnapshotPayload } from '@dnx/shared';
import type { Database } from '../../db/client';
import { HttpError } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import {
  allMarks,
  changedMarks,
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
  marks: MarkRow[];
  removed: RemovedRow[];
  maxAgeMinutes: number;
  at?: Date;
}): SnapshotPayload {
  return {
    v: 1,
    cursor: `v1.${input.xmin}.${regionsKey(input.regions)}`,
    full: input.full,
    generatedAt: (input.at ?? new Date()).toISOString(),
    regions: input.regions ?? [],
    maxAgeMinutes: input.maxAgeMinutes,
    marks: input.marks.map(markTuple),
    removed: input.removed.map((r) => [r.series, formatFnNumber(r.number)]),
  };
}

export function createSnapshotService(db: Database, keys: SigningKeys, maxAgeMinutes: number) {
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
            return snapshotPayload({ xmin, regions, full: false, ...changed, maxAgeMinutes });
          }
          const marks = await allMarks(tx, regions);
          return snapshotPayload({ xmin, regions, full: true, marks, removed: [], maxAgeMinutes });
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      return signSnapshot(keys, snapshotJson(payload));
    },
  };
}
