import {
  auditVerifySchema,
  deleteMultipleResponseSchema,
  deleteMultipleSchema,
  fnBatchCreateSchema,
  fnBatchExportColumns,
  fnBatchSchema,
  fnBatchUpdateSchema,
  fnAnnulSchema,
  fnBatchListQuerySchema,
  fnFormListQuerySchema,
  fnCheckQuerySchema,
  fnCheckSchema,
  fnFormExportColumns,
  fnFormSchema,
  fnHistoryEntrySchema,
  fnMovedSchema,
  fnReconciliationExportColumns,
  fnReconciliationQuerySchema,
  fnReconciliationSchema,
  fnReconciliationTotalsLabel,
  fnShareSchema,
  fnVoidSchema,
  findAppRoute,
  idParamsSchema,
  listExportParamsSchema,
  noQuerySchema,
  pageSchema,
  type FnReconciliationLine,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { fnForms } from '../../db/schema';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import { exportColumnsOf, exportFileResponses, registerListExport, sendTable } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { fnLedgerChain } from './ledger';
import { reconcile } from './reconciliation';

const common = { tags: ['fn'], security: [{ bearer: [] }] };
// Keyset pages only: no page numbers, no whole list (the assign window pages through what is left to share).
const activeNotSharedQuerySchema = fnFormListQuerySchema.omit({ page: true, no_page: true });
const historySchema = z.object({ results: z.array(fnHistoryEntrySchema) });
// The paid-fn list: paid forms not annulled.
const paidScope = () => [eq(fnForms.stage, 'paid'), eq(fnForms.annulled, false)];

/** Strict-accountability forms under `/api/fn/`: batches, forms, the ledger (decisions.md section 3). */
export const fnRoutes: FastifyPluginAsyncZod = async (app) => {
  const { batches, forms } = app.services.fn;
  const formFilters =
    'filters stage, status (as of today: a paid form past its validity is 1), series, number, number_from, ' +
    'number_to, batch, operator, inspector, region, transport_type, shared; a regional user sees their region';

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

  app.post(
    '/api/fn/forms/share/',
    {
      config: { access: { permissions: ['change_fn'] } },
      schema: {
        operationId: 'shareFnForms',
        ...common,
        summary:
          'Share active forms to an inspector (C) of their region: {inspector, forms} or {inspector, series, ' +
          'number_from, number_to}; all or none (409 when some are not active)',
        body: fnShareSchema,
        response: { 200: fnMovedSchema, ...signedInErrors },
      },
    },
    async (request) => forms.share(authUser(request), request.body),
  );

  app.post(
    '/api/fn/forms/unshare/',
    {
      config: { access: { permissions: ['change_fn'] } },
      schema: {
        operationId: 'unshareFnForms',
        ...common,
        summary: 'Take forms back from the inspector they are shared to (same bodies as share); all or none',
        body: fnShareSchema,
        response: { 200: fnMovedSchema, ...signedInErrors },
      },
    },
    async (request) => forms.unshare(authUser(request), request.body),
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

  app.post(
    '/api/fn/forms/:id/void/',
    {
      config: { access: { permissions: ['change_fn'] } },
      schema: {
        operationId: 'voidFnForm',
        ...common,
        summary: 'Void a spoiled, lost or stolen form with a reason (new, active or shared); it is never deleted',
        params: idParamsSchema,
        body: fnVoidSchema,
        response: { 200: fnFormSchema, ...signedInErrors },
      },
    },
    async (request) => forms.void(authUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/fn/forms/:id/history/',
    {
      config: { access: { permissions: ['view_general_fn'] } },
      schema: {
        operationId: 'getFnFormHistory',
        ...common,
        summary: "A form's movements from the ledger, oldest first",
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: historySchema, ...signedInErrors },
      },
    },
    async (request) => ({ results: await forms.history(authUser(request), request.params.id) }),
  );

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

  app.get(
    '/api/fn/check/',
    {
      config: { access: { permissions: ['check_fn'] } },
      schema: {
        operationId: 'checkFn',
        ...common,
        summary:
          'check-fn: a mark by series and number, of any region: status (as of today), validity, stage, holder; ' +
          'a number never issued answers 404 saying so',
        querystring: fnCheckQuerySchema,
        response: { 200: fnCheckSchema, ...signedInErrors },
      },
    },
    async (request) => forms.check(request.query.series, request.query.number),
  );

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
