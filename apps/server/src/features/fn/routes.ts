import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchChangeRoutes } from './batch-change-routes';
import { batchListRoutes } from './batch-list-routes';
import { checkRoutes } from './check-routes';
import { formListRoutes } from './form-list-routes';
import { formMoveRoutes } from './form-move-routes';
import { ledgerRoutes } from './ledger-routes';
import { paidFormRoutes } from './paid-form-routes';
import { reconciliationRoutes } from './reconciliation-routes';

/**
 * Strict-accountability forms under `/api/fn/`: batches, forms, the ledger (decisions.md section 3). Each resource's
 * routes are declared in a file of its own, named by what they do.
 */
export const fnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { batches, forms } = app.services.fn;
  batchListRoutes(app, batches);
  batchChangeRoutes(app, batches);
  formListRoutes(app, forms);
  formMoveRoutes(app, forms);
  paidFormRoutes(app, forms);
  checkRoutes(app, forms);
  reconciliationRoutes(app);
  ledgerRoutes(app);
};
