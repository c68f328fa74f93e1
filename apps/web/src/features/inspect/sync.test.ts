import 'fake-indexeddb/auto';
import { snapshotJwsType, type Jwks, type SnapshotPayload } from '@dnx/shared';
import { exportJWK, FlattenedSign, generateKeyPair } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  dropChecks,
  findMark,
  forgetSnapshot,
  queueCheck,
  queuedChecks,
  snapshotMeta,
  type QueuedCheck,
} from './store';
import { sendQueuedChecks, SnapshotRefused, syncSnapshot } from './sync';
import { queuedCheck, snapshotPayload } from './test-kit';

/**
 * Syncing against a server played by a fetch function (issue 46): the cursor goes back as `since`, a tampered body
 * is refused and leaves the kept snapshot whole, and the checks are dropped only once answered.
 */
describe('syncing the phone', () => {
  const kept = new Map<string, string>();
  const realFetch = globalThis.fetch;
  let key: CryptoKey;
  let jwks: Jwks;
  let answer: (url: URL, init?: RequestInit) => Response | Promise<Response>;
  const asked: string[] = [];

  const payload = snapshotPayload;
  const signed = async (body: SnapshotPayload) => {
    const text = JSON.stringify(body);
    const jws = await new FlattenedSign(new TextEncoder().encode(text))
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1', typ: snapshotJwsType, b64: false, crit: ['b64'] })
      .sign(key);
    return { protected: jws.protected!, payload: text, signature: jws.signature };
  };
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  beforeAll(async () => {
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => kept.set(k, v),
        removeItem: (k: string) => kept.delete(k),
      },
    });
    const pair = await generateKeyPair('Ed25519');
    key = pair.privateKey;
    const { x } = await exportJWK(pair.publicKey);
    jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: x!, kid: 'k1', use: 'sig', alg: 'EdDSA' }] };
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(String(input), 'http://phone.test');
      asked.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/.well-known/jwks.json') return json(jwks);
      return answer(url, init);
    }) as typeof fetch;
  });
  beforeEach(() => {
    asked.length = 0;
  });
  afterAll(() => {
    globalThis.fetch = realFetch;
  });

  it('downloads in full first, then asks for the changes since its cursor; a tampered body changes nothing', async () => {
    answer = async () => json(await signed(payload()));
    await syncSnapshot(1);
    expect(asked).toContain('GET /api/inspect/snapshot/');
    expect((await snapshotMeta())?.cursor).toBe('10');

    answer = async () =>
      json(
        await signed(
          payload({
            cursor: '11',
            full: false,
            marks: [['AB', '000002', 'valid', '10-AB-002', 'Avtobus', '2026-03-10', '2026-12-31', '97.20', 'EfGh']],
          }),
        ),
      );
    await syncSnapshot(1);
    expect(asked).toContain('GET /api/inspect/snapshot/?since=10');
    expect((await findMark('AB', '000002'))?.[3]).toBe('10-AB-002');

    answer = async () => {
      const body = await signed(payload({ cursor: '12', full: true, marks: [] }));
      return json({ ...body, payload: body.payload.replace('"cursor":"12"', '"cursor":"99"') });
    };
    await expect(syncSnapshot(1)).rejects.toBeInstanceOf(SnapshotRefused);
    expect((await snapshotMeta())?.cursor).toBe('11');
    expect(await findMark('AB', '000001')).toBeDefined();
  });

  it('starts from a full download for another user, and refuses a delta without its base', async () => {
    answer = async () => json(await signed(payload({ cursor: '20', full: false })));
    await expect(syncSnapshot(2)).rejects.toBeInstanceOf(SnapshotRefused);
    expect(asked).toContain('GET /api/inspect/snapshot/');
    expect((await snapshotMeta())?.userId).toBe(1);
  });

  it('drops the checks the server answered for, and one it refuses alone; keeps them when it cannot be reached', async () => {
    const check = (id: string, number = '000001'): QueuedCheck => ({
      id,
      series: 'AB',
      number,
      checkedAt: '2026-03-10T08:00:00.000Z',
      answer: 'valid',
      source: 'typed',
      snapshotAt: null,
      location: null,
    });
    const good = '4b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11';
    const bad = '5b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11';
    await queueCheck(check(good));
    await queueCheck(check(bad, '999999'));

    answer = () => Promise.reject(new TypeError('offline'));
    await expect(sendQueuedChecks()).rejects.toThrow();
    expect(await queuedChecks()).toHaveLength(2);

    asked.length = 0;
    answer = (_url, init) => {
      const { checks } = JSON.parse(String(init?.body)) as { checks: QueuedCheck[] };
      if (checks.some((c) => c.number === '999999')) return json({ 'checks.0.number': ['no such form'] }, 400);
      return json({ recorded: checks.map((c) => c.id), duplicates: [] });
    };
    expect(await sendQueuedChecks()).toBe(0);
    // The batch, refused with 400, then each check alone.
    expect(asked.filter((a) => a.startsWith('POST /api/inspect/checks/'))).toHaveLength(3);
  });

  it("sends a check only in the session of the inspector who made it, never as the next person's", async () => {
    for (const check of await queuedChecks()) await dropChecks([check.id]);
    answer = async () => json(await signed(payload({ cursor: '30' })));
    await syncSnapshot(1);
    await queueCheck(queuedCheck('7b1f2e6a-58a1-4c4e-9b0b-0d8a1f3c2e11'));
    expect((await queuedChecks())[0]).toMatchObject({ userId: 1 });

    // Inspector 1 signs out offline; inspector 2 signs in on the same phone and syncs.
    await forgetSnapshot();
    await syncSnapshot(2);
    const sent: unknown[] = [];
    answer = (url, init) => {
      const { checks } = JSON.parse(String(init?.body)) as { checks: QueuedCheck[] };
      sent.push(...checks);
      return json({ recorded: checks.map((c) => c.id), duplicates: [] });
    };
    expect(await sendQueuedChecks()).toBe(0);
    expect(sent).toEqual([]);
    expect(await queuedChecks()).toHaveLength(1);

    // Back in inspector 1's session, it goes, without the phone's note of who made it.
    await forgetSnapshot();
    answer = async () => json(await signed(payload({ cursor: '31' })));
    await syncSnapshot(1);
    answer = (url, init) => {
      const { checks } = JSON.parse(String(init?.body)) as { checks: QueuedCheck[] };
      sent.push(...checks);
      return json({ recorded: checks.map((c) => c.id), duplicates: [] });
    };
    expect(await sendQueuedChecks()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('userId');
    expect(await queuedChecks()).toHaveLength(0);
  });
});
