import {
  busRouteCreateSchema,
  busRouteDeleteResultSchema,
  busRouteExportColumns,
  busRouteHistorySchema,
  busRouteListItemSchema,
  busRouteListQuerySchema,
  busRouteReadQuerySchema,
  busRouteSchema,
  busRouteUpdateSchema,
  deleteMultipleSchema,
  detailErrorSchema,
  findAppRoute,
  idParamsSchema,
  noQuerySchema,
  pageSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';

const common = { tags: ['bus-routes'], security: [{ bearer: [] }] };
const view = { access: { permissions: ['view_busroute'] } } as const;
const notFoundError = { 404: detailErrorSchema };

/** Bus routes (issue 15): the list, the form's reads and writes, the history and the reads as of a date. */
export const busRouteRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.busRoutes;

  app.get(
    '/api/bus-routes/',
    {
      config: view,
      schema: {
        operationId: 'listBusRoutes',
        ...common,
        summary:
          'Bus routes, paged: filters region, city, transport_type, company, status (1 or 0); search over name and ' +
          'number; a regional user sees their region',
        querystring: busRouteListQuerySchema,
        response: { 200: pageSchema(busRouteListItemSchema), ...signedInErrors },
      },
    },
    async (request) => service.list(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/bus-routes/',
    operationId: 'exportBusRoutes',
    tags: common.tags,
    summary: "Bus routes as CSV or Excel: every route the list query selects, in its order; a regional user's region",
    permissions: view.access.permissions,
    querySchema: busRouteListQuerySchema,
    title: findAppRoute('bus-routes')!.title,
    columns: busRouteExportColumns,
    count: (request, query) => service.count(authUser(request), query),
    rows: (request, query) => service.stream(authUser(request), query),
  });

  app.post(
    '/api/bus-routes/',
    {
      config: { access: { permissions: ['add_busroute'] } },
      schema: {
        operationId: 'createBusRoute',
        ...common,
        summary:
          'Create a route with its companies and ordered stops (a regional user: in their region); its number is ' +
          "unique among the region's active routes. The history's first entry is written with it",
        body: busRouteCreateSchema,
        response: { 201: busRouteSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(authUser(request), request.body)),
  );

  app.get(
    '/api/bus-routes/:id/',
    {
      config: view,
      schema: {
        operationId: 'getBusRoute',
        ...common,
        summary:
          'A route with its companies and stops; with as_of=yyyy-mm-dd, as it was at the end of that day (Baku), ' +
          'from its history (404 before it existed)',
        params: idParamsSchema,
        querystring: busRouteReadQuerySchema,
        response: { 200: busRouteSchema, ...signedInErrors, ...notFoundError },
      },
    },
    async (request) =>
      request.query.as_of
        ? service.readAsOf(authUser(request), request.params.id, request.query.as_of)
        : service.read(authUser(request), request.params.id),
  );

  app.put(
    '/api/bus-routes/:id/',
    {
      config: { access: { permissions: ['view_busroute', 'change_busroute'] } },
      schema: {
        operationId: 'updateBusRoute',
        ...common,
        summary:
          'Edit a route as a whole (fields, companies, stops in order) with the version read (409 when stale); each ' +
          'changed field goes to its history, before and after',
        params: idParamsSchema,
        body: busRouteUpdateSchema,
        response: { 200: busRouteSchema, ...updateErrors },
      },
    },
    async (request) => service.update(authUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/bus-routes/delete-multiple/',
    {
      config: { access: { permissions: ['delete_busroute'] } },
      schema: {
        operationId: 'deleteBusRoutes',
        ...common,
        summary:
          'Delete routes (all or nothing; an id outside the scope 404): a route a payment row of its region names ' +
          'is deactivated instead, and listed apart',
        body: deleteMultipleSchema,
        response: { 200: busRouteDeleteResultSchema, ...signedInErrors, ...notFoundError },
      },
    },
    async (request) => service.deleteMany(authUser(request), request.body.pkList),
  );

  app.get(
    '/api/bus-routes/:id/history/',
    {
      config: view,
      schema: {
        operationId: 'getBusRouteHistory',
        ...common,
        summary: "A route's changes, newest first: who, when, and each changed field before and after",
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: busRouteHistorySchema, ...signedInErrors, ...notFoundError },
      },
    },
    async (request) => service.history(authUser(request), request.params.id),
  );
};
