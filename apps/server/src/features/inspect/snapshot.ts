import { formatFnNumber, inspectMessages as m, type SnapshotPayload } from '@dnx/shared';
import { HttpError } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { markTuple, type MarkRow, type RemovedRow } from './snapshot-repository';

/**
 * The parts of the inspectors' snapshot (issue 46; snapshot-service.ts answers it): the regions, the cursor and the
 * payload. The cursor is `v1.{xmin}.{regions}`: a cursor of other regions (the person moved) or not of this database
 * answers in full.
 */

/** The regions a person's snapshot covers: null for every region (a national user). */
export function snapshotRegions(actor: AuthUser): number[] | null {
  if (actor.isNational) return null;
  if (actor.regionId === null) throw new HttpError(403, { detail: m.noRegion });
  return [actor.regionId];
}

export const regionsKey = (regions: number[] | null) => (regions === null ? 'all' : regions.join('-'));

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
