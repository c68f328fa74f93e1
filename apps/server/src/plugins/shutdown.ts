import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Drains on close: a response sent after close() has begun carries `Connection: close`, so a keep-alive client
 * whose request was under way lets go of its socket, and the server stops as soon as that request is answered
 * instead of waiting for the keep-alive timeout. New requests meanwhile get 503 (Fastify's return503OnClosing).
 */
export const shutdownPlugin = fp(async (app: FastifyInstance) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
});
