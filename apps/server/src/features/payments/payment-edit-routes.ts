import {
  idParamsSchema,
  noQuerySchema,
  paymentCreateSchema,
  paymentInsuranceSchema,
  paymentPermissions,
  paymentSchema,
  paymentUpdateSchema,
  payerQuerySchema,
  payerSchema,
  quoteRequestSchema,
  quoteResponseSchema,
} from '@dnx/shared';
import { authUser } from '../../plugins/auth';
import { signedInErrors, updateErrors } from '../../lib/api-errors';
import type { ZodApp } from '../../lib/zod-app';
import { common, view, type PaymentRoutesContext } from './route-parts';

/** A payment made, priced, read and edited while it is under review; the payer found by VÖEN. */
export function editRoutes(app: ZodApp, { service, change, paymentEffect }: PaymentRoutesContext) {
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
}
