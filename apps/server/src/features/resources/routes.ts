import {
  idParamsSchema,
  availableItemSchema,
  availableQuerySchema,
  deleteMultipleResponseSchema,
  deleteMultipleSchema,
  pageSchema,
  pickerRequirement,
  resourceExportColumns,
  resourceInputSchema,
  resourceRecordSchema,
  resourceUpdateSchema,
  type PermissionCode,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { resourceParts } from './parts';

export { resourceParts };
import type { ResourceSpec } from './resource-spec';
import { resourceSpecs } from './specs';

/** `route-companies` gives RouteCompanies and RouteCompany, `fn-statuses` FnStatuses and FnStatus: names of operations. */
export function operationNouns(key: string): { plural: string; singular: string } {
  const plural = key.replace(/(^|-)([a-z])/g, (_m, _dash: string, letter: string) => letter.toUpperCase());
  const singular = /ies$/.test(plural)
    ? plural.replace(/ies$/, 'y')
    : /(ss|us)es$/.test(plural)
      ? plural.replace(/es$/, '')
      : plural.replace(/s$/, '');
  return { plural, singular };
}

/** The routes of one resource, all from its declaration: list, read, create, update, delete-multiple, available. */
export function resourceRoutes(spec: ResourceSpec): FastifyPluginAsyncZod {
  const { definition } = spec;
  const path = definition.apiPath;
  const can = (action: 'view' | 'add' | 'change' | 'delete') => ({
    access: { permissions: [`${action}_${definition.permission}` as PermissionCode] },
  });
  const common = { tags: [definition.key], security: [{ bearer: [] }] };
  const { plural, singular } = operationNouns(definition.key);
  const record = resourceRecordSchema(definition);
  const input = resourceInputSchema(definition);
  const update = resourceUpdateSchema(definition);

  return async (app) => {
    const { repo, service } = resourceParts(app, spec);

    app.get(
      path,
      {
        config: can('view'),
        schema: {
          ...common,
          operationId: `list${plural}`,
          summary: `${definition.title}: page, per_page or no_page, order, order_by, search and filters`,
          querystring: repo.list.querySchema,
          response: { 200: pageSchema(record), ...signedInErrors },
        },
      },
      async (request) => service.list(request.query, requestUrl(request)),
    );

    registerListExport(app, {
      url: path,
      operationId: `export${plural}`,
      tags: common.tags,
      summary: `${definition.title} as CSV or Excel: every record the list query selects, in its order`,
      permissions: can('view').access.permissions,
      querySchema: repo.list.querySchema,
      title: definition.title,
      columns: resourceExportColumns(definition),
      count: (_request, query) => service.count(query),
      rows: (_request, query) => service.stream(query),
    });

    app.get(
      `${path}available/`,
      {
        // Names and plates only for those whose screens show this picker (shared `pickerRequirement`).
        config: { access: pickerRequirement(definition.key) },
        schema: {
          ...common,
          operationId: `listAvailable${plural}`,
          summary: `${definition.title}: the active ones as {id, name}, for pickers`,
          querystring: availableQuerySchema(definition),
          response: { 200: z.array(availableItemSchema), ...signedInErrors },
        },
      },
      async (request) => service.available(request.query),
    );

    app.get(
      `${path}:id/`,
      {
        config: can('view'),
        schema: {
          ...common,
          operationId: `get${singular}`,
          summary: `${definition.singular}: one record`,
          params: idParamsSchema,
          response: { 200: record, ...signedInErrors },
        },
      },
      async (request) => service.read(request.params.id),
    );

    app.post(
      path,
      {
        config: can('add'),
        schema: {
          ...common,
          operationId: `create${singular}`,
          summary: `${definition.singular}: create`,
          body: input,
          response: { 201: record, ...signedInErrors },
        },
      },
      async (request, reply) => reply.status(201).send(await service.create(authUser(request), request.body)),
    );

    app.put(
      `${path}:id/`,
      {
        config: can('change'),
        schema: {
          ...common,
          operationId: `update${singular}`,
          summary: `${definition.singular}: update the version read; 409 stale_version when someone saved it since`,
          params: idParamsSchema,
          body: update,
          response: { 200: record, ...updateErrors },
        },
      },
      async (request) => service.update(authUser(request), request.params.id, request.body),
    );

    app.post(
      `${path}delete-multiple/`,
      {
        config: can('delete'),
        schema: {
          ...common,
          operationId: `deleteMultiple${plural}`,
          summary: `${definition.title}: delete all of pkList or none; 409 naming what still uses them`,
          body: deleteMultipleSchema,
          response: { 200: deleteMultipleResponseSchema, ...signedInErrors },
        },
      },
      async (request) => service.deleteMany(authUser(request), request.body.pkList),
    );
  };
}

/** Every resource of the shared catalogue. */
export const allResourceRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const spec of resourceSpecs) await app.register(resourceRoutes(spec));
};
