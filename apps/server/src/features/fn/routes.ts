import {
  auditVerifySchema,
  deleteMultipleResponseSchema,
  deleteMultipleSchema,
  fnBatchCreateSchema,
  fnBatchSchema,
  fnBatchUpdateSchema,
  fnHistoryEntrySchema,
  idParamsSchema,
  noQuerySchema,
  pageSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import { createListAnchors, requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { batchList } from './batch-repository';
import { createBatchService } from './batch-service';
import { fnLedgerChain } from './ledger';

const common = { tags: ['fn'], security: [{ bearer: [] }] };
const historySchema = z.object({ results: z.array(fnHistoryEntrySchema) });

/** Strict-accountability forms under `/api/fn/`: batches, forms, the ledger (decisions.md section 3). */
export const fnRoutes: FastifyPluginAsyncZod = async (app) => {
  const batches = createBatchService(app.db, createListAnchors(app.changes, ['fn_batches', 'fn_forms']));

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
        querystring: batchList.querySchema,
        response: { 200: pageSchema(fnBatchSchema), ...signedInErrors },
      },
    },
    async (request) => batches.list(authUser(request), request.query, requestUrl(request)),
  );

  app.post(
    '/api/fn/batches/',
    {
      config: { access: { permissions: ['add_fnbatch'] } },
      schema: {
        operationId: 'createFnBatch',
        ...common,
        summary:
          'Issue a batch: its forms (stage new) are created with it; a range meeting another batch of the series is ' +
          'a 400 on start_number naming that batch',
        body: fnBatchCreateSchema,
        response: { 201: fnBatchSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await batches.create(authUser(request), request.body)),
  );

  app.post(
    '/api/fn/batches/delete-multiple/',
    {
      config: { access: { permissions: ['delete_fnbatch'] } },
      schema: {
        operationId: 'deleteMultipleFnBatches',
        ...common,
        summary: 'Delete batches whose forms are all still new, all or none (409 saying how many moved on)',
        body: deleteMultipleSchema,
        response: { 200: deleteMultipleResponseSchema, ...signedInErrors },
      },
    },
    async (request) => batches.deleteMany(authUser(request), request.body.pkList),
  );

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

  app.put(
    '/api/fn/batches/:id/',
    {
      config: { access: { permissions: ['change_fnbatch'] } },
      schema: {
        operationId: 'updateFnBatch',
        ...common,
        summary:
          'Edit a batch while every form of it is new (else 409 saying how many moved on); the body carries the ' +
          'version read (409 stale_version)',
        params: idParamsSchema,
        body: fnBatchUpdateSchema,
        response: { 200: fnBatchSchema, ...updateErrors },
      },
    },
    async (request) => batches.update(authUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/fn/batches/:id/accept/',
    {
      config: { access: { permissions: ['view_fnbatch'] } },
      schema: {
        operationId: 'acceptFnBatch',
        ...common,
        summary:
          "The batch's operator accepts it: its new forms become active (status 0); accepting again does nothing",
        params: idParamsSchema,
        response: { 200: fnBatchSchema, ...signedInErrors },
      },
    },
    async (request) => batches.accept(authUser(request), request.params.id),
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

  app.get(
    '/api/fn/ledger/verify/',
    {
      config: { access: { permissions: ['view_auditlog'] } },
      schema: {
        operationId: 'verifyFnLedger',
        ...common,
        summary: "Walk the hash chain of the forms' ledger: {ok, rows, first_broken_id}",
        querystring: noQuerySchema,
        response: { 200: auditVerifySchema, ...signedInErrors },
      },
    },
    async () => fnLedgerChain.verify(app.db),
  );
};
