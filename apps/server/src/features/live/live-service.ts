import {
  fnBatchListQuerySchema,
  liveEventId,
  liveMessages,
  livePingMs,
  onlineCarrierListQuerySchema,
  onlinePaymentListQuerySchema,
  onlinePermissions,
  type LiveCounters,
} from '@dnx/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import type { Config } from '../../config';
import { notFound } from '../../lib/http-errors';
import { bearerToken, type AuthUser } from '../../plugins/auth';
import { createWorkSlots } from '../../plugins/work-slots';
import type { createBatchService } from '../fn';
import { onlineRequestLists } from '../online';
import { startChangeIntake } from './change-intake';
import { createEventHub, frame, type LiveStream } from './event-hub';
import { liveTables, type LiveTable } from './live-tables';
import { editorsOf, othersThan, presenceService } from './presence';

/** A stream whose client reads slower than this many bytes behind is closed (it resumes from its last id). */
const maxBuffered = 1 << 20;
/** How often lapsed presence rows are removed (and their records' other editors told). */
const presenceSweepMs = 15_000;
/** The tables whose writes move the menu's counts. */
const counterTables = new Set(['fn_batches', 'online_carrier_requests', 'online_payment_requests']);

interface OpenStream extends LiveStream {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The counters last sent, as JSON. */
  counters: string | null;
}

export interface LiveDeps {
  batches: ReturnType<typeof createBatchService>;
}

/**
 * The live back office of one process (issue 47): the event streams, the menu's counts they carry, and the
 * presence of editors on records. Built once a process (services.ts); the routes are in routes.ts.
 */
export function createLive(app: FastifyInstance, config: Config, { batches }: LiveDeps) {
  const { db, changes } = app;
  const tables = liveTables();
  const byResource = new Map<string, { table: string; live: LiveTable }>(
    [...tables].map(([table, live]) => [live.resource, { table, live }]),
  );
  const hub = createEventHub(config.LIVE_EVENT_BUFFER);
  const presence = presenceService(db);
  const online = onlineRequestLists(db);
  const slots = createWorkSlots({
    perProcess: config.LIVE_STREAMS_PER_PROCESS,
    perUser: config.LIVE_STREAMS_PER_USER,
    retryAfter: config.BUSY_RETRY_AFTER,
    busyUser: liveMessages.streamsBusyUser,
    busyServer: liveMessages.streamsBusyServer,
  });
  const streams = new Set<OpenStream>();

  const registers = [app.metrics.registry];
  new Gauge({
    name: 'live_streams_open',
    help: 'Event streams (GET /api/events/) open in this process',
    registers,
    collect() {
      this.set(streams.size);
    },
  });
  const eventsSent = new Counter({
    name: 'live_events_sent_total',
    help: 'Events written to the streams of this process, by type (change, counters, presence, reset)',
    labelNames: ['type'],
    registers,
  });
  const resumes = new Counter({
    name: 'live_resumes_total',
    help: 'Streams opened with a Last-Event-ID, by result: resumed (the missed events replayed) or reset',
    labelNames: ['result'],
    registers,
  });
  hub.onSent((type) => eventsSent.inc({ type }));

  function send(stream: OpenStream, type: 'counters' | 'presence' | 'reset', data: object) {
    stream.write(frame(type, data));
    eventsSent.inc({ type });
  }

  // --- The menu's counts ----------------------------------------------------------------------------------------

  const isOperatorOnly = (reader: AuthUser) => !reader.isNational && reader.groups.some((g) => g.code === 'operator');
  /** The counts a reader may see, each asked through its list's own count with the reader's scope. */
  async function countersFor(reader: AuthUser, memo: Map<string, Promise<number>>): Promise<LiveCounters> {
    const scope = reader.isNational ? 'all' : `region:${reader.regionId}`;
    const once = (key: string, count: () => Promise<number>) => {
      let known = memo.get(key);
      if (!known) memo.set(key, (known = count()));
      return known;
    };
    const counters: LiveCounters = {};
    if (reader.permissions.has(onlinePermissions.carrier.view))
      counters.onlineCarriersWaiting = await once(`carriers:${scope}`, () =>
        online.countCarriers(reader, onlineCarrierListQuerySchema.parse({ status: '1' })),
      );
    if (reader.permissions.has(onlinePermissions.payment.view))
      counters.onlinePaymentsWaiting = await once(`payments:${scope}`, () =>
        online.countPayments(reader, onlinePaymentListQuerySchema.parse({ status: '1' })),
      );
    if (counters.onlineCarriersWaiting !== undefined || counters.onlinePaymentsWaiting !== undefined)
      counters.onlineRequestsWaiting = (counters.onlineCarriersWaiting ?? 0) + (counters.onlinePaymentsWaiting ?? 0);
    if (reader.permissions.has('view_fnbatch')) {
      // An operator counts the batches issued to them; whoever else reads batches, every batch waiting in scope.
      const operator = isOperatorOnly(reader) ? String(reader.id) : undefined;
      counters.batchesToAccept = await once(`batches:${scope}:${operator ?? ''}`, () =>
        batches.count(reader, fnBatchListQuerySchema.parse({ status: 'issued', ...(operator ? { operator } : {}) })),
      );
    }
    return counters;
  }

  async function sendCounters(targets: Iterable<OpenStream>, memo = new Map<string, Promise<number>>()) {
    for (const stream of targets) {
      const counters = await countersFor(stream.reader, memo).catch(() => null);
      const text = counters && JSON.stringify(counters);
      if (!text || text === stream.counters || !streams.has(stream)) continue;
      stream.counters = text;
      send(stream, 'counters', counters);
    }
  }

  // --- Changes, access and the feed ------------------------------------------------------------------------------

  startChangeIntake(db, changes, tables, hub, (written) => {
    if ([...written].some((table) => counterTables.has(table))) void sendCounters([...streams]);
  });

  /** The stream's reader as the database holds them now; the stream ends when they may no longer be signed in. */
  async function renew(targets: OpenStream[]) {
    for (const stream of targets) {
      try {
        stream.reader = await app.authenticate(stream.request, stream.reply);
      } catch {
        stream.close();
      }
    }
    await sendCounters(targets.filter((stream) => streams.has(stream)));
  }

  async function tellEditors(resource: string, recordId: number) {
    if (!streams.size) return;
    const editors = await editorsOf(db, resource, recordId);
    const sessions = new Set(editors.map((editor) => editor.sessionId));
    for (const stream of streams) {
      if (!sessions.has(stream.reader.sessionId)) continue;
      send(stream, 'presence', { resource, id: recordId, editors: othersThan(editors, stream.reader.id) });
    }
  }

  changes.onChange((change) => {
    if (!streams.size) return;
    if (change.startsWith('user:')) {
      const userId = Number(change.slice(5));
      void renew([...streams].filter((stream) => stream.reader.id === userId));
    } else if (change === 'access') {
      void renew([...streams]);
    } else if (change.startsWith('presence:')) {
      const at = change.lastIndexOf(':');
      void tellEditors(change.slice(9, at), Number(change.slice(at + 1))).catch(() => undefined);
    } else if (change === 'all' && changes.live) {
      // The feed was lost: changes made meanwhile were never announced. Every stream refetches what it shows.
      hub.breakResume();
      for (const stream of streams) send(stream, 'reset', {});
      void renew([...streams]);
    }
  });

  const ping = setInterval(() => {
    for (const stream of streams) stream.write(': ping\n\n');
  }, livePingMs);
  ping.unref();
  const sweep = setInterval(() => {
    presence.sweep().catch(() => undefined);
  }, presenceSweepMs);
  sweep.unref();
  app.addHook('preClose', async () => {
    clearInterval(ping);
    clearInterval(sweep);
    // Open streams would hold the server open: each ends, and its client resumes on another process.
    for (const stream of streams) stream.close();
  });

  // --- A stream ----------------------------------------------------------------------------------------------------

  /** Answers the request with the reader's stream (the request is signed in: its route's access ran). */
  async function openStream(request: FastifyRequest, reply: FastifyReply, lastEventId: string | undefined) {
    const reader = request.user!;
    const release = slots.take(reader.id);
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
    res.write(`retry: 2000\nid: ${liveEventId(hub.bootId, hub.seq)}\n\n`);
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

  return {
    hub,
    openStream,
    /** The record's table, when its resource has presence; 404 otherwise. */
    presenceTarget(resource: string) {
      const target = byResource.get(resource);
      if (!target) throw notFound(liveMessages.resourceUnknown);
      return target;
    },
    presence,
    get streamCount() {
      return streams.size;
    },
  };
}

export type LiveService = ReturnType<typeof createLive>;
