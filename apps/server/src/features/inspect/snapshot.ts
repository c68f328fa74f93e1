import { formatFnNumber, inspectMessages as m, type SnapshotPayload } from '@dnx/shared';
import { HttpError } from '../../lib/http-errors';
import { secretBox } from '../../lib/secret-box';
import type { AuthUser } from '../../plugins/auth';
import { markTuple, type MarkRow, type RemovedRow } from './snapshot-repository';

/**
 * The parts of the inspectors' snapshot (issue 46; snapshot-service.ts answers it): the regions, the cursor and the
 * payload. The cursor is the read's xmin and its regions sealed (lib/secret-box, under a key derived from
 * MFA_ENCRYPTION_KEY, so every process opens another's): a phone learns nothing from it, neither how many transactions
 * the authority made between two syncs nor anything to forge. A cursor of other regions (the person moved), not
 * sealed by this key (an old one, a rotated key) or not of this database answers in full.
 */

/** The regions a person's snapshot covers: null for every region (a national user). */
export function snapshotRegions(actor: AuthUser): number[] | null {
  if (actor.isNational) return null;
  if (actor.regionId === null) throw new HttpError(403, { detail: m.noRegion });
  return [actor.regionId];
}

export const regionsKey = (regions: number[] | null) => (regions === null ? 'all' : regions.join('-'));

export type SnapshotCursors = ReturnType<typeof snapshotCursors>;

export function snapshotCursors(settingKey: string) {
  const box = secretBox('dnx-inspect-cursor-v1', settingKey);
  return {
    /** The cursor of a read at `xmin` of these regions. */
    write: (xmin: string, regions: number[] | null) => box.seal(`${xmin}.${regionsKey(regions)}`),
    /** A cursor's xmin when it is one of these regions' cursors; null otherwise. */
    read(cursor: string | undefined, regions: number[] | null): string | null {
      let plain: string;
      try {
        plain = box.open(cursor ?? '');
      } catch {
        return null;
      }
      const match = /^(\d{1,20})\.([a-z0-9-]{1,200})$/.exec(plain);
      return match && match[2] === regionsKey(regions) ? match[1]! : null;
    },
  };
}

/** The payload as JSON text: what is signed, byte for byte. */
export function snapshotJson(payload: SnapshotPayload): string {
  return JSON.stringify(payload);
}

/** The payload of marks read (the 100,000-mark size test builds it from synthetic rows). */
export function snapshotPayload(input: {
  /** The cursor of the read (SnapshotCursors.write). */
  cursor: string;
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
    cursor: input.cursor,
    full: input.full,
    from: input.full ? null : (input.from ?? null),
    generatedAt: (input.at ?? new Date()).toISOString(),
    regions: input.regions ?? [],
    maxAgeMinutes: input.maxAgeMinutes,
    marks: input.marks.map(markTuple),
    removed: input.removed.map((r) => [r.series, formatFnNumber(r.number)]),
  };
}
