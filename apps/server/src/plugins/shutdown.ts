import { errorMessages, retryAfterSeconds } from '@dnx/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * How long a closing server still reads its open keep-alive sockets before it closes the idle ones: a request
 * a client sent on one just as the drain began gets an answer (503, `Connection: close`) instead of a reset.
 */
export const shutdownGraceMs = 500;

/**
 * Drains on close: a response sent after close() has begun carries `Connection: close`, so a keep-alive client
 * lets go of its socket, and the server stops once the requests under way are answered instead of waiting for
 * the keep-alive timeout. A request that arrives meanwhile is answered 503 with Retry-After in DRF's shape.
 */
export const shutdownPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    // Node's server.close() (after this hook) resets idle sockets: give requests already on their way time to land.
    if (app.server.listening) await new Promise((resolve) => setTimeout(resolve, shutdownGraceMs));
  });
  // Requests open on each socket: a pipelined one waits behind the one under way, whose answer must not close the socket.
  const open = new WeakMap<object, number>();
  app.addHook('onRequest', async (request, reply) => {
    open.set(request.raw.socket, (open.get(request.raw.socket) ?? 0) + 1);
    if (!closing) return;
    return reply
      .code(503)
      .headers({ connection: 'close', 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' })
      .type('application/json; charset=utf-8')
      .send(JSON.stringify({ detail: errorMessages.unavailable }));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    // Node drops the answers queued behind a `Connection: close` one: only the socket's last answer says close.
    if (closing && (open.get(request.raw.socket) ?? 0) <= 1) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async (request) => {
    open.set(request.raw.socket, (open.get(request.raw.socket) ?? 1) - 1);
  });
});
