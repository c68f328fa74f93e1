import { jwksSchema } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The inspector's phone (issue 46): the published keys at `/.well-known/jwks.json` (public, cacheable), the signed
 * snapshot of the marks of the inspector's regions and the checks the phone sends back.
 */
export const inspectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { signingKeys } = app.services;

  app.get(
    '/.well-known/jwks.json',
    {
      config: { access: 'public' },
      schema: { hide: true, response: { 200: jwksSchema } },
    },
    async (_request, reply) => {
      // A phone refreshes the keys when it syncs; a retired key stays in the set through its window.
      reply.header('cache-control', 'public, max-age=300');
      return signingKeys.published();
    },
  );
};
