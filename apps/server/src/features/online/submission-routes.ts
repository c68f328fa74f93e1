import { onlineCarrierRequestSchema, onlinePaymentRequestSchema, onlineSubmittedSchema } from '@dnx/shared';
import type { ZodApp } from '../../lib/zod-app';
import { checkedDocuments } from './documents';
import { publicCommon, submitErrors } from './route-parts';
import type { OnlineService } from './service';

/** The public page's two submissions (multipart/form-data with ALTCHA, no sign-in). */
export function submissionRoutes(app: ZodApp, service: OnlineService) {
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
}
