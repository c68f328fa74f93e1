import 'fake-indexeddb/auto';
import type { SnapshotPayload } from '@dnx/shared';
import { describe, expect, it } from 'vitest';
import { applySnapshot, dropChecks, findMark, forgetSnapshot, queueCheck, queuedChecks, snapshotMeta } from './store';
import { queuedCheck } from './test-kit';

/** The phone's IndexedDB (issue 46): a full snapshot replaces, a delta changes, the queue keeps checks until sent. */
describe('the phone’s store', () => {
  const now = new Date('2026-03-10T08:00:00Z');
  const full: SnapshotPayload = {
    v: 1,
    cursor: '10',
    from: null,
    full: true,
    generatedAt: '2026-03-10T07:30:00.000Z',
    regions: [2],
    maxAgeMinutes: 720,
    marks: [
      ['AB', '000001', 'valid', '10-AB-001', 'Avtobus', '2026-01-01', '2026-12-31', '97.20', 'AbCd'],
      ['AB', '000002', 'not_issued', null, null, null, null, null, null],
      ['AB', '000003', 'not_issued', null, null, null, null, null, null],
    ],
    removed: [],
  };

  it('keeps a full snapshot, applies a delta on it (changed, added, removed), and a full one replaces all', async () => {
    expect(await applySnapshot(full, 7, now)).toMatchObject({ cursor: '10', marks: 3, userId: 7, maxAgeMinutes: 720 });
    expect(await findMark('AB', '000002')).toEqual(full.marks[1]);
    await applySnapshot(
      {
        ...full,
        cursor: '11',
        full: false,
        generatedAt: '2026-03-10T09:00:00.000Z',
        marks: [
          ['AB', '000002', 'valid', '10-AB-002', 'Avtobus', '2026-03-10', '2026-12-31', '97.20', 'EfGh'],
          ['AB', '000004', 'not_issued', null, null, null, null, null, null],
        ],
        removed: [['AB', '000003']],
      },
      7,
      now,
    );
    expect((await findMark('AB', '000002'))?.[3]).toBe('10-AB-002');
    expect(await findMark('AB', '000003')).toBeUndefined();
    expect(await findMark('AB', '000004')).toBeDefined();
    expect(await snapshotMeta()).toMatchObject({ cursor: '11', generatedAt: '2026-03-10T09:00:00.000Z', marks: 3 });
    await applySnapshot({ ...full, cursor: '12', marks: [full.marks[0]!] }, 8, now);
    expect(await findMark('AB', '000004')).toBeUndefined();
    expect(await snapshotMeta()).toMatchObject({ cursor: '12', marks: 1, userId: 8 });
  });

  it('keeps queued checks until the server answered for them', async () => {
    const check = (id: string) => queuedCheck(id, now.toISOString());
    await queueCheck(check('4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    await queueCheck(check('5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    await queueCheck(check('5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    expect(await queuedChecks()).toHaveLength(2);
    await dropChecks(['4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11']);
    expect((await queuedChecks()).map((c) => c.id)).toEqual(['5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11']);
  });

  it('forgets the snapshot at sign-out and keeps the checks not yet sent', async () => {
    await applySnapshot(full, 7, now);
    await queueCheck(queuedCheck('6b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    await forgetSnapshot();
    expect(await snapshotMeta()).toBeUndefined();
    expect(await findMark('AB', '000001')).toBeUndefined();
    expect((await queuedChecks()).map((c) => c.id)).toContain('6b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11');
  });
});
