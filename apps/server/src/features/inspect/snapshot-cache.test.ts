import { markKey } from '@dnx/shared';
import type { Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fnKit } from '../fn/fn-test-kit';
import { fetchSnapshot, marksByKey, roomyLimits, syncUntil } from './inspect-test-kit';
import { snapshotCursors } from './snapshot';

/**
 * The snapshot's horizon and cache (issue 56): twelve old cursors at once took another user's payments list from
 * 62 ms to 9.1 s, each an uncached scan of every change ever written.
 */
describe('the snapshot of an old cursor', () => {
  let t: TestApp;
  let k: Awaited<ReturnType<typeof fnKit>>;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ...roomyLimits, INSPECT_DELTA_MAX_CHANGES: '5' } });
    k = await fnKit(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** A genuine cursor of the first transaction ever: its delta would be every change written. */
  const everyChange = () => snapshotCursors(t.config.mfaKey).write('1', null);
  /** inspect_snapshots_total by kind. */
  const answers = async () => {
    const metric = t.app.metrics.registry.getSingleMetric('inspect_snapshots_total') as Counter;
    const { values } = await metric.get();
    return Object.fromEntries(values.map((v) => [v.labels.kind, v.value])) as Record<string, number>;
  };
  const since = (before: Record<string, number>, after: Record<string, number>) =>
    Object.fromEntries(Object.entries(after).map(([kind, n]) => [kind, n - (before[kind] ?? 0)]));

  it('answers a cursor of every change ever with the kept full snapshot: twelve at once read nothing', async () => {
    const kept = await fetchSnapshot(t, k.as.central);
    const before = await answers();
    const twelve = await Promise.all(Array.from({ length: 12 }, () => fetchSnapshot(t, k.as.central, everyChange())));
    for (const answer of twelve) {
      expect(answer.full).toBe(true);
      expect(answer.cursor).toBe(kept.cursor);
      expect(answer.marks).toHaveLength(kept.marks.length);
    }
    expect(since(before, await answers())).toEqual({ delta: 0, full_read: 0, full_kept: 0, full_cached: 12 });
  });

  it('reads the full snapshot once after a change, however many phones ask at once', async () => {
    const kept = await fetchSnapshot(t, k.as.central);
    const { forms } = await k.payForms('1234567891', 1);
    const before = await answers();
    const twelve = await Promise.all(Array.from({ length: 12 }, () => fetchSnapshot(t, k.as.central, everyChange())));
    const counted = since(before, await answers());
    expect(counted.full_read).toBe(1);
    expect(counted.full_read! + counted.full_kept! + counted.full_cached!).toBe(12);
    const key = markKey(forms[0]!.series, forms[0]!.number);
    for (const answer of twelve) {
      expect(answer.full).toBe(true);
      expect(marksByKey(answer).get(key)?.[2]).toBe('valid');
    }
    expect(twelve[0]!.cursor).not.toBe(kept.cursor);
  });

  it('answers a delta within the horizon, and the full snapshot past it', async () => {
    const start = await fetchSnapshot(t, k.as.inspector);
    const { forms } = await k.payForms('1234567891', 2);
    const paid = forms.map((f) => markKey(f.series, f.number));
    // Two marks changed (and the batch of two made): within INSPECT_DELTA_MAX_CHANGES, a delta.
    const small = await syncUntil(t, k.as.inspector, start.cursor, (marks) =>
      paid.every((key) => marks.get(key)?.[2] === 'valid'),
    );
    const batch = await k.createBatch({ series: k.freshSeries(), finish_number: '000010' });
    const before = await answers();
    let answer = await fetchSnapshot(t, k.as.inspector, small.cursor);
    // A change comes in the first delta read after every older transaction has ended: until then a small delta.
    for (let attempt = 0; !answer.full && attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await fetchSnapshot(t, k.as.inspector, small.cursor);
    }
    expect(answer.full).toBe(true);
    expect(answer.from).toBeNull();
    expect(marksByKey(answer).has(markKey(batch.series, '000010'))).toBe(true);
    expect(since(before, await answers()).full_read).toBe(1);
  });
});
