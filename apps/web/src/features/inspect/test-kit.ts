import type { SnapshotPayload } from '@dnx/shared';
import type { QueuedCheck } from './store';

/** A full snapshot of one valid mark (AB 000001), with `over` in place: the tests' snapshot. */
export const snapshotPayload = (over: Partial<SnapshotPayload> = {}): SnapshotPayload => ({
  v: 1,
  cursor: '10',
  from: null,
  full: true,
  generatedAt: '2026-03-10T07:30:00.000Z',
  regions: [2],
  maxAgeMinutes: 720,
  marks: [['AB', '000001', 'valid', '10-AB-001', 'Avtobus', '2026-01-01', '2026-12-31', '97.20', 'AbCd']],
  removed: [],
  ...over,
});

/** A typed check of AB 000001 answered "valid", queued under `id`. */
export const queuedCheck = (id: string, checkedAt = '2026-03-10T08:00:00.000Z'): QueuedCheck => ({
  id,
  series: 'AB',
  number: '000001',
  checkedAt,
  answer: 'valid',
  source: 'typed',
  snapshotAt: '2026-03-10T07:30:00.000Z',
  location: null,
});
