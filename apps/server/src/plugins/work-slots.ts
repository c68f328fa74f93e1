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
   * the process holds all of theirs.
   */
  hold(request: FastifyRequest, reply: FastifyReply): void;
  /** A slot held outside a request (released by the function returned); a 429 as `hold`. */
  take(userId: number): () => void;
  /** Slots held now in this process. */
  readonly inUse: number;
}

interface SlotLimits {
  perProcess: number;
  perUser: number;
  retryAfter: number;
  busyUser: string;
  busyServer: string;
}

export function createWorkSlots(limits: SlotLimits): WorkSlots {
  const byUser = new Map<number, number>();
  let inUse = 0;
  const refuse = (detail: string) => new HttpError(429, { detail }, { 'retry-after': String(limits.retryAfter) });
  function take(userId: number) {
    const mine = byUser.get(userId) ?? 0;
    if (mine >= limits.perUser) throw refuse(limits.busyUser);
    if (inUse >= limits.perProcess) throw refuse(limits.busyServer);
    byUser.set(userId, mine + 1);
    inUse += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse -= 1;
      const left = byUser.get(userId)! - 1;
      if (left === 0) byUser.delete(userId);
      else byUser.set(userId, left);
    };
  }
  return {
    take,
    hold(request, reply) {
      const release = take(authUser(request).id);
      // Sent, failed or abandoned by the client: the response closes in every case.
      reply.raw.once('close', release);
    },
    get inUse() {
      return inUse;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    workSlots: { exports: WorkSlots; imports: WorkSlots };
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
    imports: createWorkSlots({
      perProcess: config.IMPORTS_PER_PROCESS,
      perUser: config.IMPORTS_PER_USER,
      retryAfter: config.BUSY_RETRY_AFTER,
      busyUser: importMessages.busyUser,
      busyServer: importMessages.busyServer,
    }),
  });
});
