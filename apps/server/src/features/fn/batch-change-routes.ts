import {
  deleteMultipleResponseSchema,
  deleteMultipleSchema,
  fnBatchCreateSchema,
  fnBatchSchema,
  fnBatchUpdateSchema,
  idParamsSchema,
} from '@dnx/shared';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import { common } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';
import type { BatchService } from './batch-service';

/** Changing batches: issue one with its forms, delete, edit while all new, the operator's acceptance. */
export function batchChangeRoutes(app: ZodApp, batches: BatchService) {
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
    async (request, reply) => {
      const batch = await batches.create(authUser(request), request.body);
      app.metrics.formsIssued.inc(batch.count);
      return reply.status(201).send(batch);
    },
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
}
