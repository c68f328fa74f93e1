import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from './events';
import type { LiveRefusal } from './bus';
import { LiveClient, retryAfterMs, type LiveStatus } from './live-client';

/** A fake server: each call of the stream is answered by the next entry; a stream is fed by the test. */
interface Call {
  headers: Record<string, string>;
  push: (text: string) => void;
  end: () => void;
  /** The connection breaks (the network, a proxy cutting it). */
  drop: () => void;
}

/** A refusal as the server sends it: 429, Retry-After and the reason in the reader's language. */
const tooManyTabs = { status: 429, retryAfter: '7', detail: 'Bu qədər açıq səkmədən canlı yeniləmə gedə bilməz.' };
type Answer = number | 'stream' | typeof tooManyTabs;

function fakeServer(answers: Answer[]) {
  const calls: Call[] = [];
  const fetch = vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
    const answer = answers.shift() ?? 'stream';
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    calls.push({
      headers: { ...(init?.headers as Record<string, string>) },
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
      drop: () => controller.error(new Error('network')),
    });
    init?.signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    if (answer === 'stream') return Promise.resolve(new Response(body, { status: 200 }));
    if (typeof answer === 'object')
      return Promise.resolve(
        new Response(JSON.stringify({ detail: answer.detail }), {
          status: answer.status,
          headers: { 'retry-after': answer.retryAfter, 'content-type': 'application/json' },
        }),
      );
    return Promise.resolve(new Response('{}', { status: answer }));
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the live client', () => {
  let client: LiveClient | null = null;
  afterEach(() => {
    client?.stop();
    vi.useRealTimers();
  });

  function connect(answers: Answer[], refresh = async () => 'fresh' as string | null) {
    const server = fakeServer(answers);
    const events: LiveEvent[] = [];
    const statuses: LiveStatus[] = [];
    const refusals: LiveRefusal[] = [];
    client = new LiveClient({
      token: () => 'access',
      refresh,
      fetch: server.fetch,
      delays: [5],
      onRefused: (refusal) => refusals.push(refusal),
    });
    client.subscribe((e) => events.push(e));
    client.onStatus((s) => statuses.push(s));
    client.start();
    return { server, events, statuses, client, refusals };
  }

  it('sends the bearer, reads the events and says it is live', async () => {
    const { server, events, statuses } = connect(['stream']);
    await flush();
    expect(server.calls[0]?.headers.authorization).toBe('Bearer access');
    expect(server.calls[0]?.headers['last-event-id']).toBeUndefined();
    server.calls[0]!.push('id: b.1\nevent: change\ndata: {"resource":"payments","ids":[3],"op":"update","by":2}\n\n');
    await flush();
    expect(events).toEqual([{ type: 'change', data: { resource: 'payments', ids: [3], op: 'update', by: 2 } }]);
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('after a drop, opens again with the last id as Last-Event-ID, reconnecting meanwhile', async () => {
    const { server, statuses, client: live } = connect(['stream', 'stream']);
    await flush();
    server.calls[0]!.push('id: b.7\nevent: counters\ndata: {"batchesToAccept":2}\n\n');
    await flush();
    server.calls[0]!.drop();
    await flush();
    expect(live.status).toBe('reconnecting');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls[1]?.headers['last-event-id']).toBe('b.7');
    expect(statuses).toEqual(['connecting', 'live', 'reconnecting', 'live']);
  });

  it('opens the next stream at once, still live, when the server ends one in order (its token expired)', async () => {
    const { server, statuses } = connect(['stream', 'stream']);
    await flush();
    server.calls[0]!.push('id: b.9\nevent: reset\ndata: {}\n\n');
    await flush();
    server.calls[0]!.end();
    await flush();
    await flush();
    expect(server.calls[1]?.headers['last-event-id']).toBe('b.9');
    expect(statuses).toEqual(['connecting', 'live']);
  });

  it('tries again after a refused connection (a 502 of the proxy)', async () => {
    const { server, client: live } = connect([502, 'stream']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(2);
    expect(live.status).toBe('live');
  });

  it('says why a refused stream (429) was refused and waits its Retry-After, not reconnecting at once (issue 56)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const { server, client: live, refusals, statuses } = connect([tooManyTabs, 'stream']);
    await vi.advanceTimersByTimeAsync(0);
    expect(live.status).toBe('refused');
    expect(refusals).toEqual([{ detail: tooManyTabs.detail, retryAt: Date.now() + 7_000, waitSeconds: 7 }]);
    // The drop's quick steps (5 ms here) do not apply: nothing before its 7 s.
    await vi.advanceTimersByTimeAsync(6_900);
    expect(server.calls).toHaveLength(1);
    expect(statuses).toEqual(['connecting', 'refused']);
    await vi.advanceTimersByTimeAsync(1_200);
    expect(server.calls).toHaveLength(2);
    expect(live.status).toBe('live');
  });

  it('reads Retry-After in seconds or as a date, within a second and an hour', () => {
    const now = Date.parse('2026-12-07T10:00:00Z');
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('Mon, 07 Dec 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('0', now)).toBe(1_000);
    expect(retryAfterMs('999999', now)).toBe(3_600_000);
    expect(retryAfterMs(null, now)).toBe(10_000);
    expect(retryAfterMs('soon', now)).toBe(10_000);
  });

  it('renews an expired access token once, and stops when the session cannot be renewed', async () => {
    const renewed = connect([401, 'stream']);
    await flush();
    await flush();
    expect(renewed.server.calls[1]?.headers.authorization).toBe('Bearer fresh');
    expect(renewed.client.status).toBe('live');
    renewed.client.stop();

    const ended = connect([401], async () => null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ended.server.calls).toHaveLength(1);
    expect(ended.client.status).toBe('off');
  });

  it('opens a silent stream again (no ping within the time)', async () => {
    const server = fakeServer(['stream', 'stream']);
    client = new LiveClient({
      token: () => 't',
      refresh: async () => 't',
      fetch: server.fetch,
      delays: [1],
      silenceMs: 10,
    });
    client.start();
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(server.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('stops at sign-out and forgets the last id', async () => {
    const { server, client: live } = connect(['stream', 'stream']);
    await flush();
    server.calls[0]!.push('id: b.3\nevent: reset\ndata: {}\n\n');
    await flush();
    live.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(1);
    expect(live.lastEventId).toBeNull();
    live.start();
    await flush();
    expect(server.calls[1]?.headers['last-event-id']).toBeUndefined();
  });

  it('drops the stream while offline and resumes at once when back online', async () => {
    const { server, client: live } = connect(['stream', 'stream']);
    await flush();
    server.calls[0]!.push('id: c.4\nevent: reset\ndata: {}\n\n');
    await flush();
    live.suspend();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.calls).toHaveLength(1);
    expect(live.status).toBe('reconnecting');
    live.reconnect();
    await flush();
    expect(server.calls[1]?.headers['last-event-id']).toBe('c.4');
  });
});
