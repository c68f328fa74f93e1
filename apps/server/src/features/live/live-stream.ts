import { livePingMs } from '@dnx/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Counter } from 'prom-client';
import { bearerToken } from '../../plugins/auth';
import type { createWorkSlots } from '../../plugins/work-slots';
import type { EventHub, LiveStream } from './event-hub';

/** How often lapsed presence rows are removed (and their records' other editors told). */
const presenceSweepMs = 15_000;
/** A stream whose client reads slower than this many bytes behind is closed (it resumes from its last id). */
const maxBuffered = 1 << 20;

export interface OpenStream extends LiveStream {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The counters last sent, as JSON. */
  counters: string | null;
}

/** What a stream needs of the process's live back office. */
export interface StreamContext {
  app: FastifyInstance;
  hub: EventHub;
  streams: Set<OpenStream>;
  slots: ReturnType<typeof createWorkSlots>;
  resumes: Counter<'result'>;
  eventsSent: Counter<'type'>;
  send(stream: OpenStream, type: 'counters' | 'presence' | 'reset', data: object): void;
  sendCounters(targets: Iterable<OpenStream>): Promise<void>;
}

/** Answers the request with the reader's stream (the request is signed in: its route's access ran). */
export async function openEventStream(
  { app, hub, streams, slots, resumes, eventsSent, send, sendCounters }: StreamContext,
  request: FastifyRequest,
  reply: FastifyReply,
  lastEventId: string | undefined,
) {
  const reader = request.user!;
  const release = slots.take(reader.id, reader.sessionId);
  const claims = await app.tokens.verify(bearerToken(request)!, 'access').catch(() => null);
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  let closed = false;
  let expiry: NodeJS.Timeout | undefined;
  const stream: OpenStream = {
    reader,
    request,
    reply,
    counters: null,
    write(text) {
      if (closed) return;
      res.write(text);
      if (res.writableLength > maxBuffered) stream.close();
    },
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(expiry);
      streams.delete(stream);
      hub.remove(stream);
      release();
      res.end();
    },
  };
  res.on('close', () => stream.close());
  // The stream lasts as long as its access token: the client opens the next one with a fresh token, resuming.
  if (claims) expiry = setTimeout(() => stream.close(), Math.max(0, claims.exp * 1000 - Date.now()));

  // Where the client stands: every event it gets after this line is after this id.
  res.write(`retry: 2000\nid: ${hub.position()}\n\n`);
  if (lastEventId) {
    const missed = hub.replay(reader, lastEventId);
    resumes.inc({ result: missed ? 'resumed' : 'reset' });
    if (missed) {
      for (const text of missed) stream.write(text);
      eventsSent.inc({ type: 'change' }, missed.length);
    } else send(stream, 'reset', {});
  }
  streams.add(stream);
  hub.add(stream);
  await sendCounters([stream]);
  // An injected request (app.inject: the tests that call every route) is answered once its body ends: it gets the
  // stream's opening, then the end, unless it asked to read the answer as a stream.
  const injected = (request.raw as { _lightMyRequest?: { payloadAsStream?: boolean } })._lightMyRequest;
  if (injected && !injected.payloadAsStream) stream.close();
}

/**
 * Pings every stream (a proxy keeps an idle connection open, and a client sees a dead one), removes lapsed presence
 * rows, and at shutdown ends every stream: open streams would hold the server open, and each client resumes on
 * another process.
 */
export function keepStreamsAlive(
  app: FastifyInstance,
  streams: Set<OpenStream>,
  sweepPresence: () => Promise<unknown>,
) {
  const ping = setInterval(() => {
    for (const stream of streams) stream.write(': ping\n\n');
  }, livePingMs);
  ping.unref();
  const sweep = setInterval(() => {
    sweepPresence().catch(() => undefined);
  }, presenceSweepMs);
  sweep.unref();
  app.addHook('preClose', async () => {
    clearInterval(ping);
    clearInterval(sweep);
    for (const stream of streams) stream.close();
  });
}
