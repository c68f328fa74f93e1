import { idParamsSchema, paymentCancelSchema, paymentPaySchema, paymentSchema } from '@dnx/shared';
import { authUser } from '../../plugins/auth';
import { signedInErrors } from '../../lib/api-errors';
import type { ZodApp } from '../../lib/zod-app';
import { common, type PaymentRoutesContext } from './route-parts';

/** A payment's transitions: submitted, paid (with a step-up), cancelled. */
export function transitionRoutes(app: ZodApp, { service, change }: PaymentRoutesContext) {
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
}
