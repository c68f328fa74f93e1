import {
  detailErrorSchema,
  idParamsSchema,
  noQuerySchema,
  publicPaymentParamsSchema,
  publicPaymentSchema,
} from '@dnx/shared';
import { authUser } from '../../plugins/auth';
import { publicLookupLimit } from '../auth';
import { signedInErrors } from '../../lib/api-errors';
import type { ZodApp } from '../../lib/zod-app';
import { common, view, pdfSchema, type PaymentRoutesContext } from './route-parts';

/** A paid payment's receipt (PDF) and the public check its QR code opens. */
export function receiptRoutes(app: ZodApp, { service, config }: PaymentRoutesContext) {
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
}
