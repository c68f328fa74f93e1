import {
  fnBatchExportColumns,
  fnBatchSchema,
  fnBatchListQuerySchema,
  findAppRoute,
  idParamsSchema,
  noQuerySchema,
  pageSchema,
} from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { common, historySchema } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';
import type { BatchService } from './batch-service';

/** Reading batches: the list (new-fn), its export, one batch and its movements. */
export function batchListRoutes(app: ZodApp, batches: BatchService) {
  app.get(
    '/api/fn/batches/',
    {
      config: { access: { permissions: ['view_fnbatch'] } },
      schema: {
        operationId: 'listFnBatches',
        ...common,
        summary:
          'Form batches, paged: filters series, operator, region, transport_type, status, created_from and ' +
          "created_to (UTC days); search over series, operator's name and region; a regional user sees their region",
        querystring: fnBatchListQuerySchema,
        response: { 200: pageSchema(fnBatchSchema), ...signedInErrors },
      },
    },
    async (request) => batches.list(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/fn/batches/',
    operationId: 'exportFnBatches',
    tags: common.tags,
    summary: "Form batches as CSV or Excel: every batch the list query selects, in its order; a regional user's region",
    permissions: ['view_fnbatch'],
    querySchema: fnBatchListQuerySchema,
    title: findAppRoute('new-fn')!.title,
    columns: fnBatchExportColumns,
    count: (request, query) => batches.count(authUser(request), query),
    rows: (request, query) => batches.stream(authUser(request), query),
  });

  app.get(
    '/api/fn/batches/:id/',
    {
      config: { access: { permissions: ['view_fnbatch'] } },
      schema: {
        operationId: 'getFnBatch',
        ...common,
        summary: 'One batch with the count of its forms in each stage; another region answers 404',
        params: idParamsSchema,
        response: { 200: fnBatchSchema, ...signedInErrors },
      },
    },
    async (request) => batches.read(authUser(request), request.params.id),
  );

  app.get(
    '/api/fn/batches/:id/history/',
    {
      config: { access: { permissions: ['view_fnbatch'] } },
      schema: {
        operationId: 'getFnBatchHistory',
        ...common,
        summary: "A batch's movements from the ledger, oldest first",
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: historySchema, ...signedInErrors },
      },
    },
    async (request) => ({ results: await batches.history(authUser(request), request.params.id) }),
  );
}
