import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { keptBodies, storeSignedBody } from '../inspect/store';
import { snapshotPayload, testAuthority } from '../inspect/test-kit';
import { clearSession } from './session';

describe('the end of a session', () => {
  it("forgets the inspector's offline snapshot on this device (a shared phone)", async () => {
    const authority = await testAuthority();
    await storeSignedBody(await authority.sign(snapshotPayload()), 0, {
      userId: 7,
      syncedAt: '2026-03-10T08:00:00.000Z',
    });
    expect((await keptBodies()).bodies).toHaveLength(1);
    // The tokens' storage of a browser (the test runs in node): what the session clears beside the snapshot.
    const kept = new Map<string, string>([['token', 'a']]);
    globalThis.localStorage ??= {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => void kept.set(key, value),
      removeItem: (key: string) => void kept.delete(key),
    } as Storage;
    clearSession();
    await expect.poll(async () => (await keptBodies()).bodies.length, { timeout: 5_000 }).toBe(0);
  });
});
