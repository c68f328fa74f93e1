import { PassThrough } from 'node:stream';
import {
  detailErrorSchema,
  generalReportQuerySchema,
  generalReportSchema,
  idParamsSchema,
  noQuerySchema,
  reportExportQuerySchema,
  reportQuerySchema,
  reportSchema,
  reportSubscriptionInputSchema,
  reportSubscriptionLimit,
  reportSubscriptionSchema,
  statisticsSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { authUser } from '../../plugins/auth';
import { printedFilters, renderReportPdf, writeReportXlsx } from './export';
import { countDetailRows, detailRows, periodOf } from './report-repository';
import { createSubscription, deleteSubscription, listSubscriptions } from './subscriptions';

const common = { tags: ['reports'], security: [{ bearer: [] }] };
const view = { access: { permissions: ['view_report'] } } as const;
const signedIn = { access: { permissions: [] } } as const;
const binary = (description: string) => z.any().meta({ description, type: 'string', format: 'binary' });
const filterNote =
  'filters date_from, date_to (UTC days, inclusive), region, operator, transport_type, form_status (0-4, as the ' +
  'forms list reads it), payment_status (1-4; none: 3, the payments made), validity (months); a regional user ' +
  'sees their region';

/**
 * Reports (issue 16): the report form, the general report, the home statistics and the report's files. Reports and
 * files read from REPORTS_DATABASE_URL (a read replica) when it is set; the statistics are the lists' own counts,
 * read where the lists read.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { reports, reportsDb, statistics } = app.services;

  app.get(
    '/api/reports/',
    {
      config: view,
      schema: {
        operationId: 'getReport',
        ...common,
        summary:
          'The report form: forms issued, active, shared, paid, expired, voided, and payments with their tax, MDSSH ' +
          `and İTSDA, grouped by group_by (region, operator, transport_type or month) with totals; ${filterNote}`,
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...signedInErrors },
      },
    },
    async (request) => reports.report(authUser(request), request.query),
  );

  app.get(
    '/api/reports/general/',
    {
      config: view,
      schema: {
        operationId: 'getGeneralReport',
        ...common,
        summary:
          'The general report: the figures per region and transport type for a period, per region, per transport ' +
          'type, and month by month, with totals',
        querystring: generalReportQuerySchema,
        response: { 200: generalReportSchema, ...signedInErrors },
      },
    },
    async (request) => reports.general(authUser(request), request.query),
  );

  app.get(
    '/api/reports/statistics/',
    {
      config: signedIn,
      schema: {
        operationId: 'getStatistics',
        ...common,
        summary:
          "The signed-in user's home numbers by role; each is the count of the list its link opens, with the " +
          "user's scope",
        querystring: noQuerySchema,
        response: { 200: statisticsSchema, ...signedInErrors },
      },
    },
    async (request) => statistics(authUser(request)),
  );

  app.get(
    '/api/reports/subscriptions/',
    {
      config: view,
      schema: {
        operationId: 'listReportSubscriptions',
        ...common,
        summary: "The user's report subscriptions: each mailed as Excel on the 1st of every month, of the month before",
        querystring: noQuerySchema,
        response: { 200: z.array(reportSubscriptionSchema), ...signedInErrors },
      },
    },
    async (request) => listSubscriptions(app.db, authUser(request)),
  );

  app.post(
    '/api/reports/subscriptions/',
    {
      config: view,
      schema: {
        operationId: 'createReportSubscription',
        ...common,
        summary:
          `Subscribe to the report of these filters and grouping (no period: each mail is of the month before); ` +
          `at most ${reportSubscriptionLimit} per user (400); the same filters twice 409`,
        body: reportSubscriptionInputSchema,
        response: { 201: reportSubscriptionSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await createSubscription(app.db, authUser(request), request.body)),
  );

  app.delete(
    '/api/reports/subscriptions/:id/',
    {
      config: view,
      schema: {
        operationId: 'deleteReportSubscription',
        ...common,
        summary: "End one of the user's report subscriptions; another user's is 404",
        params: idParamsSchema,
        response: { 204: z.null().meta({ description: 'Ended' }), ...signedInErrors },
      },
    },
    async (request, reply) => {
      await deleteSubscription(app.db, authUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/reports/export/',
    {
      // xlsx and pdf are compressed already: gzip would spend CPU and buffer the stream for nothing.
      compress: false,
      config: view,
      schema: {
        operationId: 'exportReport',
        ...common,
        summary:
          'The report as a file: xlsx (the result with the filters, and a sheet of every form it counts, streamed) ' +
          `or pdf (the result with the filters). Header X-Report-Rows: the rows the file lists; ${filterNote}`,
        querystring: reportExportQuerySchema,
        response: { 200: binary('The report, xlsx or pdf'), ...signedInErrors, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const actor = authUser(request);
      // Under the exports' limit (issue 40), as the lists' exports.
      app.workSlots.exports.hold(request, reply);
      const { format, ...query } = request.query;
      const { group_by: _groupBy, ...filters } = query;
      const report = await reports.report(actor, query);
      const printed = await printedFilters(reportsDb, report, filters);
      const stamp = report.date_to;
      if (format === 'pdf') {
        const pdf = await renderReportPdf(report, printed);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="hesabat-${stamp}.pdf"`)
          .header('x-report-rows', String(report.rows.length))
          .send(pdf);
      }
      const period = periodOf(filters);
      const rows = await countDetailRows(reportsDb, actor, filters, period);
      const out = new PassThrough();
      writeReportXlsx(out, report, printed, detailRows(reportsDb, actor, filters, period)).catch((err: unknown) => {
        request.log.error({ err }, 'report export failed while streaming');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="hesabat-${stamp}.xlsx"`)
        .header('x-report-rows', String(rows))
        .send(out);
    },
  );
};
