import { PassThrough } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import {
  chooseExportColumns,
  detailErrorSchema,
  listExportMessages,
  listExportParamsSchema,
  type ExportColumn,
  type ExportColumns,
  type ListExportFormat,
  type PermissionCode,
} from '@dnx/shared';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInErrors } from '../api-errors';
import { bakuDay } from '../days';
import { HttpError } from '../http-errors';
import type { Gate } from '../../plugins/work-slots';
import { exportFileName, writeTable, type TableToWrite } from '../spreadsheet/table-writer';

/**
 * `GET {list}export/?format=csv|xlsx&columns=…&<the list's filters, search and order>`: every row the list's query
 * selects (within the user's scope), streamed as a file while it is read by keyset (`defineList(...).stream`).
 * Header `X-Export-Rows`: how many rows the file holds, for the screen's progress. One route per list, all alike.
 */

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A list's query schema without its paging: what an export of it reads. */
const withoutPaging = <Q extends z.ZodObject>(schema: Q) =>
  schema
    // Those of the paging keys the list has (zod refuses to omit a key a schema does not have).
    .omit(
      Object.fromEntries(
        ['page', 'per_page', 'no_page', 'cursor'].filter((key) => key in schema.shape).map((key) => [key, true]),
      ) as never,
    )
    .extend(listExportParamsSchema.shape);

export interface ListExport<Q extends z.ZodObject, Row> {
  /** The list's own path; the export answers at `${url}export/`. */
  url: string;
  operationId: string;
  tags: string[];
  summary: string;
  /** The permissions the list asks. */
  permissions: readonly PermissionCode[];
  /** The list's query schema (page, per_page, no_page and cursor are dropped). */
  querySchema: Q;
  /** The path's parameters, when the list's path has any (`/api/things/:id/parts/`). */
  params?: z.ZodObject;
  /** Names the file and its sheet. */
  title: string;
  columns: ExportColumns<Row>;
  count: (request: FastifyRequest, query: z.infer<Q>) => Promise<number>;
  rows: (request: FastifyRequest, query: z.infer<Q>) => AsyncIterable<Row[]>;
}

export function registerListExport<Q extends z.ZodObject, Row>(app: ZodApp, options: ListExport<Q, Row>) {
  const allowed = Object.keys(options.columns);
  app.get(
    `${options.url}export/`,
    {
      // xlsx is compressed already, and a CSV comes piece by piece: neither is buffered for gzip.
      compress: false,
      config: { access: { permissions: [...options.permissions] } },
      schema: {
        operationId: options.operationId,
        tags: options.tags,
        security: [{ bearer: [] }],
        summary: `${options.summary}. Columns: ${allowed.join(', ')}. Header X-Export-Rows: the rows the file holds`,
        querystring: withoutPaging(options.querySchema),
        ...(options.params ? { params: options.params } : {}),
        response: exportFileResponses('The list as CSV or xlsx'),
      },
    },
    async (request, reply) => {
      const { format, columns: names, ...rest } = request.query as { format: ListExportFormat; columns?: string };
      const query = rest as unknown as z.infer<Q>;
      const columns = exportColumnsOf(options.columns, names);
      // The slot first (issue 56): an export past the limit is refused before it reads anything.
      app.workSlots.exports.hold(request, reply);
      const count = await app.workSlots.exportReads.run(() => options.count(request, query));
      return sendTable(
        request,
        reply,
        format,
        { title: options.title, columns, chunks: options.rows(request, query) },
        count,
      );
    },
  );
}

/** The columns `columns=` names (all by default), in its order; a 400 on `columns` when it names an unknown one. */
export function exportColumnsOf<Row>(columns: ExportColumns<Row>, names: string | undefined): ExportColumn<Row>[] {
  const chosen = chooseExportColumns(columns, names);
  if (!chosen) throw new HttpError(400, { columns: [listExportMessages.columnsUnknown(Object.keys(columns))] });
  return chosen.map(([, column]) => column);
}

/** The answers of an export route: the file, the errors of any signed-in call, or 429 past the exports' limit. */
export const exportFileResponses = (description: string) => ({
  200: z.any().meta({ description, type: 'string', format: 'binary' }),
  ...signedInErrors,
  429: detailErrorSchema,
});

/**
 * Answers with `table` written as a file while its rows are read: its type, its name (the title and today's day in
 * Baku, as `filename` in ASCII and `filename*` in UTF-8) and `X-Export-Rows` (`rows`, how many the file holds).
 * The file is written under the exports' limit (issue 40): beyond the user's or the process's, 429. Its reads of the
 * database take turns under `EXPORTS_DB_CONNECTIONS` (their own share of the pool), and the event loop is yielded
 * between chunks (issue 56), so the exports never starve the other requests.
 */
export function sendTable<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ListExportFormat,
  table: TableToWrite<Row>,
  rows: number,
) {
  request.server.workSlots.exports.hold(request, reply);
  const out = new PassThrough();
  const gated = { ...table, chunks: takingTurns(table.chunks, request.server.workSlots.exportReads) };
  writeTable(out, format, gated).catch((err: unknown) => {
    request.log.error({ err }, 'export failed while streaming');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  const name = exportFileName(table.title, format, bakuDay());
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '_');
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : xlsxType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-export-rows', String(rows))
    .send(out);
}

/** The chunks of `chunks`, each read under `gate`, the event loop yielded after each (a chunk is written then). */
async function* takingTurns<Row>(chunks: AsyncIterable<Row[]>, gate: Gate): AsyncGenerator<Row[]> {
  const iterator = chunks[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await gate.run(() => iterator.next());
      if (next.done) return;
      yield next.value;
      await setImmediate();
    }
  } finally {
    // The reader went away: the keyset walk ends too.
    await iterator.return?.();
  }
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
