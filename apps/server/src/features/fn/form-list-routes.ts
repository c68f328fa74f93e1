import {
  fnFormListQuerySchema,
  fnFormExportColumns,
  fnFormSchema,
  findAppRoute,
  idParamsSchema,
  pageSchema,
} from '@dnx/shared';
import { signedInErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { common, formFilters, formHistoryQuerySchema, formHistorySchema } from './route-parts';
import type { ZodApp } from '../../lib/zod-app';
import type { FormService } from './form-service';

// Keyset pages only: no page numbers, no whole list (the assign window pages through what is left to share).
const activeNotSharedQuerySchema = fnFormListQuerySchema.omit({ page: true, no_page: true });

/** Reading forms: every form (general-fn) and its export, the active forms shared to nobody, one form and its movements. */
export function formListRoutes(app: ZodApp, forms: FormService) {
  app.get(
    '/api/fn/forms/',
    {
      config: { access: { permissions: ['view_general_fn'] } },
      schema: {
        operationId: 'listFnForms',
        ...common,
        summary: `Every form (general-fn), paged: ${formFilters}`,
        querystring: fnFormListQuerySchema,
        response: { 200: pageSchema(fnFormSchema), ...signedInErrors },
      },
    },
    async (request) => forms.list(authUser(request), request.query, requestUrl(request)),
  );

  // One table for every form list; each screen asks for the columns it shows.
  registerListExport(app, {
    url: '/api/fn/forms/',
    operationId: 'exportFnForms',
    tags: common.tags,
    summary: "Forms as CSV or Excel: every form the list query selects, in its order; a regional user's region",
    permissions: ['view_general_fn'],
    querySchema: fnFormListQuerySchema,
    title: findAppRoute('general-fn')!.title,
    columns: fnFormExportColumns,
    count: (request, query) => forms.count(authUser(request), query),
    rows: (request, query) => forms.stream(authUser(request), query),
  });

  app.get(
    '/api/fn/forms/active-not-shared/',
    {
      config: { access: { permissions: ['view_active_fn'] } },
      schema: {
        operationId: 'listFnFormsActiveNotShared',
        ...common,
        summary:
          'Active forms shared to nobody, by keyset pages: next and previous links carry a cursor (cursor=first ' +
          `when none is given), stable while others write; ${formFilters}`,
        querystring: activeNotSharedQuerySchema,
        response: { 200: pageSchema(fnFormSchema), ...signedInErrors },
      },
    },
    async (request) => forms.activeNotShared(authUser(request), request.query, requestUrl(request)),
  );

  app.get(
    '/api/fn/forms/:id/',
    {
      config: { access: { permissions: ['view_general_fn'] } },
      schema: {
        operationId: 'getFnForm',
        ...common,
        summary: 'One form; another region answers 404',
        params: idParamsSchema,
        response: { 200: fnFormSchema, ...signedInErrors },
      },
    },
    async (request) => forms.read(authUser(request), request.params.id),
  );

  app.get(
    '/api/fn/forms/:id/history/',
    {
      config: { access: { permissions: ['view_general_fn'] } },
      schema: {
        operationId: 'getFnFormHistory',
        ...common,
        summary:
          "A form's movements from the ledger with the inspectors' checks among them, oldest first, paged " +
          '(`page`; `per_page` up to 100, the default): {count, next, previous, results}',
        params: idParamsSchema,
        querystring: formHistoryQuerySchema,
        response: { 200: formHistorySchema, ...signedInErrors },
      },
    },
    async (request) =>
      forms.history(authUser(request), request.params.id, {
        page: request.query.page,
        perPage: request.query.per_page,
        currentUrl: requestUrl(request),
      }),
  );
}
