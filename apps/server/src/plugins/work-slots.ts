import { importMessages, listExportMessages } from '@dnx/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from '../lib/http-errors';
import { authUser } from './auth';

/**
 * Work that holds a process for long (issue 40): exports streaming and uploads being taken in, each under a limit
 * per process and per user. Beyond either, 429 with Retry-After and a message that says whose limit it is; the
 * requests of everyone else are not queued behind the work.
 */
export interface WorkSlots {
  /**
   * Holds a slot for the signed-in user's request until its answer is sent or abandoned; a 429 when the user or
   * the process holds all of theirs. A request holds one slot however often it asks (the route, then the writer).
   */
  hold(request: FastifyRequest, reply: FastifyReply): void;
  /**
   * A slot held outside a request (released by the function returned); a 429 as `hold`, and past the session's
   * own limit when one is set and `sessionId` given (a live stream: one browser cannot take all of a user's).
   */
  take(userId: number, sessionId?: number): () => void;
  /** Slots held now in this process. */
  readonly inUse: number;
}

interface SlotLimits {
  perProcess: number;
  perUser: number;
  /** Slots of one session (counted when `take` is given its session). */
  perSession?: number;
  retryAfter: number;
  busyUser: string;
  busyServer: string;
}

export function createWorkSlots(limits: SlotLimits): WorkSlots {
  const byUser = new Map<number, number>();
  const bySession = new Map<number, number>();
  let inUse = 0;
  const refuse = (detail: string) => new HttpError(429, { detail }, { 'retry-after': String(limits.retryAfter) });
  const give = (counts: Map<number, number>, key: number) => {
    const left = counts.get(key)! - 1;
    if (left === 0) counts.delete(key);
    else counts.set(key, left);
  };
  function take(userId: number, sessionId?: number) {
    const mine = byUser.get(userId) ?? 0;
    const session = limits.perSession === undefined ? undefined : sessionId;
    if (session !== undefined && (bySession.get(session) ?? 0) >= limits.perSession!) throw refuse(limits.busyUser);
    if (mine >= limits.perUser) throw refuse(limits.busyUser);
    if (inUse >= limits.perProcess) throw refuse(limits.busyServer);
    byUser.set(userId, mine + 1);
    if (session !== undefined) bySession.set(session, (bySession.get(session) ?? 0) + 1);
    inUse += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse -= 1;
      give(byUser, userId);
      if (session !== undefined) give(bySession, session);
    };
  }
  const holding = new WeakSet<FastifyRequest>();
  return {
    take,
    hold(request, reply) {
      if (holding.has(request)) return;
      const release = take(authUser(request).id);
      holding.add(request);
      // Sent, failed or abandoned by the client: the response closes in every case.
      reply.raw.once('close', release);
    },
    get inUse() {
      return inUse;
    },
  };
}

/**
 * At most `size` of some work at once; the rest wait their turn, in order (issue 56: the exports' reads of the
 * database, so exports use their own share of the pool and every other request finds a connection).
 */
export interface Gate {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running now, and waiting. */
  readonly running: number;
  readonly waiting: number;
  /** The most that ran at once, and how many runs began, since the process started (the tests, the metrics). */
  readonly peak: number;
  readonly runs: number;
}

export function createGate(size: number): Gate {
  let running = 0;
  let peak = 0;
  let runs = 0;
  const queue: (() => void)[] = [];
  // A finished run hands its place to the first waiting, so none jumps the queue.
  const next = () => {
    const first = queue.shift();
    if (first) first();
    else running -= 1;
  };
  return {
    async run(work) {
      runs += 1;
      if (running >= size) await new Promise<void>((resolve) => queue.push(resolve));
      else running += 1;
      peak = Math.max(peak, running);
      try {
        return await work();
      } finally {
        next();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
    get peak() {
      return peak;
    },
    get runs() {
      return runs;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    workSlots: { exports: WorkSlots; imports: WorkSlots; exportReads: Gate };
  }
}

export const workSlotsPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  app.decorate('workSlots', {
    exports: createWorkSlots({
      perProcess: config.EXPORTS_PER_PROCESS,
      perUser: config.EXPORTS_PER_USER,
      retryAfter: config.BUSY_RETRY_AFTER,
      busyUser: listExportMessages.busyUser,
      busyServer: listExportMessages.busyServer,
    }),
    exportReads: createGate(config.EXPORTS_DB_CONNECTIONS),
    imports: createWorkSlots({
      perProcess: config.IMPORTS_PER_PROCESS,
      perUser: config.IMPORTS_PER_USER,
      retryAfter: config.BUSY_RETRY_AFTER,
      busyUser: importMessages.busyUser,
      busyServer: importMessages.busyServer,
    }),
  });
});
