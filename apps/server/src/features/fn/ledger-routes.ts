import { auditVerifySchema, noQuerySchema } from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { fnLedgerChain } from './ledger';
import { common } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';

/** The forms' ledger: walking its hash chain. */
export function ledgerRoutes(app: ZodApp) {
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
}
