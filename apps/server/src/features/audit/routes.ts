import {
  auditEntrySchema,
  auditExportColumns,
  auditVerifySchema,
  findAppRoute,
  noQuerySchema,
  pageSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { auditList } from './repository';

const common = { tags: ['audit'], security: [{ bearer: [] }] };
const access = { access: { permissions: ['view_auditlog'] } } as const;

/** The audit trail, read only: the list with its filters, and the check of its hash chain. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const audit = app.services.audit;

  app.get(
    '/api/audit/',
    {
      config: access,
      schema: {
        operationId: 'listAuditEntries',
        ...common,
        summary:
          'The audit trail, paged: filters actor, action, resource, record_id, result, ip, date_from and date_to ' +
          "(UTC days, inclusive); search over the actor's or tried e-mail and the object's name",
        querystring: auditList.querySchema,
        response: { 200: pageSchema(auditEntrySchema), ...signedInErrors },
      },
    },
    async (request) => audit.list(request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/audit/',
    operationId: 'exportAuditEntries',
    tags: common.tags,
    summary: 'The audit trail as CSV or Excel: every entry the list query selects, in its order',
    permissions: access.access.permissions,
    querySchema: auditList.querySchema,
    title: findAppRoute('audit-log')!.title,
    columns: auditExportColumns,
    count: (_request, query) => audit.count(query),
    rows: (_request, query) => audit.stream(query),
  });

  app.get(
    '/api/audit/verify/',
    {
      config: access,
      schema: {
        operationId: 'verifyAuditChain',
        ...common,
        summary: 'Walk the hash chain of the audit trail: {ok, rows, first_broken_id}',
        querystring: noQuerySchema,
        response: { 200: auditVerifySchema, ...signedInErrors },
      },
    },
    async () => audit.verify(),
  );
};
