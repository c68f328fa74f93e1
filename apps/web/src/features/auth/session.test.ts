import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applySnapshot, snapshotMeta } from '../inspect/store';
import { snapshotPayload } from '../inspect/test-kit';
import { clearSession } from './session';

describe('the end of a session', () => {
  it("forgets the inspector's offline snapshot on this device (a shared phone)", async () => {
    await applySnapshot(snapshotPayload(), 7, new Date('2026-03-10T08:00:00Z'));
    // The tokens' storage of a browser (the test runs in node): what the session clears beside the snapshot.
    const kept = new Map<string, string>([['token', 'a']]);
    globalThis.localStorage ??= {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    } as Storage;
    clearSession();
    await expect.poll(() => snapshotMeta(), { timeout: 5_000 }).toBeUndefined();
  });
});
