import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The header a request id comes in (from a proxy or a client) and goes back out in. */
export const requestIdHeader = 'x-request-id';

// What an id from outside may be: a UUID, a proxy's hex or base64url id, a trace id. Anything else is replaced.
const validRequestId = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/** The request's id: a valid `X-Request-Id` as given, otherwise a new UUID (Fastify's `genReqId`). */
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && validRequestId.test(header) ? header : randomUUID();
}

/**
 * Adds what the request's log lines carry beyond Fastify's `reqId`: the route template and, once known, the user.
 * The reply logs with it too (its "request completed" line).
 */
export function bindRequestLog(request: FastifyRequest, reply: FastifyReply, bindings: Record<string, unknown>): void {
  request.log = request.log.child(bindings);
  reply.log = request.log;
}

/**
 * Every answer names its request in `X-Request-Id` (the id a user quotes to support, and the one in the logs and on
 * the audit rows the request writes).
 */
export const requestIdPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
    bindRequestLog(request, reply, { route: request.routeOptions.url ?? null });
  });
});
