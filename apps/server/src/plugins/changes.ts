import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createChangeFeed, type ChangeFeed } from '../lib/change-feed';

declare module 'fastify' {
  interface FastifyInstance {
    changes: ChangeFeed;
  }
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The database's change feed for the caches of this process. A request that may have written answers only once
 * its changes have reached the feed, so whoever wrote reads their own write next, whichever cache it passes.
 */
export const changesPlugin = fp(async (app: FastifyInstance) => {
  const feed = await createChangeFeed(app.database);
  app.decorate('changes', feed);
  // Another process's write announces itself (NOTIFY at its commit) before its writer answers, so its notice is
  // already in this process's socket when a request that follows that answer arrives. When both come in one turn of
  // the event loop, the request could be served from the caches before the notice is read: waiting one turn
  // (setImmediate runs after every input of the turn) lets the notice land first.
  app.addHook('onRequest', (_request, _reply, done) => {
    setImmediate(done);
  });
  app.addHook('onSend', async (request) => {
    if (!readMethods.has(request.method)) await feed.sync();
  });
  app.addHook('onClose', async () => feed.close());
});
