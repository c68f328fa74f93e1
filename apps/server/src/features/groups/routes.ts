import {
  findAppRoute,
  groupDeleteResponseSchema,
  groupExportColumns,
  groupInputSchema,
  groupSchema,
  groupUpdateSchema,
  idParamsSchema,
  pageSchema,
  permissionSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { groupList } from './repository';

const common = { tags: ['groups'], security: [{ bearer: [] }] };

/** User groups (roles) and the permission catalogue: `/api/user/groups/` and `/api/user/permissions/`. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const groups = app.services.groups;

  app.get(
    '/api/user/permissions/',
    {
      // The catalogue is what the group and user forms assign; both screens sit behind view_group.
      config: { access: { permissions: ['view_group'] } },
      schema: {
        operationId: 'listPermissions',
        ...common,
        summary: 'Every permission with its Azerbaijani name, in catalogue order',
        response: { 200: z.array(permissionSchema), ...signedInErrors },
      },
    },
    async () => groups.permissions(),
  );

  app.get(
    '/api/user/groups/',
    {
      config: { access: { permissions: ['view_group'] } },
      schema: {
        operationId: 'listGroups',
        ...common,
        summary: 'Groups, paged: filters id and name, search, order_by id or name',
        querystring: groupList.querySchema,
        response: { 200: pageSchema(groupSchema), ...signedInErrors },
      },
    },
    async (request) => groups.list(request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/user/groups/',
    operationId: 'exportGroups',
    tags: common.tags,
    summary: 'Groups as CSV or Excel: every group the list query selects, in its order',
    permissions: ['view_group'],
    querySchema: groupList.querySchema,
    title: findAppRoute('user-groups')!.title,
    columns: groupExportColumns,
    count: (_request, query) => groups.count(query),
    rows: (_request, query) => groups.stream(query),
  });

  app.get(
    '/api/user/groups/:id/',
    {
      config: { access: { permissions: ['view_group'] } },
      schema: {
        operationId: 'getGroup',
        ...common,
        summary: 'One group with its permission ids',
        params: idParamsSchema,
        response: { 200: groupSchema, ...signedInErrors },
      },
    },
    async (request) => groups.read(request.params.id),
  );

  app.post(
    '/api/user/groups/',
    {
      config: { access: { permissions: ['add_group'] }, stepUp: true },
      schema: {
        operationId: 'createGroup',
        ...common,
        summary: 'Create a group; the name is unique regardless of case',
        body: groupInputSchema,
        response: { 201: groupSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await groups.create(authUser(request), request.body)),
  );

  app.put(
    '/api/user/groups/:id/',
    {
      config: { access: { permissions: ['change_group'] }, stepUp: true },
      schema: {
        operationId: 'updateGroup',
        ...common,
        summary:
          'Rename a group and set its permissions (the version read); 409 for the six role groups and, with code ' +
          'stale_version, when someone saved it since',
        params: idParamsSchema,
        body: groupUpdateSchema,
        response: { 200: groupSchema, ...updateErrors },
      },
    },
    async (request) => groups.update(authUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/user/groups/:id/',
    {
      config: { access: { permissions: ['delete_group'] } },
      schema: {
        operationId: 'deleteGroup',
        ...common,
        summary: 'Delete a group: answers its pk; 409 for a role group or a group still given to users',
        params: idParamsSchema,
        response: { 200: groupDeleteResponseSchema, ...signedInErrors },
      },
    },
    async (request) => groups.delete(authUser(request), request.params.id),
  );
};
