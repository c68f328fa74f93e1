import { listExportMessages } from '@dnx/shared';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type SignedIn } from '../test/auth-helpers';
import { createTestApp, type TestApp } from '../test/test-app';
import { createGate, createWorkSlots } from './work-slots';

/**
 * Exports cannot starve the others (issue 56): a bound per process and per user taken before the export reads
 * anything, the exports' reads of the database taking turns in their own share of the pool, and the live streams'
 * slots counted per session. How fast everyone else is answered meanwhile is measured by the bench
 * (scripts/bench-exports.mjs), not here.
 */
describe('the bounds on exports', () => {
  let t: TestApp;
  const as: Record<string, SignedIn> = {};

  beforeAll(async () => {
    t = await createTestApp({
      seed: true,
      env: { EXPORTS_PER_PROCESS: '4', EXPORTS_PER_USER: '2', EXPORTS_DB_CONNECTIONS: '1', BUSY_RETRY_AFTER: '3' },
    });
    for (const name of ['admin', 'central', 'regional']) as[name] = await signInAs(t, `${name}@demo.az`);
  });
  afterAll(async () => t?.close());

  it('answers 30 concurrent full exports with 4 files and 26 refusals with Retry-After, 2 a user at most', async () => {
    const urls = ['/api/fn/forms/export/?format=csv', '/api/fn/forms/export/?format=xlsx'];
    const who = ['admin', 'central', 'regional'];
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app
          .inject({ method: 'GET', url: urls[i % 2]!, headers: as[who[i % 3]!]!.headers, payloadAsStream: true })
          .then((res) => ({ res, user: who[i % 3]! })),
      ),
    );
    const files = answers.filter(({ res }) => res.statusCode === 200);
    const refused = answers.filter(({ res }) => res.statusCode === 429);
    expect([files.length, refused.length]).toEqual([4, 26]);
    for (const { res } of refused) {
      expect(res.headers['retry-after']).toBe('3');
      expect([listExportMessages.busyUser, listExportMessages.busyServer]).toContain(
        (JSON.parse(await streamText(res.stream())) as { detail: string }).detail,
      );
    }
    for (const user of who) expect(files.filter((f) => f.user === user).length).toBeLessThanOrEqual(2);
    // The four files stream to their end; their reads of the database took turns, one at a time.
    for (const { res } of files) expect((await streamText(res.stream())).length).toBeGreaterThan(100);
    expect(t.app.workSlots.exportReads.peak).toBe(1);
    await expect.poll(() => t.app.workSlots.exports.inUse).toBe(0);
  });

  it('refuses an export past the limit before it reads anything', async () => {
    const releases = ['admin', 'central', 'regional', 'admin'].map((name) =>
      t.app.workSlots.exports.take(as[name]!.userId),
    );
    const runs = t.app.workSlots.exportReads.runs;
    const refused = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({ method: 'GET', url: '/api/fn/forms/export/?format=csv', headers: as.regional!.headers }),
      ),
    );
    expect(refused.map((res) => res.statusCode)).toEqual(Array(10).fill(429));
    // Not even the count of the rows was read.
    expect(t.app.workSlots.exportReads.runs).toBe(runs);
    for (const release of releases) release();
  });
});

describe('the slots and the gate', () => {
  it("counts a session's slots apart from its user's: one session cannot take all of them", () => {
    const slots = createWorkSlots({
      perProcess: 100,
      perUser: 4,
      perSession: 2,
      retryAfter: 1,
      busyUser: 'u',
      busyServer: 's',
    });
    slots.take(7, 1);
    slots.take(7, 1);
    expect(() => slots.take(7, 1)).toThrow();
    // The same user's other session still takes its own.
    const release = slots.take(7, 2);
    slots.take(7, 2);
    expect(() => slots.take(7, 3)).toThrow();
    release();
    expect(() => slots.take(7, 3)).not.toThrow();
    expect(slots.inUse).toBe(4);
  });

  it('runs at most its size at once, the others in their turn, none jumping the queue', async () => {
    const gate = createGate(2);
    const order: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        gate.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          order.push(i);
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(gate.peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});

async function streamText(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}
