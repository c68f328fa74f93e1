import {
  idParamsSchema,
  listParamsSchema,
  listPreferencesInputSchema,
  listPreferencesSchema,
  noQuerySchema,
  savedViewInputSchema,
  savedViewSchema,
  savedViewsAnswerSchema,
  savedViewsQuerySchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';

// Every signed-in user keeps their own list settings and views (docs/decisions/0039-list-screens-and-saved-views.md);
// sharing is checked inside.
const signedIn = { access: { permissions: [] } } as const;
const preferences = { tags: ['list-preferences'], security: [{ bearer: [] }] };
const views = { tags: ['saved-views'], security: [{ bearer: [] }] };

/** Column settings and density per list (`/api/user/preferences/lists/{list}/`) and saved views (`/api/views/`). */
export const viewRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.views;

  app.get(
    '/api/user/preferences/lists/:list/',
    {
      config: signedIn,
      schema: {
        operationId: 'getListPreferences',
        ...preferences,
        summary:
          "Your columns (null: the list's defaults), density and default view of one list; a list never set " +
          'answers the defaults; an unknown list key is a 400 under `list`',
        params: listParamsSchema,
        querystring: noQuerySchema,
        response: { 200: listPreferencesSchema, ...signedInErrors },
      },
    },
    async (request) => service.preferences(authUser(request), request.params.list),
  );

  app.put(
    '/api/user/preferences/lists/:list/',
    {
      config: signedIn,
      schema: {
        operationId: 'updateListPreferences',
        ...preferences,
        summary:
          'Keep your columns (in order; null: the defaults) and density of one list; `default_view` (optional) makes a ' +
          'view you may open your default for the list, null none, absent unchanged',
        params: listParamsSchema,
        body: listPreferencesInputSchema,
        response: { 200: listPreferencesSchema, ...signedInErrors },
      },
    },
    async (request) => service.savePreferences(authUser(request), request.params.list, request.body),
  );

  app.get(
    '/api/views/',
    {
      config: signedIn,
      schema: {
        operationId: 'listSavedViews',
        ...views,
        summary: 'Your saved views and those shared with any of your groups, of one list (`list`) or of every list',
        querystring: savedViewsQuerySchema,
        response: { 200: savedViewsAnswerSchema, ...signedInErrors },
      },
    },
    async (request) => service.list(authUser(request), request.query.list),
  );

  app.post(
    '/api/views/',
    {
      config: signedIn,
      schema: {
        operationId: 'createSavedView',
        ...views,
        summary:
          'Save a view of a list (filters, sort and page size as the address query, columns); sharing with groups is ' +
          "an administrator's (403); a name you gave another view of the list is a 400 under `name`",
        body: savedViewInputSchema,
        response: { 201: savedViewSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(authUser(request), request.body)),
  );

  app.put(
    '/api/views/:id/',
    {
      config: signedIn,
      schema: {
        operationId: 'updateSavedView',
        ...views,
        summary: "Change one of your views (another's you may see is 403, one you cannot see 404)",
        params: idParamsSchema,
        body: savedViewInputSchema,
        response: { 200: savedViewSchema, ...signedInErrors },
      },
    },
    async (request) => service.update(authUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/views/:id/',
    {
      config: signedIn,
      schema: {
        operationId: 'deleteSavedView',
        ...views,
        summary: "Delete one of your views (another's you may see is 403, one you cannot see 404)",
        params: idParamsSchema,
        response: { 204: z.null().meta({ description: 'Deleted' }), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await service.remove(authUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
