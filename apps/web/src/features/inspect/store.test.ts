import 'fake-indexeddb/auto';
import type { SnapshotPayload } from '@dnx/shared';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { applyPayload, ChainBroken, forgetSnapshot, verifyKept } from './kept-list';
import { dropChecks, inspectDb, keptBodies, queueCheck, queuedChecks, storeSignedBody } from './store';
import { queuedCheck, snapshotPayload, testAuthority } from './test-kit';

/**
 * The phone's store (issues 46 and 56): the signed bodies as received, checked again at every start, so a list
 * changed in IndexedDB fails its check and is dropped; the queue keeps checks until sent.
 */
describe('the phone’s store', () => {
  const note = { userId: 7, syncedAt: '2026-03-10T08:00:00.000Z' };
  const full: SnapshotPayload = snapshotPayload({
    marks: [
      ['AB', '000001', 'valid', '10-AB-001', 'Avtobus', '2026-01-01', '2026-12-31', '97.20', 'AbCd'],
      ['AB', '000002', 'not_issued', null, null, null, null, null, null],
      ['AB', '000003', 'not_issued', null, null, null, null, null, null],
    ],
  });
  const delta = snapshotPayload({
    cursor: '11',
    from: '10',
    full: false,
    generatedAt: '2026-03-10T09:00:00.000Z',
    marks: [
      ['AB', '000002', 'valid', '10-AB-002', 'Avtobus', '2026-03-10', '2026-12-31', '97.20', 'EfGh'],
      ['AB', '000004', 'voided', null, null, null, null, null, null, 'Korlanıb'],
    ],
    removed: [['AB', '000003']],
  });
  let authority: Awaited<ReturnType<typeof testAuthority>>;
  beforeAll(async () => {
    authority = await testAuthority();
  });
  beforeEach(() => forgetSnapshot());

  const keep = async () => {
    await storeSignedBody(await authority.sign(full), 0, note);
    await storeSignedBody(await authority.sign(delta), 1, note);
  };

  it('builds the list from the kept full snapshot and its delta (changed, added, removed), checked again', async () => {
    await keep();
    const list = await verifyKept(authority.jwks);
    if (list.status !== 'ok') throw new Error(list.status);
    expect(list.meta).toMatchObject({ cursor: '11', generatedAt: delta.generatedAt, marks: 3, userId: 7 });
    expect(list.marks.get('AB-000002')?.[3]).toBe('10-AB-002');
    expect(list.marks.get('AB-000003')).toBeUndefined();
    expect(list.marks.get('AB-000004')?.[9]).toBe('Korlanıb');
    expect(list.bodies).toBe(2);
    // A full snapshot kept again replaces the chain.
    await storeSignedBody(await authority.sign(snapshotPayload({ cursor: '12' })), 0, note);
    expect((await keptBodies()).bodies).toHaveLength(1);
  });

  it('drops a kept list changed in storage: a mark edited, a body removed, a forged key', async () => {
    const tamper = async (change: () => Promise<void>) => {
      await keep();
      await change();
      expect((await verifyKept(authority.jwks)).status).toBe('failed');
      expect((await keptBodies()).bodies).toEqual([]);
    };
    const db = await inspectDb();
    await tamper(async () => {
      const body = (await db.get('signed', 0))!;
      await db.put('signed', { ...body, payload: body.payload.replace('"not_issued"', '"valid"') }, 0);
    });
    // The full snapshot removed: the delta alone does not stand.
    await tamper(() => db.delete('signed', 0));
    // Re-signed with another key than the published one.
    const forger = await testAuthority();
    await tamper(async () => {
      await db.put('signed', await forger.sign(full), 0);
    });
    // A delta off its base: a delta of another chain put after the full snapshot.
    await tamper(async () => {
      await db.put('signed', await authority.sign({ ...delta, from: '9' }), 1);
    });
    // No keys to check it with.
    await keep();
    expect((await verifyKept(null)).status).toBe('failed');
    // Nothing kept is no list, not a failure.
    expect((await verifyKept(authority.jwks)).status).toBe('none');
  });

  it('refuses a delta that does not continue the kept cursor, and a body older than the kept one', () => {
    const list = applyPayload(null, full, 'k1', note);
    expect(() => applyPayload(null, delta, 'k1', note)).toThrow(ChainBroken);
    expect(() => applyPayload(list, { ...delta, from: '9' }, 'k1', note)).toThrow(ChainBroken);
    expect(() => applyPayload(list, { ...full, generatedAt: '2026-03-10T07:00:00.000Z' }, 'k1', note)).toThrow(
      ChainBroken,
    );
    expect(applyPayload(list, delta, 'k1', note).meta.cursor).toBe('11');
  });

  it('keeps queued checks until the server answered for them, and through sign-out', async () => {
    await queueCheck(queuedCheck('4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    await queueCheck(queuedCheck('5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    await queueCheck(queuedCheck('5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    expect(await queuedChecks()).toHaveLength(2);
    await dropChecks(['4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11']);
    await keep();
    await forgetSnapshot();
    expect((await verifyKept(authority.jwks)).status).toBe('none');
    expect((await queuedChecks()).map((c) => c.id)).toEqual(['5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11']);
  });
});
