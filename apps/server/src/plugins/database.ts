import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    database: DatabaseHandle;
  }
}

/** Makes the database available to routes and closes it after the last request has drained. */
export const databasePlugin = fp<{ handle: DatabaseHandle; owned: boolean }>(
  async (app: FastifyInstance, { handle, owned }) => {
    app.decorate('db', handle.db);
    app.decorate('database', handle);
    if (owned) app.addHook('onClose', async () => handle.close());
  },
);
