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
  app.addHook('onSend', async (request) => {
    if (!readMethods.has(request.method)) await feed.sync();
  });
  app.addHook('onClose', async () => feed.close());
});
