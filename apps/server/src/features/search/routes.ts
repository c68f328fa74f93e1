import { recentSearchInputSchema, recentSearchesSchema, searchAnswerSchema, searchQuerySchema } from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';

const common = { tags: ['search'], security: [{ bearer: [] }] };
const signedIn = { access: { permissions: [] } } as const;

/** Search from anywhere (issue 29): the palette's answer and the person's recent searches. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.search;

  app.get(
    '/api/search/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'search',
        summary:
          'Find by what is typed: a form (`GA 000123`), a VÖEN (carrier, tax payer, their payments), a plate (the ' +
          'automobile, payments naming it), a receipt number, a tracking code, a name (users, drivers, carriers), a ' +
          "saved view; grouped by kind, at most 5 each, only what the user's permissions and regions let them see",
        querystring: searchQuerySchema,
        response: {
          200: searchAnswerSchema.meta({
            examples: [
              {
                query: 'GA 000123',
                groups: [
                  {
                    kind: 'form',
                    label: 'Fərqlənmə nişanları',
                    results: [
                      {
                        kind: 'form',
                        id: 123,
                        title: 'GA 000123',
                        subtitle: 'Aktiv · №4 · Gəncə',
                        path: '/app/general-fn?series=GA&number=000123',
                      },
                    ],
                  },
                ],
              },
            ],
          }),
          ...signedInErrors,
        },
      },
    },
    async (request) => service.search(authUser(request), request.query.q),
  );

  app.get(
    '/api/search/recent/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'recentSearches',
        summary: "The user's last ten searches, the newest first",
        response: { 200: recentSearchesSchema, ...signedInErrors },
      },
    },
    async (request) => ({ results: await service.recent(authUser(request)) }),
  );

  app.post(
    '/api/search/recent/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'rememberSearch',
        summary: 'Keep a search the user used (opened a result of); the ten newest are kept',
        body: recentSearchInputSchema,
        response: { 200: recentSearchesSchema, ...signedInErrors },
      },
    },
    async (request) => ({ results: await service.remember(authUser(request), request.body.q) }),
  );

  app.delete(
    '/api/search/recent/',
    {
      config: signedIn,
      schema: {
        ...common,
        operationId: 'forgetSearches',
        summary: "Clear the user's recent searches",
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await service.forget(authUser(request));
      return reply.status(204).send(null);
    },
  );
};
