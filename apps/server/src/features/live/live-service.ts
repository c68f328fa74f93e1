import { liveMessages } from '@dnx/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { notFound } from '../../lib/http-errors';
import { createWorkSlots } from '../../plugins/work-slots';
import type { createBatchService } from '../fn';
import { onlineRequestLists } from '../online';
import { startChangeIntake } from './change-intake';
import { createEventHub, frame } from './event-hub';
import { countersFor } from './live-counters';
import { liveMetrics } from './live-metrics';
import { keepStreamsAlive, openEventStream, type OpenStream } from './live-stream';
import { liveTables, type LiveTable } from './live-tables';
import { editorsOf, othersThan, presenceService } from './presence';

/** The tables whose writes move the menu's counts. */
const counterTables = new Set(['fn_batches', 'online_carrier_requests', 'online_payment_requests']);

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
    perSession: config.LIVE_STREAMS_PER_SESSION,
    retryAfter: config.BUSY_RETRY_AFTER,
    busyUser: liveMessages.streamsBusyUser,
    busyServer: liveMessages.streamsBusyServer,
  });
  const streams = new Set<OpenStream>();

  const { eventsSent, resumes } = liveMetrics(app.metrics.registry, () => streams.size);
  hub.onSent((type) => eventsSent.inc({ type }));

  function send(stream: OpenStream, type: 'counters' | 'presence' | 'reset', data: object) {
    stream.write(frame(type, data));
    eventsSent.inc({ type });
  }

  // --- The menu's counts ----------------------------------------------------------------------------------------

  async function sendCounters(targets: Iterable<OpenStream>, memo = new Map<string, Promise<number>>()) {
    for (const stream of targets) {
      const counters = await countersFor(stream.reader, memo, { online, batches }).catch(() => null);
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

  keepStreamsAlive(app, streams, () => presence.sweep());

  const openStream = (request: FastifyRequest, reply: FastifyReply, lastEventId: string | undefined) =>
    openEventStream({ app, hub, streams, slots, resumes, eventsSent, send, sendCounters }, request, reply, lastEventId);

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
