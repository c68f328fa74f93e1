import {
  fnReconciliationExportColumns,
  fnReconciliationQuerySchema,
  fnReconciliationSchema,
  fnReconciliationTotalsLabel,
  findAppRoute,
  listExportParamsSchema,
  type FnReconciliationLine,
} from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { exportColumnsOf, exportFileResponses, sendTable } from '../../lib/list/list-export';
import { authUser } from '../../plugins/auth';
import { reconcile } from './reconciliation';
import { common } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';

/** The reconciliation per series and operator, and its export. */
export function reconciliationRoutes(app: ZodApp) {
  app.get(
    '/api/fn/reconciliation/',
    {
      config: { access: { permissions: ['view_report'] } },
      schema: {
        operationId: 'getFnReconciliation',
        ...common,
        summary:
          'Reconciliation per series and operator: issued, new, active, shared, used, paid, expired, voided, ' +
          'annulled, whether they add up; missing numbers, strays, overlaps; forms active over 90 days and batches ' +
          'not accepted over 30 days. Filters series, operator, region, transport_type; region-scoped',
        querystring: fnReconciliationQuerySchema,
        response: { 200: fnReconciliationSchema, ...signedInErrors },
      },
    },
    async (request) => reconcile(app.db, authUser(request), request.query),
  );

  app.get(
    '/api/fn/reconciliation/export/',
    {
      compress: false,
      config: { access: { permissions: ['view_report'] } },
      schema: {
        operationId: 'exportFnReconciliation',
        ...common,
        summary:
          'The reconciliation as CSV or Excel: a line per series and operator, the totals (Cəmi) last; the same ' +
          'filters and region scope. Header X-Export-Rows: the lines the file holds',
        querystring: fnReconciliationQuerySchema.extend(listExportParamsSchema.shape),
        response: exportFileResponses('The reconciliation as CSV or xlsx'),
      },
    },
    async (request, reply) => {
      const { format, columns: names, ...query } = request.query;
      const columns = exportColumnsOf(fnReconciliationExportColumns, names);
      const { rows, totals } = await reconcile(app.db, authUser(request), query);
      const lines: FnReconciliationLine[] = [
        ...rows,
        { ...totals, series: fnReconciliationTotalsLabel, operator_name: null, region_name: null },
      ];
      const table = {
        title: findAppRoute('fn-reconciliation')!.title,
        columns,
        chunks: (async function* () {
          yield lines;
        })(),
      };
      return sendTable(request, reply, format, table, lines.length);
    },
  );
}
