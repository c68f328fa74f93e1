import {
  detailErrorSchema,
  errorMessages,
  findAppRoute,
  idParamsSchema,
  mailExportColumns,
  mailItemSchema,
  mailMessages,
  pageSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInErrors } from '../../lib/api-errors';
import { HttpError } from '../../lib/http-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { retryMail } from './outbox';
import { mailList, mailSource, readMail } from './repository';

const common = { tags: ['mail'], security: [{ bearer: [] }] };
// The administrators' (those who read the audit trail): who was mailed what is personal data.
const access = { access: { permissions: ['view_auditlog'] } } as const;

/** The mail outbox for administrators: every mail with its state, and a retry of one that could not be sent. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/mail-outbox/',
    {
      config: access,
      schema: {
        operationId: 'listMails',
        ...common,
        summary:
          'Mails of the outbox: filters status (pending, sent, failed) and kind; search over recipient ' +
          'and subject. Never a body',
        querystring: mailList.querySchema,
        response: { 200: pageSchema(mailItemSchema), ...signedInErrors },
      },
    },
    async (request) => mailList.page(request.query, mailSource(app.db), { currentUrl: requestUrl(request) }),
  );

  registerListExport(app, {
    url: '/api/mail-outbox/',
    operationId: 'exportMails',
    tags: common.tags,
    summary: 'Mails of the outbox as CSV or Excel: every mail the list query selects, in its order. Never a body',
    permissions: access.access.permissions,
    querySchema: mailList.querySchema,
    title: findAppRoute('mail-outbox')!.title,
    columns: mailExportColumns,
    count: (_request, query) => mailList.count(query, mailSource(app.db)),
    rows: (_request, query) => mailList.stream(query, mailSource(app.db)),
  });

  app.post(
    '/api/mail-outbox/:id/retry/',
    {
      config: access,
      schema: {
        operationId: 'retryMail',
        ...common,
        summary: 'Send a failed mail again (due now, its attempts counted afresh); another mail 409',
        params: idParamsSchema,
        response: { 200: mailItemSchema, ...signedInErrors, 404: detailErrorSchema, 409: detailErrorSchema },
      },
    },
    async (request) => {
      if (!(await readMail(app.db, request.params.id))) throw new HttpError(404, { detail: errorMessages.notFound });
      if (!(await retryMail(app.db, request.params.id))) throw new HttpError(409, { detail: mailMessages.notFailed });
      app.mailer.sender.poke();
      return (await readMail(app.db, request.params.id))!;
    },
  );
};
