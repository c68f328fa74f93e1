import multipart from '@fastify/multipart';
import {
  detailErrorSchema,
  fieldErrorsSchema,
  findAppRoute,
  formatMoney,
  idParamsSchema,
  noQuerySchema,
  onlineCarrierExportColumns,
  onlineCarrierListItemSchema,
  onlineCarrierListQuerySchema,
  onlineCarrierRequestSchema,
  onlineCarrierSchema,
  onlinePaymentExportColumns,
  onlinePaymentListItemSchema,
  onlinePaymentListQuerySchema,
  onlinePaymentRequestSchema,
  onlinePaymentSchema,
  onlinePermissions,
  onlineRejectSchema,
  onlineStatusLabel,
  onlineStatusQuerySchema,
  onlineStatusSchema,
  onlineSubmittedSchema,
  pageSchema,
  paymentPermissions,
} from '@dnx/shared';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { regions, transportTypes } from '../../db/schema';
import { signedInErrors } from '../../lib/api-errors';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { authUser } from '../../plugins/auth';
import { startPdf } from '../payments';
import { publicLookupLimit } from '../auth';
import { checkedDocuments, multipartLimits, receiveFilePart } from './documents';

const publicCommon = { tags: ['online'], security: [] };
const staffCommon = { tags: ['online'], security: [{ bearer: [] }] };
const throttledError = { 429: detailErrorSchema };
const submitErrors = { 400: fieldErrorsSchema, ...throttledError };
const decided = { 404: detailErrorSchema, 409: detailErrorSchema };
const binary = (description: string) => z.any().meta({ description, type: 'string', format: 'binary' });
const pickSchema = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string() })) });
const transportPickSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), fee_group: z.string() })),
});

/** A download's Content-Disposition: an ASCII fallback and the UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7E]/g, '_')
    .replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Online requests (issue 14): the public page's API (two multipart submissions with ALTCHA, the status, the two
 * lists its selects need) and the staff's review (online-carrier, online-payment, documents, the summary PDF).
 */
export const onlineRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  // Multipart is parsed here only: fields as text, files read into memory up to 5 MB each (documents.ts).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    onFile: receiveFilePart,
    limits: multipartLimits,
    // A file over the limit is cut there and refused by checkedDocuments under its field (400), not as a 413.
    throwFileSizeLimit: false,
  });
  const service = app.services.online;

  app.post(
    '/api/public/online/carriers/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'submitOnlineCarrier',
        ...publicCommon,
        summary:
          'A carrier asks to be registered (multipart/form-data, no sign-in): its data, the ALTCHA payload as ' +
          'gtoken, the documents; answers the tracking code, also sent by e-mail. Rate limited per address',
        consumes: ['multipart/form-data'],
        body: onlineCarrierRequestSchema,
        response: { 201: onlineSubmittedSchema, ...submitErrors },
      },
    },
    async (request, reply) => {
      const documents = await checkedDocuments(request.body as Record<string, unknown>);
      const { code, status, detail } = await service.submitCarrier(request.body, documents, request.ip);
      return reply.status(201).send({ code, status, detail });
    },
  );

  app.post(
    '/api/public/online/payments/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'submitOnlinePayment',
        ...publicCommon,
        summary:
          'A carrier asks for marks for one or more vehicles (multipart/form-data, no sign-in): the owner as in a ' +
          "payment's header with owner_region, vehicles as JSON text, gtoken, the documents; answers the tracking code",
        consumes: ['multipart/form-data'],
        body: onlinePaymentRequestSchema,
        response: { 201: onlineSubmittedSchema, ...submitErrors },
      },
    },
    async (request, reply) => {
      const documents = await checkedDocuments(request.body as Record<string, unknown>);
      const { code, status, detail } = await service.submitPayment(request.body, documents, request.ip);
      return reply.status(201).send({ code, status, detail });
    },
  );

  app.get(
    '/api/public/online/status/',
    {
      ...publicLookupLimit(app.db, config),
      config: { access: 'public' },
      schema: {
        operationId: 'onlineRequestStatus',
        ...publicCommon,
        summary:
          "A request's status by its tracking code and the VÖEN it was sent with (both must match, else 404); once " +
          'a payment is made of it, the amount to pay and its rows. Wrong look-ups are limited per address (429)',
        querystring: onlineStatusQuerySchema,
        response: { 200: onlineStatusSchema, 400: fieldErrorsSchema, 404: detailErrorSchema, ...throttledError },
      },
    },
    async (request) => service.status(request.query.code, request.query.voen),
  );

  app.get(
    '/api/public/online/regions/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'onlineRegions',
        ...publicCommon,
        summary: "The regions a request may name (the public page's select)",
        querystring: noQuerySchema,
        response: { 200: pickSchema },
      },
    },
    async () => ({
      data: await app.db.select({ id: regions.id, name: regions.name }).from(regions).orderBy(asc(regions.name)),
    }),
  );

  app.get(
    '/api/public/online/transport-types/',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'onlineTransportTypes',
        ...publicCommon,
        summary: "The transport types a vehicle may name, with their fee group (the public page's select)",
        querystring: noQuerySchema,
        response: { 200: transportPickSchema },
      },
    },
    async () => ({
      data: await app.db
        .select({ id: transportTypes.id, name: transportTypes.name, fee_group: transportTypes.feeGroup })
        .from(transportTypes)
        .orderBy(asc(transportTypes.name)),
    }),
  );

  // The staff's review.
  const carrierView = { access: { permissions: [onlinePermissions.carrier.view] } } as const;
  const carrierChange = {
    access: { permissions: [onlinePermissions.carrier.view, onlinePermissions.carrier.change] },
    idempotency: true,
  } as const;
  const paymentView = { access: { permissions: [onlinePermissions.payment.view] } } as const;
  const paymentChange = {
    access: { permissions: [onlinePermissions.payment.view, onlinePermissions.payment.change] },
    idempotency: true,
  } as const;

  app.get(
    '/api/online-carriers/',
    {
      config: carrierView,
      schema: {
        operationId: 'listOnlineCarriers',
        ...staffCommon,
        summary:
          "Carriers' registrations, paged: filters status (1 new, 2 approved, 3 rejected), region, voen; search " +
          'over name, VÖEN, e-mail and code; a regional user sees their region',
        querystring: onlineCarrierListQuerySchema,
        response: { 200: pageSchema(onlineCarrierListItemSchema), ...signedInErrors },
      },
    },
    async (request) => service.listCarriers(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/online-carriers/',
    operationId: 'exportOnlineCarriers',
    tags: staffCommon.tags,
    summary: "Carriers' registrations as CSV or Excel: every one the list query selects, in its order",
    permissions: carrierView.access.permissions,
    querySchema: onlineCarrierListQuerySchema,
    title: findAppRoute('online-carrier')!.title,
    columns: onlineCarrierExportColumns,
    count: (request, query) => service.countCarriers(authUser(request), query),
    rows: (request, query) => service.streamCarriers(authUser(request), query),
  });

  app.get(
    '/api/online-carriers/:id/',
    {
      config: carrierView,
      schema: {
        operationId: 'getOnlineCarrier',
        ...staffCommon,
        summary: 'A registration with its documents and, when a carrier has its VÖEN, what approving would change',
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: onlineCarrierSchema, ...signedInErrors, 404: detailErrorSchema },
      },
    },
    async (request) => service.readCarrier(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-carriers/:id/approve/',
    {
      config: carrierChange,
      schema: {
        operationId: 'approveOnlineCarrier',
        ...staffCommon,
        summary:
          'Approve a new registration: creates the carrier, or updates the one with its VÖEN; the carrier is told ' +
          'by e-mail. A decided one 409',
        params: idParamsSchema,
        body: z.object({}).optional(),
        response: { 200: onlineCarrierSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.approveCarrier(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-carriers/:id/reject/',
    {
      config: carrierChange,
      schema: {
        operationId: 'rejectOnlineCarrier',
        ...staffCommon,
        summary: 'Reject a new registration with a reason, told to the carrier by e-mail. A decided one 409',
        params: idParamsSchema,
        body: onlineRejectSchema,
        response: { 200: onlineCarrierSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.rejectCarrier(authUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/online-payments/',
    {
      config: paymentView,
      schema: {
        operationId: 'listOnlinePayments',
        ...staffCommon,
        summary:
          'Requests for marks, paged: filters status (1 new, 2 accepted, 3 rejected), region, owner_code; search ' +
          "over the owner's name, VÖEN, e-mail and the code; a regional user sees their region",
        querystring: onlinePaymentListQuerySchema,
        response: { 200: pageSchema(onlinePaymentListItemSchema), ...signedInErrors },
      },
    },
    async (request) => service.listPayments(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/online-payments/',
    operationId: 'exportOnlinePayments',
    tags: staffCommon.tags,
    summary: 'Requests for marks as CSV or Excel: every one the list query selects, in its order',
    permissions: paymentView.access.permissions,
    querySchema: onlinePaymentListQuerySchema,
    title: findAppRoute('online-payment')!.title,
    columns: onlinePaymentExportColumns,
    count: (request, query) => service.countPayments(authUser(request), query),
    rows: (request, query) => service.streamPayments(authUser(request), query),
  });

  app.get(
    '/api/online-payments/:id/',
    {
      config: paymentView,
      schema: {
        operationId: 'getOnlinePayment',
        ...staffCommon,
        summary: "A request for marks with its documents and each vehicle's registry lookups (asked as it is opened)",
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: onlinePaymentSchema, ...signedInErrors, 404: detailErrorSchema },
      },
    },
    async (request) => service.readPayment(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-payments/:id/accept/',
    {
      config: {
        ...paymentChange,
        access: { permissions: [...paymentChange.access.permissions, paymentPermissions.create] },
      },
      schema: {
        operationId: 'acceptOnlinePayment',
        ...staffCommon,
        summary:
          'Accept a new request: a payment under review (status 1) with a row per vehicle on the next free form of ' +
          'its transport type and months in the region, priced, linked both ways; the carrier is told by e-mail. ' +
          'A decided one 409, as is a vehicle with no free form',
        params: idParamsSchema,
        body: z.object({}).optional(),
        response: { 200: onlinePaymentSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.acceptPayment(authUser(request), request.params.id),
  );

  app.post(
    '/api/online-payments/:id/reject/',
    {
      config: paymentChange,
      schema: {
        operationId: 'rejectOnlinePayment',
        ...staffCommon,
        summary: 'Reject a new request with a reason, told to the carrier by e-mail. A decided one 409',
        params: idParamsSchema,
        body: onlineRejectSchema,
        response: { 200: onlinePaymentSchema, ...signedInErrors, ...decided },
      },
    },
    async (request) => service.rejectPayment(authUser(request), request.params.id, request.body.reason),
  );

  app.get(
    '/api/online-payments/:id/summary/',
    {
      config: paymentView,
      schema: {
        operationId: 'onlinePaymentSummary',
        ...staffCommon,
        summary: "The request's printable summary (owner, region, vehicles, amount), application/pdf",
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: binary('The summary, application/pdf'), ...signedInErrors, 404: detailErrorSchema },
      },
    },
    async (request, reply) => {
      const { request: online, total } = await service.summaryOf(authUser(request), request.params.id);
      const { doc, finished, line } = startPdf(`Onlayn müraciət ${online.code}`);
      doc.font('bold').fontSize(14).text('Onlayn müraciət: fərqlənmə nişanları', { align: 'center' });
      doc.moveDown(1);
      line('İzləmə kodu', online.code);
      line('Vəziyyət', onlineStatusLabel('payment', online.status));
      line('Sahib', `${online.owner_name} (VÖEN ${online.owner_code})`);
      if (online.owner_address) line('Ünvan', online.owner_address);
      line('Telefon', online.owner_phone);
      line('Region', online.region_name);
      doc.moveDown(0.6);
      doc.font('bold').fontSize(11).text('Nəqliyyat vasitələri');
      online.vehicles.forEach((v, i) => {
        doc
          .font('regular')
          .fontSize(10)
          .text(
            `${i + 1}. ${v.plate}${v.brand_model ? `, ${v.brand_model}` : ''}; yerlər: ${v.seats_count}; ` +
              `yük: ${v.load_carrying_capacity} t; ${v.months} ay${v.driver_full_name ? `; sürücü: ${v.driver_full_name}` : ''}`,
          );
      });
      doc.moveDown(0.6);
      line('Ödəniləcək məbləğ', total === null ? 'ödəniş hələ hazırlanmayıb' : formatMoney(total));
      doc.end();
      return reply
        .type('application/pdf')
        .header('content-disposition', disposition('inline', `online-${online.code}.pdf`))
        .send(await finished);
    },
  );

  app.get(
    '/api/online-files/:id/',
    {
      config: { access: { anyOf: [onlinePermissions.carrier.view, onlinePermissions.payment.view] } },
      schema: {
        operationId: 'getOnlineFile',
        ...staffCommon,
        summary:
          "A request's document, to staff who may see the request (its screen's permission and region; 404 " +
          'otherwise), with the type its content showed and its name as an attachment',
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: {
          200: binary('The document: application/pdf, image/jpeg or image/png'),
          ...signedInErrors,
          404: detailErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await service.file(authUser(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', disposition('attachment', file.name))
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
