import { pageSchema, paymentExportColumns, paymentListItemSchema, paymentListQuerySchema } from '@dnx/shared';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { signedInErrors } from '../../lib/api-errors';
import type { ZodApp } from '../../lib/zod-app';
import { common, view, type PaymentRoutesContext } from './route-parts';

/** The payments' list and its export (CSV, Excel). */
export function listRoutes(app: ZodApp, { service }: PaymentRoutesContext) {
  app.get(
    '/api/payments/',
    {
      config: view,
      schema: {
        operationId: 'listPayments',
        ...common,
        summary:
          'Payments, paged: filters status, owner_code, region, created_from and created_to (UTC days), ' +
          "payment_receipt_number, form_series and form_number; search over the owner's name and code and the " +
          'receipt number; a regional user sees their region',
        querystring: paymentListQuerySchema,
        response: { 200: pageSchema(paymentListItemSchema), ...signedInErrors },
      },
    },
    async (request) => service.list(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/payments/',
    operationId: 'exportPayments',
    tags: common.tags,
    summary: 'Payments as CSV or Excel: every payment the list query selects, in its order',
    permissions: view.access.permissions,
    querySchema: paymentListQuerySchema,
    title: 'Ödənişlər',
    columns: paymentExportColumns,
    count: (request, query) => service.count(authUser(request), query),
    rows: (request, query) => service.stream(authUser(request), query),
  });
}
