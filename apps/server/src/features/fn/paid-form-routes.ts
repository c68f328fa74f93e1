import {
  fnAnnulSchema,
  fnFormListQuerySchema,
  fnFormExportColumns,
  fnFormSchema,
  fnMovedSchema,
  findAppRoute,
  pageSchema,
} from '@dnx/shared';
import { eq } from 'drizzle-orm';
import { fnForms } from '../../db/schema';
import { signedInErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { common, formFilters } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';
import type { FormService } from './form-service';

// The paid-fn list: paid forms not annulled.
const paidScope = () => [eq(fnForms.stage, 'paid'), eq(fnForms.annulled, false)];

/** The paid forms not annulled (paid-fn): the list, its export, and annulling them. */
export function paidFormRoutes(app: ZodApp, forms: FormService) {
  app.get(
    '/api/fn/paid/',
    {
      config: { access: { permissions: ['view_paid_fn'] } },
      schema: {
        operationId: 'listFnPaid',
        ...common,
        summary: `Paid forms not annulled (paid-fn), paged: ${formFilters}`,
        querystring: fnFormListQuerySchema,
        response: { 200: pageSchema(fnFormSchema), ...signedInErrors },
      },
    },
    async (request) => forms.list(authUser(request), request.query, requestUrl(request), paidScope()),
  );

  registerListExport(app, {
    url: '/api/fn/paid/',
    operationId: 'exportFnPaid',
    tags: common.tags,
    summary: 'Paid forms not annulled as CSV or Excel: every one the list query selects, in its order',
    permissions: ['view_paid_fn'],
    querySchema: fnFormListQuerySchema,
    title: findAppRoute('paid-fn')!.title,
    columns: fnFormExportColumns,
    count: (request, query) => forms.count(authUser(request), query, paidScope()),
    rows: (request, query) => forms.stream(authUser(request), query, paidScope()),
  });

  app.post(
    '/api/fn/paid/delete-multiple/',
    {
      config: { access: { permissions: ['delete_fn'] }, stepUp: true },
      schema: {
        operationId: 'deleteMultipleFnPaid',
        ...common,
        summary:
          "Annul paid forms with a reason (the spec's paid-fn soft delete; the administrator only), all or none; a " +
          'user with a second factor confirms it first (403 step_up_required)',
        body: fnAnnulSchema,
        response: { 200: fnMovedSchema, ...signedInErrors },
      },
    },
    async (request) => forms.annul(authUser(request), request.body.pkList, request.body.reason),
  );
}
