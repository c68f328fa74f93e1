import {
  detailErrorSchema,
  fnFormListQuerySchema,
  forPaymentFormSchema,
  idParamsSchema,
  noQuerySchema,
  pageSchema,
  paymentCancelSchema,
  paymentCreateSchema,
  paymentExportColumns,
  paymentInsuranceSchema,
  paymentListItemSchema,
  paymentListQuerySchema,
  paymentPaySchema,
  paymentPermissions,
  paymentSchema,
  paymentUpdateSchema,
  payerQuerySchema,
  payerSchema,
  publicPaymentParamsSchema,
  publicPaymentSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@dnx/shared';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { fnBatches, fnForms } from '../../db/schema';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import type { IdempotentEffect } from '../../lib/idempotency';
import { registerListExport } from '../../lib/list/list-export';
import { requestUrl } from '../../lib/list/list-query';
import { regionScope } from '../../lib/region-scope';
import { authUser } from '../../plugins/auth';
import { publicLookupLimit } from '../auth/lookup-limit';
import { formList, formSource } from '../fn/form-repository';
import { batchPricing } from './payment-repository';

const common = { tags: ['payments'], security: [{ bearer: [] }] };
const view = { access: { permissions: [paymentPermissions.view] } } as const;
const changeAccess = { permissions: [paymentPermissions.change] } as const;
// A picker over what may be many thousands of free forms: found by series and number, paged, never all at once.
const forPaymentQuerySchema = fnFormListQuerySchema.omit({ stage: true, shared: true, no_page: true });
// A Buffer is sent as it is (never serialized); the document says what it is.
const pdfSchema = z.any().meta({ description: 'The receipt, application/pdf', type: 'string', format: 'binary' });

/**
 * Fee payments (issue 13): `/api/payments/` and its transitions, the quote, the receipt, the forms free for a
 * payment, and the public check. Routes are thin: the service owns rules and transactions.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const service = app.services.payments;
  const formCaches = app.services.fn.formCaches;
  /** A payment route's answer given again from the payment it wrote, when a crash lost it (lib/idempotency.ts). */
  const paymentEffect = (status: number): IdempotentEffect => ({
    resource: 'payment',
    replay: async (request, recordId) => ({ status, body: await service.read(authUser(request), Number(recordId)) }),
  });
  const change = { access: changeAccess, idempotency: paymentEffect(200) };

  app.get(
    '/api/payments/',
    {
      config: view,
      schema: {
        operationId: 'listPayments',
        ...common,
        summary:
          'Payments, paged: filters status, owner_code, region, created_from and created_to (UTC days), ' +
          "payment_receipt_number, form_series and form_number; search over the owner's name and code and the " +
          'receipt number; a regional user sees their region',
        querystring: paymentListQuerySchema,
        response: { 200: pageSchema(paymentListItemSchema), ...signedInErrors },
      },
    },
    async (request) => service.list(authUser(request), request.query, requestUrl(request)),
  );

  registerListExport(app, {
    url: '/api/payments/',
    operationId: 'exportPayments',
    tags: common.tags,
    summary: 'Payments as CSV or Excel: every payment the list query selects, in its order',
    permissions: view.access.permissions,
    querySchema: paymentListQuerySchema,
    title: 'Ödənişlər',
    columns: paymentExportColumns,
    count: (request, query) => service.count(authUser(request), query),
    rows: (request, query) => service.stream(authUser(request), query),
  });

  app.post(
    '/api/payments/',
    {
      config: { access: { permissions: [paymentPermissions.create] }, idempotency: paymentEffect(201) },
      schema: {
        operationId: 'createPayment',
        ...common,
        summary:
          'Create a payment under review (status 1): each row uses a free active form of its region, priced by the ' +
          "server with the tariffs in force today; the forms become used. A regional user's payment is of their region",
        body: paymentCreateSchema,
        response: { 201: paymentSchema, ...signedInErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(authUser(request), request.body)),
  );

  app.post(
    '/api/payments/quote/',
    {
      config: view,
      schema: {
        operationId: 'quotePayment',
        ...common,
        summary: 'Price rows with the tariffs in force on `date` (today when absent) without saving anything',
        body: quoteRequestSchema,
        response: { 200: quoteResponseSchema, ...signedInErrors },
      },
    },
    async (request) => service.quote(request.body),
  );

  app.get(
    '/api/payments/payer/',
    {
      config: { access: { permissions: [paymentPermissions.create] } },
      schema: {
        operationId: 'getPaymentPayer',
        ...common,
        summary:
          "A new payment's payer by VÖEN: name, address and phone from the carriers' register, else from the " +
          "payer's latest payment the user may see (their region's), and the transport type most used in their " +
          'earlier payments. A VÖEN of neither 404; not 10 digits 400',
        querystring: payerQuerySchema,
        response: { 200: payerSchema, ...signedInErrors },
      },
    },
    async (request) => service.payer(authUser(request), request.query.voen),
  );

  app.get(
    '/api/payments/:id/',
    {
      config: view,
      schema: {
        operationId: 'getPayment',
        ...common,
        summary: 'One payment with its rows and their price snapshots; another region answers 404',
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: paymentSchema, ...signedInErrors },
      },
    },
    async (request) => service.read(authUser(request), request.params.id),
  );

  app.put(
    '/api/payments/:id/',
    {
      config: change,
      schema: {
        operationId: 'updatePayment',
        ...common,
        summary:
          'Edit a payment while it is under review (else 409): header and rows, priced again today; forms taken ' +
          'out are freed, forms added become used; the body carries the version read (409 stale_version)',
        params: idParamsSchema,
        body: paymentUpdateSchema,
        response: { 200: paymentSchema, ...updateErrors },
      },
    },
    async (request) => service.update(authUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/payments/:id/insurance/',
    {
      config: change,
      schema: {
        operationId: 'updatePaymentInsurance',
        ...common,
        summary:
          'Record the MDSSH and İTSDA payments alone, under review or awaiting payment (else 409): awaiting ' +
          "payment, each form's notice status follows (2 both recorded, 3 one missing); the body carries the " +
          'version read (409 stale_version)',
        params: idParamsSchema,
        body: paymentInsuranceSchema,
        response: { 200: paymentSchema, ...updateErrors },
      },
    },
    async (request) => service.insure(authUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/payments/:id/submit/',
    {
      config: change,
      schema: {
        operationId: 'submitPayment',
        ...common,
        summary:
          "1 -> 2 (awaiting payment): each form's notice status becomes 2 (MDSSH and İTSDA recorded) or 3 (one " +
          'missing); any other status 409',
        params: idParamsSchema,
        response: { 200: paymentSchema, ...signedInErrors },
      },
    },
    async (request) => service.submit(authUser(request), request.params.id),
  );

  app.post(
    '/api/payments/:id/pay/',
    {
      config: { ...change, stepUp: true },
      schema: {
        operationId: 'payPayment',
        ...common,
        summary:
          '2 -> 3 (paid): needs both insurance records and a bank receipt number never used before (400 under it) ' +
          'and its date; the forms become paid (status 4), valid from that date for the months bought. A user with a ' +
          'second factor confirms it first (403 step_up_required; POST /api/user/mfa/step-up/)',
        params: idParamsSchema,
        body: paymentPaySchema,
        response: { 200: paymentSchema, ...signedInErrors },
      },
    },
    async (request) => service.pay(authUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/payments/:id/cancel/',
    {
      config: change,
      schema: {
        operationId: 'cancelPayment',
        ...common,
        summary:
          '1 -> 4 or 2 -> 4 (cancelled) with a reason: the forms are free again (active, or shared when they have ' +
          'an inspector; status 0); a paid or cancelled payment 409',
        params: idParamsSchema,
        body: paymentCancelSchema,
        response: { 200: paymentSchema, ...signedInErrors },
      },
    },
    async (request) => service.cancel(authUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/payments/:id/receipt.pdf',
    {
      config: view,
      schema: {
        operationId: 'getPaymentReceipt',
        ...common,
        summary: 'The receipt PDF of a paid payment (with the QR code of its public check); before it is paid 409',
        params: idParamsSchema,
        querystring: noQuerySchema,
        response: { 200: pdfSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const pdf = await service.receipt(authUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="receipt-${request.params.id}.pdf"`)
        .send(pdf);
    },
  );

  app.get(
    '/api/fn/forms/for-payment/',
    {
      config: view,
      schema: {
        operationId: 'listFnFormsForPayment',
        tags: ['fn'],
        security: common.security,
        summary:
          "Forms free for a payment: active or shared, not held by a payment, of the user's region (a national " +
          'user filters by region); filters series, number, number_from, number_to, batch, region, transport_type',
        querystring: forPaymentQuerySchema,
        response: { 200: pageSchema(forPaymentFormSchema), ...signedInErrors },
      },
    },
    async (request) => {
      const page = await formList.page(
        { ...request.query, stage: undefined, shared: undefined, no_page: undefined },
        formSource(app.db),
        {
          currentUrl: requestUrl(request),
          scope: [
            regionScope(authUser(request), fnBatches.regionId),
            inArray(fnForms.stage, ['active', 'shared']),
            eq(fnForms.annulled, false),
          ].filter((c) => c !== undefined),
          caches: formCaches,
        },
      );
      const pricing = await batchPricing(
        app.db,
        page.results.map((form) => form.batch),
      );
      return { ...page, results: page.results.map((form) => ({ ...form, ...pricing.get(form.batch)! })) };
    },
  );

  app.get(
    '/api/public/payments/:code/',
    {
      ...publicLookupLimit(app.db, config),
      config: { access: 'public' },
      schema: {
        operationId: 'checkPaymentPublic',
        tags: ['public'],
        security: [],
        summary:
          'The public check of a payment by the code its receipt QR holds (no sign-in): valid or not, forms, ' +
          "plates, validity, amounts, the owner's name partly masked; a wrong code 404. Wrong codes are limited " +
          'per address (429)',
        params: publicPaymentParamsSchema,
        querystring: noQuerySchema,
        response: { 200: publicPaymentSchema, 400: detailErrorSchema, 404: detailErrorSchema, 429: detailErrorSchema },
      },
    },
    async (request) => service.publicCheck(request.params.code),
  );
};
