import 'fake-indexeddb/auto';
import type { SignedSnapshot, SnapshotPayload } from '@dnx/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetSnapshot, keptList, noList, verifyKept, type KeptList } from './kept-list';
import { clockOffset, clockSkew } from './phone-clock';
import { dropChecks, queueCheck, queuedChecks, type QueuedCheck } from './store';
import { sendQueuedChecks, SnapshotOlder, SnapshotRefused, syncSnapshot } from './sync';
import { queuedCheck, snapshotPayload, testAuthority } from './test-kit';

type Ok = Extract<KeptList, { status: 'ok' }>;

/**
 * Syncing against a server played by a fetch function (issues 46 and 56): the cursor goes back as `since`, a tampered
 * body is refused and leaves the kept list whole, a delta off the kept cursor brings a full snapshot instead, an older
 * snapshot is refused, the server's clock is kept, and the checks are dropped only once answered or refused.
 */
describe('syncing the phone', () => {
  const kept = new Map<string, string>();
  const realFetch = globalThis.fetch;
  let authority: Awaited<ReturnType<typeof testAuthority>>;
  let answer: (url: URL, init?: RequestInit) => Response | Promise<Response>;
  const asked: string[] = [];

  const payload = snapshotPayload;
  const signed = (body: SnapshotPayload, serverTime?: string): Promise<SignedSnapshot> =>
    authority.sign(body, serverTime ?? new Date().toISOString());
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  /** Answers the snapshot route with `full` without a cursor and `delta` with one. */
  const serve = (full: SnapshotPayload, delta?: SnapshotPayload) => {
    answer = async (url) => json(await signed(url.searchParams.get('since') && delta ? delta : full));
  };

  beforeAll(async () => {
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => kept.set(k, v),
        removeItem: (k: string) => kept.delete(k),
      },
    });
    authority = await testAuthority();
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://phone.test');
      asked.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/.well-known/jwks.json') return json(authority.jwks);
      return answer(url, init);
    }) as typeof fetch;
  });
  beforeEach(async () => {
    asked.length = 0;
    await forgetSnapshot();
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('downloads in full first, then asks for the changes since its cursor; a tampered body changes nothing', async () => {
    serve(payload());
    const first = await syncSnapshot(1, noList);
    expect(asked).toContain('GET /api/inspect/snapshot/');
    expect(first.meta.cursor).toBe('10');

    serve(
      payload(),
      payload({
        cursor: '11',
        from: '10',
        full: false,
        generatedAt: '2026-03-10T08:00:00.000Z',
        marks: [['AB', '000002', 'valid', '10-AB-002', 'Avtobus', '2026-03-10', '2026-12-31', '97.20', 'EfGh']],
      }),
    );
    const second = await syncSnapshot(1, first);
    expect(asked).toContain('GET /api/inspect/snapshot/?since=10');
    expect(second.marks.get('AB-000002')?.[3]).toBe('10-AB-002');
    expect(await keptList()).toBe(second);

    answer = async () => {
      const body = await signed(payload({ cursor: '12', generatedAt: '2026-03-10T09:00:00.000Z', marks: [] }));
      return json({ ...body, payload: body.payload.replace('"cursor":"12"', '"cursor":"99"') });
    };
    await expect(syncSnapshot(1, second)).rejects.toBeInstanceOf(SnapshotRefused);
    // What is kept is checked again as it was: the delta on the full snapshot.
    const again = (await verifyKept(authority.jwks)) as Ok;
    expect(again.meta.cursor).toBe('11');
    expect(again.marks.get('AB-000001')).toBeDefined();
  });

  it('asks for a full snapshot when a delta does not continue the kept cursor, and never applies it', async () => {
    serve(payload());
    const first = await syncSnapshot(1, noList);
    const stray = payload({ cursor: '21', from: '20', full: false, generatedAt: '2026-03-10T08:00:00.000Z' });
    serve(payload({ cursor: '22', generatedAt: '2026-03-10T08:05:00.000Z', marks: [] }), {
      ...stray,
      marks: [['AB', '000009', 'valid', '10-AB-009', 'Avtobus', '2026-03-10', '2026-12-31', '97.20', 'EfGh']],
    });
    const list = await syncSnapshot(1, first);
    expect(asked.filter((a) => a.startsWith('GET /api/inspect/snapshot/'))).toEqual([
      'GET /api/inspect/snapshot/',
      'GET /api/inspect/snapshot/?since=10',
      'GET /api/inspect/snapshot/',
    ]);
    expect(list).toMatchObject({ meta: { cursor: '22', marks: 0 }, bodies: 1 });
    expect(list.marks.get('AB-000009')).toBeUndefined();
    // A server that answers only deltas off the cursor is refused: nothing is stored.
    serve(stray, stray);
    await expect(syncSnapshot(1, list)).rejects.toBeInstanceOf(SnapshotRefused);
    expect(((await verifyKept(authority.jwks)) as Ok).meta.cursor).toBe('22');
  });

  it('refuses a snapshot older than the one it holds, and keeps its own', async () => {
    serve(payload({ cursor: '30', generatedAt: '2026-03-10T09:00:00.000Z' }));
    const held = await syncSnapshot(1, noList);
    // A genuine, signed, older full snapshot (a replay, or a cache behind).
    serve(payload({ cursor: '29', generatedAt: '2026-03-10T08:00:00.000Z' }));
    await expect(syncSnapshot(1, held)).rejects.toBeInstanceOf(SnapshotOlder);
    expect(((await verifyKept(authority.jwks)) as Ok).meta).toMatchObject({ cursor: '30' });
    // The server's kept full snapshot, current while no mark changed, may be older than an empty delta since: it is
    // measured against the full snapshot kept.
    serve(
      payload(),
      payload({ cursor: '31', from: '30', full: false, generatedAt: '2026-03-10T10:00:00.000Z', marks: [] }),
    );
    const withDelta = await syncSnapshot(1, held);
    serve(payload({ cursor: '31', generatedAt: '2026-03-10T09:00:00.000Z' }));
    expect((await syncSnapshot(1, { ...withDelta, bodies: 99 })).meta.cursor).toBe('31');
    // A delta older than the last body kept is refused.
    const late = await syncSnapshot(1, noList);
    serve(payload(), payload({ cursor: '32', from: '31', full: false, generatedAt: '2026-03-10T08:59:00.000Z' }));
    await expect(syncSnapshot(1, late)).rejects.toBeInstanceOf(SnapshotRefused);
    // Another user's list is no measure: theirs starts from what the server has.
    serve(payload({ cursor: '29', generatedAt: '2026-03-10T08:00:00.000Z' }));
    expect((await syncSnapshot(2, held)).meta).toMatchObject({ cursor: '29', userId: 2 });
  });

  it("keeps how far the phone's clock is from the server's, from each snapshot and each checks' answer", async () => {
    const ahead = new Date(Date.now() + 10 * 60_000).toISOString();
    answer = async () => json(await signed(payload(), ahead));
    await syncSnapshot(1, noList);
    expect(clockSkew()).toBeGreaterThan(9 * 60_000);
    await queueCheck({ ...queuedCheck('8b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'), userId: 1 });
    answer = (_url, init) => {
      const { checks } = JSON.parse(String(init?.body)) as { checks: QueuedCheck[] };
      return json({ recorded: checks.map((c) => c.id), duplicates: [], refused: [], serverTime: new Date() });
    };
    await sendQueuedChecks(1);
    expect(Math.abs(clockOffset()!)).toBeLessThan(60_000);
    expect(clockSkew()).toBe(null);
  });

  it('drops the checks the server answered for or refused (and names why), and keeps them when it cannot be reached', async () => {
    for (const check of await queuedChecks()) await dropChecks([check.id]);
    const check = (id: string, number = '000001'): QueuedCheck => ({ ...queuedCheck(id), number, userId: 1 });
    const good = '4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11';
    const bad = '5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11';
    const outside = '6b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11';
    await queueCheck(check(good));
    await queueCheck(check(bad, '999999'));
    await queueCheck(check(outside, '000777'));

    answer = () => Promise.reject(new TypeError('offline'));
    await expect(sendQueuedChecks(1)).rejects.toThrow();
    expect(await queuedChecks()).toHaveLength(3);

    asked.length = 0;
    answer = (_url, init) => {
      const { checks } = JSON.parse(String(init?.body)) as { checks: QueuedCheck[] };
      if (checks.some((c) => c.number === '999999')) return json({ 'checks.0.number': ['Belə blank yoxdur.'] }, 400);
      const out = checks.filter((c) => c.number === '000777');
      return json({
        recorded: checks.filter((c) => c.number !== '000777').map((c) => c.id),
        duplicates: [],
        refused: out.map((c) => ({ id: c.id, detail: 'Nişan sizin regionunuzda deyil.' })),
        serverTime: new Date().toISOString(),
      });
    };
    const result = await sendQueuedChecks(1);
    expect(result).toMatchObject({ pending: 0, answered: 1 });
    expect(result.refused).toEqual(
      expect.arrayContaining([
        { id: bad, detail: 'Belə blank yoxdur.' },
        { id: outside, detail: 'Nişan sizin regionunuzda deyil.' },
      ]),
    );
    // The batch, refused with 400, then each check alone.
    expect(asked.filter((a) => a.startsWith('POST /api/inspect/checks/'))).toHaveLength(4);
    expect(await queuedChecks()).toEqual([]);
  });

  it("sends a check only in the session of the inspector who made it, never as the next person's", async () => {
    for (const check of await queuedChecks()) await dropChecks([check.id]);
    await queueCheck({ ...queuedCheck('7b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'), userId: 1 });
    const sent: unknown[] = [];
    answer = (_url, init) => {
      const { checks } = JSON.parse(String(init?.body)) as { checks: QueuedCheck[] };
      sent.push(...checks);
      return json({ recorded: checks.map((c) => c.id), duplicates: [], refused: [], serverTime: new Date() });
    };
    expect((await sendQueuedChecks(2)).pending).toBe(0);
    expect(sent).toEqual([]);
    expect(await queuedChecks()).toHaveLength(1);
    expect((await sendQueuedChecks(1)).pending).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('userId');
  });
});
