import {
  bankBulkConfirmResultSchema,
  bankBulkConfirmSchema,
  bankDifferenceExportColumns,
  bankDifferenceKinds,
  bankDifferenceSchema,
  bankEntriesQuerySchema,
  bankEntryExportColumns,
  bankEntryResolveSchema,
  bankReconciliationQuerySchema,
  bankReconciliationSchema,
  bankEntrySchema,
  bankStatementFormats,
  bankStatementImportSchema,
  bankStatementMaxBytes,
  bankStatementMessages as m,
  bankStatementSchema,
  bankSuggestionsQuerySchema,
  bankSuggestionsSchema,
  detailErrorSchema,
  findAppRoute,
  idParamsSchema,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { HttpError } from '../../lib/http-errors';
import { registerListExport } from '../../lib/list/list-export';
import { acceptUploads, uploadedFile } from '../../lib/uploads/upload';
import { authUser } from '../../plugins/auth';
import { cleanFileName } from '../online';
import { demoStatementFile } from './demo-files';
import { bankRuleRoutes } from './rule-routes';

const common = { tags: ['bank-statements'], security: [{ bearer: [] }] };
const viewing = { access: { permissions: ['view_bankstatement'] } } as const;
const importing = { access: { permissions: ['add_bankstatement'] } } as const;
const resolving = { access: { permissions: ['change_bankstatement'] } } as const;
const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
const differencesQuery = pageQuery.extend({ kind: z.enum(bankDifferenceKinds).optional() });

const demoFileTypes = {
  camt053: 'application/xml; charset=utf-8',
  mt940: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

/** One entry, its suggestions and a person's resolution; bulk confirm of a statement's suggestions (issue 57). */
function entryRoutes(app: Parameters<FastifyPluginAsyncZod>[0]) {
  const service = app.services.bankStatements;
  app.post(
    '/api/bank-statements/entries/:id/resolve/',
    {
      config: resolving,
      schema: {
        ...common,
        operationId: 'resolveBankEntry',
        summary:
          'Resolve a credit, with a reason (audited): `link` it to a paid payment (`payment_id`; another amount ' +
          'leaves it amount_differs) or to several whose totals add up to it (`payment_ids`, a combined transfer); ' +
          '`link_part`: it pays a part of what the payment still lacks (a payment takes several credits up to its ' +
          'total); `not_ours`; `accept_difference` of an amount_differs credit (then matched, accepted_difference ' +
          'kept); `undo` its links or resolution (open again; the payments undone are never linked to it ' +
          'automatically again); `reject` a suggestion (`payment_id`, the reason optional). A link teaches the ' +
          "payer's account for the payment's VÖEN. 409 when it is matched or resolved by a person already (also " +
          'when another person resolved it at the same moment), is a debit, the payment is credited by another ' +
          'credit, there is no difference to accept or nothing to undo; 400 when the payments do not add up or a ' +
          'part is more than the payment lacks',
        params: idParamsSchema,
        body: bankEntryResolveSchema,
        response: { 200: bankEntrySchema, ...signedInErrors },
      },
    },
    async (request) => service.resolve(authUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/bank-statements/entries/:id/detail/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'getBankEntry',
        summary: 'One entry with its texts, match state and links with their evidence. 404 for no entry',
        params: idParamsSchema,
        response: { 200: bankEntrySchema, ...signedInErrors },
      },
    },
    async (request) => service.entry(request.params.id),
  );

  app.get(
    '/api/bank-statements/entries/:id/suggestions/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'listBankEntrySuggestions',
        summary:
          "A credit's ranked suggestions, best first (at most 10), each with its kind, score (0-100), what " +
          'confirming it does (link, link_part or null), the residual a part leaves and its evidence (field, text, ' +
          'payer rule, amount, days apart); a receipt credited already is `paid_twice`, naming the first credit. ' +
          'With `q`: the paid payments a search by receipt, VÖEN, payer name or amount finds, at any date. 404 ' +
          'for no entry',
        params: idParamsSchema,
        querystring: bankSuggestionsQuerySchema,
        response: { 200: bankSuggestionsSchema, ...signedInErrors },
      },
    },
    async (request) => service.suggestions(request.params.id, request.query.q),
  );

  app.post(
    '/api/bank-statements/:id/confirm-suggestions/',
    {
      config: resolving,
      schema: {
        ...common,
        operationId: 'confirmBankSuggestions',
        summary:
          "Bulk confirm: each open credit's best suggestion (of the statement's first 500 open credits), when it " +
          "is a whole link of the credit's amount at or above `min_score`, alone at the top and no other " +
          "credit's best: each a person's link with the reason, audited. 404 for no statement",
        params: idParamsSchema,
        body: bankBulkConfirmSchema,
        response: { 200: bankBulkConfirmResultSchema, ...signedInErrors },
      },
    },
    async (request) => service.confirmSuggestions(authUser(request), request.params.id, request.body),
  );
}

/**
 * Bank statements (issue 48): the upload (camt.053, MT940 or the documented CSV, by content), the statements, a
 * statement's entries with their match state, the open differences, a person's resolution of an entry.
 */
export const bankStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app, {
    maxBytes: bankStatementMaxBytes,
    fields: 2,
    fileName: (sent) => cleanFileName(sent, 'statement'),
  });
  const service = app.services.bankStatements;

  app.post(
    '/api/bank-statements/',
    {
      config: importing,
      // Uploads share the imports' slots (issue 40): per process and per user.
      onRequest: async (request, reply) => app.workSlots.imports.hold(request, reply),
      schema: {
        ...common,
        operationId: 'importBankStatement',
        summary:
          'Upload a bank statement (multipart `file`: camt.053 .02/.08, MT940 or the documented CSV, by content; 20 MB ' +
          'and 100,000 entries at most): read within caps, its arithmetic checked, its credits matched to paid ' +
          'payments, in one transaction. 201 new; 200 when the same statement (account, number or sequence, period) ' +
          'was imported before, in these bytes or others (nothing changes); 409 when a statement of that identity ' +
          'was imported with other money; 400 for an entry or balance in another currency, a second file part or a ' +
          'body cut short. Only booked entries are kept; texts at most 140 characters. 429 while uploads are at ' +
          'their limit',
        consumes: ['multipart/form-data'],
        body: z.object({
          file: z
            .unknown()
            .meta({ type: 'string', format: 'binary', description: 'The statement file (20 MB at most)' }),
        }),
        response: {
          200: bankStatementImportSchema,
          201: bankStatementImportSchema,
          ...signedInErrors,
          429: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const upload = uploadedFile(request.body, { required: m.fileRequired, tooLarge: m.fileTooLarge });
      const result = await service.importFile(authUser(request), upload.name, upload.data);
      return reply.status(result.already_imported ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/bank-statements/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'listBankStatements',
        summary: 'The statements imported, the newest first, with their credits counted by match state',
        querystring: pageQuery,
        response: {
          200: z.object({ count: z.number().int(), results: z.array(bankStatementSchema) }),
          ...signedInErrors,
        },
      },
    },
    async (request) => service.list(request.query.page, request.query.per_page),
  );

  app.get(
    '/api/bank-statements/differences/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'listBankDifferences',
        summary:
          'The open differences across statements, the oldest first: credits whose amount differs, without a ' +
          'payment, or contested, and paid payments without a credit after the grace (BANK_NO_CREDIT_GRACE_DAYS)',
        querystring: differencesQuery,
        response: {
          200: z.object({ count: z.number().int(), results: z.array(bankDifferenceSchema) }),
          ...signedInErrors,
        },
      },
    },
    async (request) => service.differences(request.query),
  );

  registerListExport(app, {
    url: '/api/bank-statements/differences/',
    operationId: 'exportBankDifferences',
    tags: common.tags,
    summary: 'The open differences as CSV or Excel: every one the filter (`kind`) selects, the oldest first',
    permissions: viewing.access.permissions,
    querySchema: differencesQuery,
    title: `${findAppRoute('bank-statements')!.title} - fərqlər`,
    columns: bankDifferenceExportColumns,
    count: (_request, query) => service.differencesExport.count(query.kind),
    rows: (_request, query) => service.differencesExport.rows(query.kind),
  });

  app.get(
    '/api/bank-statements/reconciliation/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'getBankReconciliation',
        summary:
          "The money side of the forms' reconciliation: per day of the receipt and region, the paid payments' sum " +
          '(the register), the sum of the credits linked to them (the bank) and the difference, exact decimals. ' +
          'Period date_from..date_to (none: the last 31 days to today; at most 366 days), optionally one region',
        querystring: bankReconciliationQuerySchema,
        response: { 200: bankReconciliationSchema, ...signedInErrors },
      },
    },
    async (request) => service.reconciliation(request.query),
  );

  app.get(
    '/api/bank-statements/demo-file/',
    {
      config: importing,
      schema: {
        ...common,
        operationId: 'getDemoBankStatementFile',
        summary:
          "The demo's statement of a format (camt053, mt940, csv) as its file, to upload by hand: the very file the " +
          'seed imported (uploading it answers already_imported), with a difference of each kind. 404 without the demo',
        querystring: z.object({ format: z.enum(bankStatementFormats) }),
        response: {
          200: z.any().meta({ description: 'The statement file', type: 'string', format: 'binary' }),
          ...signedInErrors,
        },
      },
    },
    async (request, reply) => {
      const file = await demoStatementFile(app.db, request.query.format);
      if (!file) throw new HttpError(404, { detail: m.noDemo });
      return reply
        .header('content-type', demoFileTypes[request.query.format])
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.content);
    },
  );

  app.get(
    '/api/bank-statements/:id/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'getBankStatement',
        summary: 'A statement with its credits counted by match state',
        params: idParamsSchema,
        response: { 200: bankStatementSchema, ...signedInErrors },
      },
    },
    async (request) => service.statement(request.params.id),
  );

  app.get(
    '/api/bank-statements/:id/entries/',
    {
      config: viewing,
      schema: {
        ...common,
        operationId: 'listBankStatementEntries',
        summary: "A statement's entries in its order, each with its match state; filtered by state and direction",
        params: idParamsSchema,
        querystring: bankEntriesQuerySchema,
        response: { 200: z.object({ count: z.number().int(), results: z.array(bankEntrySchema) }), ...signedInErrors },
      },
    },
    async (request) => service.entries(request.params.id, request.query),
  );

  const statementOf = (request: { params: unknown }) => (request.params as z.infer<typeof idParamsSchema>).id;
  registerListExport(app, {
    url: '/api/bank-statements/:id/entries/',
    operationId: 'exportBankStatementEntries',
    tags: common.tags,
    summary:
      "A statement's entries as CSV or Excel: every one the filters (`match_state`, `direction`) select, in the " +
      "statement's order, a debit's amount negative. 404 for no statement",
    permissions: viewing.access.permissions,
    params: idParamsSchema,
    querySchema: bankEntriesQuerySchema,
    title: `${findAppRoute('bank-statements')!.title} - əməliyyatlar`,
    columns: bankEntryExportColumns,
    count: (request, query) => service.entriesExport.count(statementOf(request), query),
    rows: (request, query) => service.entriesExport.rows(statementOf(request), query),
  });

  entryRoutes(app);
  await app.register(bankRuleRoutes);
};
