import {
  detailErrorSchema,
  idParamsSchema,
  importCreateSchema,
  importMaxBytes,
  importMessages as m,
  importResourceSchema,
  importRowSchema,
  importRowsQuerySchema,
  importSchema,
  openingBalancesKind,
  importTitle,
  openingColumns,
  type ExportColumn,
} from '@dnx/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../../lib/api-errors';
import { exportFileResponses, sendTable } from '../../lib/list/list-export';
import { acceptUploads, uploadedFile } from '../../lib/uploads/upload';
import { authUser } from '../../plugins/auth';
import { cleanFileName } from '../online';
import { busRouteTemplate } from './bus-routes';
import { resourceTemplate } from './checker';
import type { TemplateColumn } from './importer';

const common = { tags: ['imports'], security: [{ bearer: [] }] };
const access = { access: { permissions: ['import_data'] } } as const;
const conflictError = { 409: z.object({ detail: z.string() }) };

/**
 * Imports for administrators (issue 28): upload (multipart) -> a check on the job queue -> the preview (counts and
 * rows by outcome) -> apply, all or nothing; the rows in error as a file to fix; each list's template.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptUploads(app, {
    maxBytes: importMaxBytes,
    fields: 5,
    fileName: (sent) => cleanFileName(sent, 'import'),
  });
  const service = app.services.imports;

  app.post(
    '/api/imports/',
    {
      config: access,
      // Before the file is taken in: uploads at once per process and per user are limited (issue 40).
      onRequest: async (request, reply) => app.workSlots.imports.hold(request, reply),
      schema: {
        ...common,
        operationId: 'createImport',
        summary:
          'Upload a file for a list (multipart: `resource`, `file`: .xlsx or UTF-8 .csv, 20 MB and 100,000 rows at ' +
          'most): the import, queued for its check (follow it at GET /api/imports/{id}/). 429 with Retry-After while ' +
          "the user's imports not yet checked, or the uploads the server takes in at once, are at their limit",
        consumes: ['multipart/form-data'],
        body: importCreateSchema,
        response: { 201: importSchema, ...signedInErrors, 429: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const upload = uploadedFile(request.body, { required: m.fileRequired, tooLarge: m.fileTooLarge });
      const created = await service.create(authUser(request), request.body.resource, upload.name, upload.data);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/api/imports/',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'listImports',
        summary: 'The imports, the newest first: who, when, the file, the list, the status and the counts',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          per_page: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: z.object({ count: z.number().int(), results: z.array(importSchema) }), ...signedInErrors },
      },
    },
    async (request) => service.list(request.query.page, request.query.per_page),
  );

  app.get(
    '/api/imports/templates/:resource.xlsx',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'importTemplate',
        summary: "A list's template: its columns (Azerbaijani headers) and one example row",
        params: z.object({ resource: importResourceSchema }),
        response: exportFileResponses('The template, .xlsx'),
      },
    },
    async (request, reply) => {
      const { resource } = request.params;
      const columns: TemplateColumn[] =
        resource === openingBalancesKind
          ? [...openingColumns]
          : resource === 'bus-routes'
            ? busRouteTemplate
            : resourceTemplate(resource);
      const title = importTitle(resource);
      type Column = (typeof columns)[number];
      const chunks = (async function* () {
        yield [columns];
      })();
      return sendTable(
        request,
        reply,
        'xlsx',
        {
          title: `${title} (şablon)`,
          columns: columns.map((column, i) => ({
            header: column.label,
            value: (row: Column[]) => row[i]!.example,
            width: 22,
          })),
          chunks,
        },
        1,
      );
    },
  );

  app.get(
    '/api/imports/:id/',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'getImport',
        summary: 'An import of the user: its status, progress and counts by outcome',
        params: idParamsSchema,
        response: { 200: importSchema, ...signedInErrors },
      },
    },
    async (request) => service.read(request.params.id, authUser(request).id),
  );

  app.get(
    '/api/imports/:id/rows/',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'listImportRows',
        summary: "The import's checked rows in the file's order, by outcome (new, changed, unchanged, error), paged",
        params: idParamsSchema,
        querystring: importRowsQuerySchema,
        response: { 200: z.object({ count: z.number().int(), results: z.array(importRowSchema) }), ...signedInErrors },
      },
    },
    async (request) => service.rows(request.params.id, authUser(request).id, request.query),
  );

  app.post(
    '/api/imports/:id/apply/',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'applyImport',
        summary:
          'Apply a checked import: every new and changed row written in one transaction, audited with the import, or ' +
          'none (queued; follow the status). 409 while it is checked, when rows are in error, or when applied already',
        params: idParamsSchema,
        response: { 202: importSchema, ...signedInErrors, ...conflictError },
      },
    },
    async (request, reply) => reply.status(202).send(await service.apply(request.params.id, authUser(request))),
  );

  app.get(
    '/api/imports/:id/errors.xlsx',
    {
      config: access,
      schema: {
        ...common,
        operationId: 'importErrors',
        summary: "The rows in error with the file's own columns and the messages: to fix and upload again",
        params: idParamsSchema,
        response: exportFileResponses('The rows in error, .xlsx'),
      },
    },
    async (request, reply) => {
      const { header, rows } = await service.errorRows(request.params.id, authUser(request).id);
      type Row = (typeof rows)[number];
      const columns: ExportColumn<Row>[] = [
        ...header.map((title, i) => ({ header: title, value: (row: Row) => row.cells[i] ?? '', width: 20 })),
        { header: 'Sətir', value: (row: Row) => row.row, width: 8 },
        { header: 'Səhv', value: (row: Row) => Object.values(row.errors).flat().join(' '), width: 60 },
      ];
      const chunks = (async function* () {
        yield rows;
      })();
      return sendTable(request, reply, 'xlsx', { title: 'İdxal səhvləri', columns, chunks }, rows.length);
    },
  );
};
